import { Link as AriaLink } from 'react-aria-components';
import { messages } from '../../../domain/messages.ts';
import type { User } from '../../../domain/user.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { drawerAvatar, drawerEmail, drawerLink, drawerList, drawerPerson } from './Header.css.ts';
import { fullNameOf, initialsOf } from './personName.ts';

export interface UserDrawerPanelProps {
  /** The navigation's accessible name, the same as the trigger's ("Menu utente {Nome Cognome}"). */
  label: string;
  user: User;
  organizationPath: string | null;
  isAdmin: boolean;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  onLogout(): void;
}

/** The drawer itself (loaded on intent by `UserDrawer`): a side dialog with the person and their links. */
export function UserDrawerPanel({ label, user, organizationPath, isAdmin, isOpen, onOpenChange, onLogout }: UserDrawerPanelProps) {
  const close = () => onOpenChange(false);
  const links = [
    { href: '/account', text: messages.menu.account },
    ...(organizationPath === null ? [] : [{ href: organizationPath, text: messages.menu.yourOrganization }]),
    ...(isAdmin ? [{ href: '/admin-panel', text: messages.menu.adminPanel }] : []),
  ];

  return (
    <Dialog title={messages.header.drawerTitle} isOpen={isOpen} onOpenChange={onOpenChange} placement="side">
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
  );
}
