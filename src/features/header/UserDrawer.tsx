import { useState, type ReactNode } from 'react';
import { Button as AriaButton, Link as AriaLink } from 'react-aria-components';
import { messages } from '../../../domain/messages.ts';
import type { User } from '../../../domain/user.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { drawerAvatar, drawerEmail, drawerLink, drawerList, drawerPerson, menuTrigger } from './Header.css.ts';
import { fullNameOf, initialsOf } from './personName.ts';

interface UserDrawerProps {
  /** The trigger's accessible name, the same as the wide menu's ("Menu utente {Nome Cognome}"). */
  label: string;
  trigger: ReactNode;
  user: User;
  organizationPath: string | null;
  isAdmin: boolean;
  onLogout(): void;
}

/** The narrow-screen menu: a drawer from the side, focus trapped, closed by Esc, Chiudi or a choice. */
export function UserDrawer({ label, trigger, user, organizationPath, isAdmin, onLogout }: UserDrawerProps) {
  const [isOpen, setOpen] = useState(false);
  const close = () => setOpen(false);
  const links = [
    { href: '/account', text: messages.menu.account },
    ...(organizationPath === null ? [] : [{ href: organizationPath, text: messages.menu.yourOrganization }]),
    ...(isAdmin ? [{ href: '/admin-panel', text: messages.menu.adminPanel }] : []),
  ];

  return (
    <>
      <AriaButton aria-label={label} className={menuTrigger} onPress={() => setOpen(true)} aria-haspopup="dialog" aria-expanded={isOpen}>
        {trigger}
      </AriaButton>
      <Dialog title={messages.header.drawerTitle} isOpen={isOpen} onOpenChange={setOpen} placement="side">
        <div className={drawerPerson}>
          <span className={drawerAvatar} aria-hidden="true">
            {initialsOf(user)}
          </span>
          <span>
            <strong>{fullNameOf(user)}</strong>
            <span className={drawerEmail}>{user.email}</span>
          </span>
        </div>
        <nav aria-label={label}>
          <ul className={drawerList}>
            {links.map((link) => (
              <li key={link.href}>
                <AriaLink href={link.href} className={drawerLink} onPress={close}>
                  {link.text}
                </AriaLink>
              </li>
            ))}
          </ul>
        </nav>
        <Button
          variant="secondary"
          onPress={() => {
            close();
            onLogout();
          }}
        >
          {messages.menu.logout}
        </Button>
      </Dialog>
    </>
  );
}
