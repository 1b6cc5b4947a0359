import type { User } from '../../../domain/user.ts';
import { messages } from '../../../domain/messages.ts';
import type { HomePath } from '../../../machines/auth/selectors.ts';
import { breakpoints } from '../../../styles/theme.css.ts';
import { Menu } from '../../ui/Menu.tsx';
import type { MenuEntry } from '../../ui/menuEntry.ts';
import { avatar, header, inner, menuTrigger, personName } from './Header.css.ts';
import { HeaderLogos } from './HeaderLogos.tsx';
import { fullNameOf, initialsOf } from './personName.ts';
import { useMediaQuery } from './useMediaQuery.ts';
import { UserDrawer } from './UserDrawer.tsx';

export interface HeaderProps {
  user: User;
  homePath: HomePath;
  /** /your-organization/{id}; null hides the entry (admins, people without an organisation). */
  organizationPath: string | null;
  isAdmin: boolean;
  onLogout(): void;
}

/**
 * Spec §2, Header (authenticated only): the logos leading home, the person, their menu. Below the
 * 51 em breakpoint the menu becomes a side drawer, which has room for large touch targets.
 */
export function Header({ user, homePath, organizationPath, isAdmin, onLogout }: HeaderProps) {
  const fullName = fullNameOf(user);
  const isWide = useMediaQuery(breakpoints.wide);
  const label = `${messages.menu.userMenu} ${fullName}`;
  const items: MenuEntry[] = [
    { id: 'account', label: messages.menu.account, href: '/account' },
    ...(organizationPath === null ? [] : [{ id: 'organization', label: messages.menu.yourOrganization, href: organizationPath }]),
    ...(isAdmin ? [{ id: 'admin-panel', label: messages.menu.adminPanel, href: '/admin-panel' }] : []),
    { id: 'logout', label: messages.menu.logout, onAction: onLogout },
  ];
  const trigger = (
    <>
      <span className={avatar} aria-hidden="true">
        {initialsOf(user)}
      </span>
      <span className={personName}>{fullName}</span>
    </>
  );

  return (
    <header className={header}>
      <div className={inner}>
        <HeaderLogos homePath={homePath} />
        {isWide ? (
          <Menu label={label} triggerClassName={menuTrigger} trigger={trigger} items={items} />
        ) : (
          <UserDrawer
            label={label}
            trigger={trigger}
            user={user}
            organizationPath={organizationPath}
            isAdmin={isAdmin}
            onLogout={onLogout}
          />
        )}
      </div>
    </header>
  );
}
