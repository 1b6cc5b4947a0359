import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { User } from '../../../domain/user.ts';
import { menuTrigger } from './Header.css.ts';

interface UserDrawerProps {
  /** The trigger's accessible name, the same as the wide menu's ("Menu utente {Nome Cognome}"). */
  label: string;
  trigger: ReactNode;
  user: User;
  organizationPath: string | null;
  isAdmin: boolean;
  onLogout(): void;
}

const loadPanel = () => import('./UserDrawerPanel.tsx');
const UserDrawerPanel = lazy(() => loadPanel().then((module) => ({ default: module.UserDrawerPanel })));

/**
 * The narrow-screen menu: a drawer from the side, focus trapped, closed by Esc, Chiudi or a choice. The drawer
 * (react-aria's modal) is downloaded on intent — a touch, the pointer or the focus on the button — and, once
 * opened, stays mounted so that it can close as a modal does and give the focus back to the button.
 */
export function UserDrawer({ label, trigger, user, organizationPath, isAdmin, onLogout }: UserDrawerProps) {
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const preload = () => void loadPanel();

  return (
    <>
      <button
        type="button"
        aria-label={label}
        className={menuTrigger}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        data-pressed={isOpen || undefined}
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        {trigger}
      </button>
      {wasOpened ? (
        <Suspense fallback={null}>
          <UserDrawerPanel
            label={label}
            user={user}
            organizationPath={organizationPath}
            isAdmin={isAdmin}
            isOpen={isOpen}
            onOpenChange={setOpen}
            onLogout={onLogout}
          />
        </Suspense>
      ) : null}
    </>
  );
}
