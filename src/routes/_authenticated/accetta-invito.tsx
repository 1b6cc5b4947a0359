import { createFileRoute, redirect } from '@tanstack/react-router';
import { invitationQueries } from '../../api/invitations.ts';
import { AcceptInvitationPage } from '../../features/invitations/AcceptInvitationPage.tsx';
import { keepInvitationToken, readInvitationToken } from '../../features/invitations/invitationToken.ts';
import { ensureQuery } from '../-components/ensureQuery.ts';

/**
 * The link of the invitation e-mail (`/accetta-invito?token=…`). Behind the login guard: an anonymous
 * visitor logs in or registers and comes back here with the token (the guard keeps the query string, the
 * welcome page keeps it in sessionStorage). Here the token moves from the address to this tab's
 * sessionStorage before anything loads: the page answers `Referrer-Policy: no-referrer`
 * (server/http/securityHeaders.ts), and no later request, history entry or bookmark carries it.
 */
export const Route = createFileRoute('/_authenticated/accetta-invito')({
  validateSearch: parseInvitationSearch,
  beforeLoad: ({ search }) => {
    if (search.token !== undefined) {
      keepInvitationToken(window.sessionStorage, search.token);
      throw redirect({ to: '/accetta-invito', search: {}, replace: true });
    }
    return { invitationToken: readInvitationToken(window.sessionStorage) };
  },
  loader: async ({ context: { queryClient, api, invitationToken } }) => {
    if (invitationToken !== undefined) await ensureQuery(queryClient, invitationQueries.view(api, invitationToken));
  },
  component: AcceptInvitationRoute,
});

function AcceptInvitationRoute() {
  const { user, invitationToken } = Route.useRouteContext();
  return <AcceptInvitationPage token={invitationToken} user={user} />;
}

/** Checked by hand, not with zod: the route tree is in every page's first load. A malformed token is refused. */
function parseInvitationSearch(search: Record<string, unknown>): { token?: string } {
  const { token } = search;
  if (token === undefined) return {};
  if (typeof token !== 'string' || token.length > 256) throw new Error('token: expected a string of at most 256 characters');
  return { token };
}
