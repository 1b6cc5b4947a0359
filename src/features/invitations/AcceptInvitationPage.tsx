import { useEffect, useRef, type ReactNode } from 'react';
import { invitationMessages } from '../../../domain/messages/invitation.ts';
import { inviteMessages } from '../../../domain/messages/invite.ts';
import type { User } from '../../../domain/user.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useAcceptInvitation } from './useAcceptInvitation.ts';

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
  // A new link is a new invitation: its page starts over.
  return <AcceptInvitation key={token} token={token} user={user} />;
}

function AcceptInvitation({ token, user }: { token: string; user: User }) {
  const { view, accept, logout } = useAcceptInvitation(token, user);

  if (view.phase === 'loading') return <Spinner label={m.loading} />;
  if (view.phase === 'unavailable') {
    return (
      <>
        <h1>{m.acceptTitle}</h1>
        <Alert tone="error">{view.message}</Alert>
      </>
    );
  }

  const { invitation, failure } = view;
  return (
    <>
      <h1>{m.acceptTitle}</h1>
      <p>{m.acceptIntro(invitation.organizationName)}</p>
      <p>{m.acceptAddress(invitation.email)}</p>
      <StatusNotice notice={view.notice} />
      {failure === null ? null : (
        <FailureNotice message={failure.message} hint={failure.isWrongAccount ? m.wrongAccountHint(invitation.email) : null}>
          {failure.isWrongAccount ? (
            <Button variant="secondary" onPress={logout}>
              {m.logout}
            </Button>
          ) : null}
        </FailureNotice>
      )}
      {view.offersAccept ? (
        <Button onPress={accept} isDisabled={view.isAccepting}>
          {view.isAccepting ? m.accepting : m.accept}
        </Button>
      ) : null}
      {view.joined === null ? null : <Alert tone="success">{m.accepted(view.joined)}</Alert>}
      {view.isOtherAccount ? <Alert tone="info">{m.wrongAccountHint(invitation.email)}</Alert> : null}
    </>
  );
}

/** An invitation already used or expired says so before anyone presses anything. */
function StatusNotice({ notice }: { notice: 'used' | 'expired' | null }) {
  if (notice === 'used') return <Alert tone="info">{invitationMessages.used}</Alert>;
  if (notice === 'expired') return <Alert tone="error">{invitationMessages.expired}</Alert>;
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
