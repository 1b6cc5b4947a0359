import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AcceptInvitationPage } from '../../features/invitations/AcceptInvitationPage.tsx';

/**
 * The link of the invitation e-mail (`/accetta-invito?token=…`). Behind the login guard: an anonymous
 * visitor logs in or registers and comes back here with the token (the guard keeps the query string).
 */
export const Route = createFileRoute('/_authenticated/accetta-invito')({
  validateSearch: z.object({ token: z.string().max(256).optional() }),
  component: AcceptInvitationRoute,
});

function AcceptInvitationRoute() {
  const { token } = Route.useSearch();
  const { user } = Route.useRouteContext();
  return <AcceptInvitationPage token={token} user={user} />;
}
