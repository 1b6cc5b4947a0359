import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import { inviteMessages } from '../../../domain/messages/invite.ts';
import { profileMessages } from '../../../domain/messages/profile.ts';
import type { User } from '../../../domain/user.ts';
import { homePathFor } from '../../../machines/auth/selectors.ts';
import { writeSelectedOrganizationId } from '../../api/selectedOrganization.ts';
import { getCurrentUser, userQueries } from '../../api/user.ts';
import { organizationProfileQueries } from '../../api/organizationProfile.ts';
import { useAuthActor } from '../../auth/useAuth.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { InviteForm } from '../invitations/InviteForm.tsx';
import { JoinRequestsSection } from '../join-requests/JoinRequestsSection.tsx';
import { OrganizationGovernance } from '../organization-admin/OrganizationGovernance.tsx';
import { MembersSection } from './MembersSection.tsx';
import { RoleNotice } from './RoleNotice.tsx';
import { backLink, section } from './OrganizationProfile.css.ts';
import { ProfileFields } from './ProfileFields.tsx';

const m = profileMessages;

export type ProfileView = 'member' | 'admin';

interface OrganizationProfileProps {
  organizationId: string;
  user: User;
  /** 'admin': the platform administrator's read-only view (spec §2), with the way back to the list. */
  view: ProfileView;
}

/** Spec §2 /your-organization/{id} and /admin-organization/{id}: the organisation is loaded first. */
export function OrganizationProfile({ organizationId, user, view }: OrganizationProfileProps) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const auth = useAuthActor();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const inviteHeadingId = useId();
  const query = useQuery(organizationProfileQueries.detail(api, organizationId));
  const detail = query.data;
  const isMember = detail !== undefined && detail.myRole !== null;

  // The organisation a member is looking at becomes the one they work for, so invitations go to it.
  useEffect(() => {
    if (view === 'member' && isMember) writeSelectedOrganizationId(window.localStorage, organizationId);
  }, [view, isMember, organizationId]);

  if (detail === undefined) {
    if (query.isError) {
      return (
        <>
          <h1>{m.loadFailed}</h1>
          <Alert tone="error">{query.error.message}</Alert>
          <Button onPress={() => void query.refetch()}>{m.retry}</Button>
        </>
      );
    }
    return <Spinner label={m.loading} />;
  }

  const isEditable = view === 'member' && detail.canEdit;

  async function afterRemoval(_member: unknown, left: boolean) {
    if (!left) {
      await queryClient.invalidateQueries({ queryKey: organizationProfileQueries.all });
      return;
    }
    // Leaving: the person's organisations changed (header, home, and the layout moves the selection on).
    queryClient.removeQueries({ queryKey: organizationProfileQueries.detail(api, organizationId).queryKey });
    const updated = await getCurrentUser(api);
    auth.send({ type: 'user.updated', user: updated });
    await queryClient.invalidateQueries({ queryKey: userQueries.all });
    await navigate({ to: homePathFor(updated) });
  }

  return (
    <>
      {view === 'admin' ? (
        <span className={backLink}>
          <Link to="/admin-panel">{m.backToList}</Link>
        </span>
      ) : null}
      <h1>{detail.name}</h1>
      {view === 'admin' ? <Alert tone="info">{m.adminView}</Alert> : <RoleNotice detail={detail} />}
      <ProfileFields detail={detail} isEditable={isEditable} />
      <JoinRequestsSection detail={detail} view={view} />
      <div className={section}>
        <MembersSection
          key={detail.id}
          detail={detail}
          currentUserId={user.id}
          isManageable={view === 'member'}
          onRemoved={afterRemoval}
          onRoleChanged={() => queryClient.invalidateQueries({ queryKey: organizationProfileQueries.all })}
        />
      </div>
      <OrganizationGovernance detail={detail} view={view} />
      {isEditable ? (
        <section aria-labelledby={inviteHeadingId} className={section}>
          <h2 id={inviteHeadingId}>{inviteMessages.title}</h2>
          <InviteForm organizationName={detail.name} userId={user.id} />
        </section>
      ) : null}
    </>
  );
}
