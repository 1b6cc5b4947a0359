import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { isAdminRole } from '../../../domain/roles.ts';
import { homePathFor } from '../../../machines/auth/selectors.ts';

/**
 * The admin guard (spec §6): every page under it is for platform administrators only; anyone else is sent
 * to their own home. One pathless layout instead of the same check in each admin page.
 */
export const Route = createFileRoute('/_authenticated/_admin')({
  beforeLoad: ({ context }) => {
    if (!isAdminRole(context.user.roles)) throw redirect({ to: homePathFor(context.user), replace: true });
  },
  component: Outlet,
});
