import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { invitationMessages } from '../../../domain/messages/invitation.ts';
import { inviteMessages } from '../../../domain/messages/invite.ts';
import type { InvitationView } from '../../../domain/invitation.ts';
import type { User } from '../../../domain/user.ts';
import { acceptInvitation, invitationQueries } from '../../api/invitations.ts';
import { writeSelectedOrganizationId } from '../../api/selectedOrganization.ts';
import { getCurrentUser } from '../../api/user.ts';
import { useAuthActor } from '../../auth/useAuth.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { acceptFailureOf } from './acceptFailure.ts';

const m = inviteMessages;

/** Spec §2 (invitation link): shows what the invitation is for and lets the invited person join. */
export function AcceptInvitationPage({ token, user }: { token: string | undefined; user: User }) {
  if (token === undefined || token === '') {
    return (
      <>
        <h1>{m.acceptTitle}</h1>
        <Alert tone="error">{m.missingToken}</Alert>
      </>
    );
  }
  return <AcceptInvitation token={token} user={user} />;
}

function AcceptInvitation({ token, user }: { token: string; user: User }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const auth = useAuthActor();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const invitation = useQuery(invitationQueries.view(api, token));

  const acceptance = useMutation({
    mutationFn: () => acceptInvitation(api, token),
    onSuccess: async (accepted) => {
      // The new organisation becomes the one the person works for; the session learns they belong to it.
      writeSelectedOrganizationId(window.localStorage, accepted.organizationId);
      auth.send({ type: 'user.updated', user: await getCurrentUser(api) });
      await queryClient.invalidateQueries({ queryKey: ['user'] });
      await navigate({ to: '/your-organization/$organizationId', params: { organizationId: accepted.organizationId } });
    },
  });

  if (invitation.isPending) return <Spinner label={m.loading} />;
  if (invitation.isError) {
    return (
      <>
        <h1>{m.acceptTitle}</h1>
        <Alert tone="error">{invitation.error.message}</Alert>
      </>
    );
  }

  const failure = acceptance.isError ? acceptFailureOf(acceptance.error) : null;
  return (
    <>
      <h1>{m.acceptTitle}</h1>
      <p>{m.acceptIntro(invitation.data.organizationName)}</p>
      <p>{m.acceptAddress(invitation.data.email)}</p>
      <StatusNotice invitation={invitation.data} />
      {failure === null ? null : (
        <FailureNotice message={failure.message} hint={failure.isWrongAccount ? m.wrongAccountHint(invitation.data.email) : null}>
          {failure.isWrongAccount ? (
            <Button variant="secondary" onPress={() => auth.send({ type: 'auth.logout' })}>
              {m.logout}
            </Button>
          ) : null}
        </FailureNotice>
      )}
      {invitation.data.status === 'pending' && !acceptance.isSuccess ? (
        <Button onPress={() => acceptance.mutate()} isDisabled={acceptance.isPending}>
          {acceptance.isPending ? m.accepting : m.accept}
        </Button>
      ) : null}
      {acceptance.isSuccess ? <Alert tone="success">{m.accepted(acceptance.data.organizationName)}</Alert> : null}
      {user.email.toLowerCase() !== invitation.data.email && invitation.data.status === 'pending' && failure === null ? (
        <Alert tone="info">{m.wrongAccountHint(invitation.data.email)}</Alert>
      ) : null}
    </>
  );
}

/** An invitation already used or expired says so before anyone presses anything. */
function StatusNotice({ invitation }: { invitation: InvitationView }) {
  if (invitation.status === 'accepted') return <Alert tone="info">{invitationMessages.used}</Alert>;
  if (invitation.status === 'expired') return <Alert tone="error">{invitationMessages.expired}</Alert>;
  return null;
}

/** A refused acceptance; the alert takes the focus so the reason is read at once. */
function FailureNotice({ message, hint, children }: { message: string; hint: string | null; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [message]);
  return (
    <div ref={ref} tabIndex={-1}>
      <Alert tone="error">
        <p>{message}</p>
        {hint === null ? null : <p>{hint}</p>}
        {children}
      </Alert>
    </div>
  );
}
