import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { isAdminRole } from '../../../domain/roles.ts';
import { currentOrganizationFor } from '../../../machines/auth/selectors.ts';
import { readSelectedOrganizationId } from '../../api/selectedOrganization.ts';

/**
 * The applicant guard (spec §2): the pages under it are the selected organisation's (its calls, applications and
 * monitoring). Admins read applications from their panel; a person without an organisation connects one first.
 * The organisation's id is in the context of every page under it, for their loaders and components.
 */
export const Route = createFileRoute('/_authenticated/_applicant')({
  beforeLoad: ({ context }) => {
    if (isAdminRole(context.user.roles)) throw redirect({ to: '/admin-panel', replace: true });
    const organization = currentOrganizationFor(context.user, readSelectedOrganizationId(window.localStorage));
    if (organization === null) throw redirect({ to: '/flow-organization', replace: true });
    return { organizationId: organization.id };
  },
  component: Outlet,
});
