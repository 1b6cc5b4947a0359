import type { User } from '../../../domain/user.ts';
import { messages } from '../../../domain/messages.ts';
import type { HomePath } from '../../../machines/auth/selectors.ts';
import { Link } from '../../ui/Link.tsx';
import { Menu, MenuItem } from '../../ui/Menu.tsx';
import { avatar, brand, brandMark, header, inner, menuTrigger, personName } from './Header.css.ts';
import { fullNameOf, initialsOf } from './personName.ts';

export interface HeaderProps {
  user: User;
  homePath: HomePath;
  /** /your-organization/{id}; null hides the entry (admins, people without an organisation). */
  organizationPath: string | null;
  isAdmin: boolean;
  onLogout(): void;
}

/** Spec §2, Header (authenticated only): platform name linking home, the person, their menu. */
export function Header({ user, homePath, organizationPath, isAdmin, onLogout }: HeaderProps) {
  const fullName = fullNameOf(user);
  return (
    <header className={header}>
      <div className={inner}>
        <Link to={homePath} className={brand}>
          <img src="/favicon.svg" alt="" className={brandMark} />
          {messages.layout.platformName}
        </Link>
        <Menu
          label={`${messages.menu.userMenu} ${fullName}`}
          triggerClassName={menuTrigger}
          trigger={
            <>
              <span className={avatar} aria-hidden="true">
                {initialsOf(user)}
              </span>
              <span className={personName}>{fullName}</span>
            </>
          }
        >
          <MenuItem id="account" href="/account">
            {messages.menu.account}
          </MenuItem>
          {organizationPath === null ? null : (
            <MenuItem id="organization" href={organizationPath}>
              {messages.menu.yourOrganization}
            </MenuItem>
          )}
          {isAdmin ? (
            <MenuItem id="admin-panel" href="/admin-panel">
              {messages.menu.adminPanel}
            </MenuItem>
          ) : null}
          <MenuItem id="logout" onAction={onLogout}>
            {messages.menu.logout}
          </MenuItem>
        </Menu>
      </div>
    </header>
  );
}
