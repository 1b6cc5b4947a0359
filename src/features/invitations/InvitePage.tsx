import { inviteMessages } from '../../../domain/messages/invite.ts';
import type { User } from '../../../domain/user.ts';
import { currentOrganizationFor, selectUser } from '../../../machines/auth/selectors.ts';
import { readSelectedOrganizationId } from '../../api/selectedOrganization.ts';
import { useAuthSelector } from '../../auth/useAuth.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Link } from '../../ui/Link.tsx';
import { InviteForm } from './InviteForm.tsx';

const m = inviteMessages;

/**
 * Spec §2 /invite-collaborate: invitations for the organisation the person works for (the login guard
 * keeps the SelectedOrganizationId the API client sends in step with it).
 */
export function InvitePage({ user: routeUser }: { user: User }) {
  const user = useAuthSelector(selectUser) ?? routeUser;
  const organization = currentOrganizationFor(user, readSelectedOrganizationId(window.localStorage));

  return (
    <>
      <h1>{m.title}</h1>
      {organization === null ? (
        <Alert tone="info">
          <p>{m.noOrganization}</p>
          <Link to="/flow-organization">{m.goToFlow}</Link>
        </Alert>
      ) : (
        <InviteForm organizationName={organization.name} userId={user.id} />
      )}
    </>
  );
}
