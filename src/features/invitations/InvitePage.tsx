import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { messages } from '../../../domain/messages.ts';
import { inviteMessages } from '../../../domain/messages/invite.ts';
import { memberRoleMessages } from '../../../domain/messages/memberRoles.ts';
import type { User } from '../../../domain/user.ts';
import { currentOrganizationFor, selectUser } from '../../../machines/auth/selectors.ts';
import { organizationProfileQueries } from '../../api/organizationProfile.ts';
import { readSelectedOrganizationId } from '../../api/selectedOrganization.ts';
import { useAuthSelector } from '../../auth/useAuth.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Link } from '../../ui/Link.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { InviteForm } from './InviteForm.tsx';

const m = inviteMessages;

/**
 * Spec §2 /invite-collaborate: invitations for the organisation the person works for (the login guard
 * keeps the SelectedOrganizationId the API client sends in step with it). Only its Referenti invite (issue 42):
 * anybody else is told so.
 */
export function InvitePage({ user: routeUser }: { user: User }) {
  const user = useAuthSelector(selectUser) ?? routeUser;
  const organization = currentOrganizationFor(user, readSelectedOrganizationId(window.localStorage));
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const detail = useQuery({ ...organizationProfileQueries.detail(api, organization?.id ?? ''), enabled: organization !== null });

  return (
    <>
      <h1>{m.title}</h1>
      {organization === null ? (
        <Alert tone="info">
          <p>{m.noOrganization}</p>
          <Link to="/flow-organization">{m.goToFlow}</Link>
        </Alert>
      ) : detail.data === undefined && !detail.isError ? (
        <Spinner label={messages.generic.loading} />
      ) : detail.data?.canEdit === false ? (
        <Alert tone="info">{memberRoleMessages.manageOnlyReferents}</Alert>
      ) : (
        <InviteForm organizationName={organization.name} userId={user.id} />
      )}
    </>
  );
}
