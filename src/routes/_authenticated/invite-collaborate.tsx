import { createFileRoute } from '@tanstack/react-router';
import { InvitePage } from '../../features/invitations/InvitePage.tsx';

/** Spec §2 /invite-collaborate: invitation of collaborators by e-mail. */
export const Route = createFileRoute('/_authenticated/invite-collaborate')({
  component: InviteCollaborateRoute,
});

function InviteCollaborateRoute() {
  const { user } = Route.useRouteContext();
  return <InvitePage user={user} />;
}
