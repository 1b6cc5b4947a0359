import { createFileRoute } from '@tanstack/react-router';
import { invitationQueries } from '../../api/invitations.ts';
import { AcceptInvitationPage } from '../../features/invitations/AcceptInvitationPage.tsx';
import { ensureQuery } from '../-components/ensureQuery.ts';

/**
 * The link of the invitation e-mail (`/accetta-invito?token=…`). Behind the login guard: an anonymous
 * visitor logs in or registers and comes back here with the token (the guard keeps the query string).
 */
export const Route = createFileRoute('/_authenticated/accetta-invito')({
  validateSearch: parseInvitationSearch,
  loaderDeps: ({ search: { token } }) => ({ token }),
  loader: async ({ context: { queryClient, api }, deps: { token } }) => {
    if (token !== undefined) await ensureQuery(queryClient, invitationQueries.view(api, token));
  },
  component: AcceptInvitationRoute,
});

function AcceptInvitationRoute() {
  const { token } = Route.useSearch();
  const { user } = Route.useRouteContext();
  return <AcceptInvitationPage token={token} user={user} />;
}

/** Checked by hand, not with zod: the route tree is in every page's first load. A malformed token is refused. */
function parseInvitationSearch(search: Record<string, unknown>): { token?: string } {
  const { token } = search;
  if (token === undefined) return {};
  if (typeof token !== 'string' || token.length > 256) throw new Error('token: expected a string of at most 256 characters');
  return { token };
}
