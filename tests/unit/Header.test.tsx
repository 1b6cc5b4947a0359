import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../domain/user.ts';
import { homePathFor } from '../../machines/auth/selectors.ts';
import { Header, type HeaderProps } from '../../src/features/header/Header.tsx';

afterEach(cleanup);

const applicant: User = {
  id: 'u1',
  firstName: 'Giulia',
  lastName: 'Rossi',
  email: 'giulia@example.it',
  emailVerified: true,
  fiscalCode: null,
  roles: ['user'],
  organizations: [{ id: 'org-7', name: 'Comune di Prova', email: null, pIva: '01234567890', status: 'active', suspensionReason: null }],
};

/** The header inside a router of its own, since its logo is a router link. */
async function renderHeader(props: Partial<HeaderProps> & { user: User }) {
  const onLogout = vi.fn();
  const rootRoute = createRootRoute({
    component: () => <Header homePath={homePathFor(props.user)} isAdmin={false} organizationPath={null} onLogout={onLogout} {...props} />,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
  await screen.findByRole('banner');
  return { onLogout };
}

/** Opens the person's menu; its popover is loaded on intent, so it appears a moment later. */
async function openMenu(name: RegExp) {
  fireEvent.click(screen.getByRole('button', { name }));
  return within(await screen.findByRole('menu'));
}

describe('the header of a signed-in person', () => {
  it('names the person, shows their initials and links the platform name to their home', async () => {
    await renderHeader({ user: applicant });

    const banner = within(screen.getByRole('banner'));
    expect(banner.getByText('Giulia Rossi')).toBeTruthy();
    expect(banner.getByText('GR')).toBeTruthy();
    expect(banner.getByRole('link', { name: 'Portale Fondi' }).getAttribute('href')).toBe('/calls');
  });

  it('offers an applicant their account, their organisation and Esci', async () => {
    await renderHeader({ user: applicant, organizationPath: '/your-organization/org-7' });

    const menu = await openMenu(/Giulia Rossi/);
    const items = menu.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Account', 'La tua organizzazione', 'Esci']);
    expect(menu.getByRole('menuitem', { name: 'La tua organizzazione' }).getAttribute('href')).toBe('/your-organization/org-7');
    expect(menu.getByRole('menuitem', { name: 'Account' }).getAttribute('href')).toBe('/account');
  });

  it('offers an administrator the admin panel and no organisation', async () => {
    const admin: User = { ...applicant, roles: ['admin'], organizations: [] };
    await renderHeader({ user: admin, isAdmin: true });

    const menu = await openMenu(/Giulia Rossi/);
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Account', 'Pannello Admin', 'Esci']);
    expect(screen.getByRole('link', { name: 'Portale Fondi' }).getAttribute('href')).toBe('/admin-panel');
  });

  it('logs out when Esci is chosen', async () => {
    const { onLogout } = await renderHeader({ user: applicant });

    const menu = await openMenu(/Menu utente/);
    fireEvent.click(menu.getByRole('menuitem', { name: 'Esci' }));

    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});

describe('the logos in the header', () => {
  it('show the two partners, each leading to the home of the person', async () => {
    await renderHeader({ user: applicant });

    const partners = within(screen.getByRole('group', { name: 'In collaborazione con' }));
    for (const name of ['Fondo Sviluppo Territori', 'Cassa Investimenti Urbani']) {
      expect(partners.getByRole('link', { name }).getAttribute('href')).toBe('/calls');
      expect(partners.getByRole('img', { name })).toBeTruthy();
    }
  });
});

describe('on a narrow screen', () => {
  function narrowScreen() {
    return vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: false,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
  }

  it('opens a drawer with the same entries instead of the menu, with Esci', async () => {
    const media = narrowScreen();
    const { onLogout } = await renderHeader({ user: applicant, organizationPath: '/your-organization/org-7' });

    fireEvent.click(screen.getByRole('button', { name: 'Menu utente Giulia Rossi' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Menu' }));
    expect(drawer.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(drawer.getByRole('link', { name: 'La tua organizzazione' }).getAttribute('href')).toBe('/your-organization/org-7');
    expect(drawer.queryByRole('link', { name: 'Pannello Admin' })).toBeNull();

    fireEvent.click(drawer.getByRole('button', { name: 'Esci' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    media.mockRestore();
  });
});
