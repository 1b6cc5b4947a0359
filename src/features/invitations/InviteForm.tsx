import { useRouteContext } from '@tanstack/react-router';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { INVITATION_MESSAGE_MAX_LENGTH } from '../../../domain/invitation.ts';
import { inviteMessages } from '../../../domain/messages/invite.ts';
import { profileMessages } from '../../../domain/messages/profile.ts';
import { plainTextProblem } from '../../../domain/plainText.ts';
import { inviteMachine } from '../../../machines/invite/invite.machine.ts';
import { selectInviteView } from '../../../machines/invite/selectors.ts';
import { visuallyHidden } from '../../../styles/visuallyHidden.css.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { actions, addressInput, addressRow, form, removeButton } from './InviteForm.css.ts';
import { createSendInvites } from './sendInvites.ts';
import { inspect } from '../../devtools/inspect.ts';

const m = inviteMessages;

interface InviteFormProps {
  organizationName: string;
  /** The signed-in person: invitations go out on their behalf. */
  userId: string;
}

/**
 * Invites collaborators by e-mail to the selected organisation (the API client sends it in the
 * SelectedOrganizationId header). Used on /invite-collaborate and in the organisation profile.
 */
export function InviteForm({ organizationName, userId }: InviteFormProps) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const machine = useMemo(() => inviteMachine.provide({ actors: { sendInvites: createSendInvites(api, userId) } }), [api, userId]);
  const actor = useActorRef(machine, { inspect });
  const { emails, message, errors, isSending, canSend, canAdd, canRemove, outcome } = useSelector(actor, selectInviteView, shallowEqual);

  // Adding or removing an input moves the focus to the last one, so the keyboard stays in the list.
  const listRef = useRef<HTMLDivElement>(null);
  const count = useRef(emails.length);
  useEffect(() => {
    if (emails.length !== count.current) {
      const inputs = listRef.current?.querySelectorAll<HTMLInputElement>('input');
      inputs?.[inputs.length - 1]?.focus();
    }
    count.current = emails.length;
  }, [emails.length]);

  // The server refuses such a message (400, which spec §8 leaves unreported): said under the field instead.
  const messageProblem = plainTextProblem(message, 'lines');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (messageProblem === null) actor.send({ type: 'invite.send' });
  };

  return (
    <div className={form}>
      <p>{m.intro(organizationName)}</p>
      {outcome !== null && outcome.sent.length > 0 ? <Alert tone="success">{m.sent(outcome.sent.join(', '))}</Alert> : null}
      {outcome !== null && outcome.skipped.length > 0 ? <Alert tone="info">{m.skippedInvalid(outcome.skipped.join(', '))}</Alert> : null}
      <form onSubmit={submit} aria-label={m.title} noValidate>
        <div ref={listRef}>
          {emails.map((email, index) => (
            <div className={addressRow} key={index}>
              <div className={addressInput}>
                <TextField
                  label={m.emailLabel(index + 1)}
                  type="email"
                  name={`email-${index}`}
                  autoComplete="off"
                  value={email}
                  onChange={(value) => actor.send({ type: 'email.change', index, value })}
                  errorMessage={errors[index] ?? null}
                  isRequired={index === 0}
                  isDisabled={isSending}
                />
              </div>
              {canRemove ? (
                <div className={removeButton}>
                  <Button variant="secondary" onPress={() => actor.send({ type: 'email.remove', index })}>
                    {profileMessages.remove}
                    <span className={visuallyHidden}> {m.emailPosition(index + 1)}</span>
                  </Button>
                </div>
              ) : null}
            </div>
          ))}
        </div>
        <div className={actions}>
          <Button variant="secondary" onPress={() => actor.send({ type: 'email.add' })} isDisabled={!canAdd || isSending}>
            {m.addEmail}
          </Button>
        </div>
        <TextAreaField
          label={m.messageLabel}
          description={m.messageHint}
          name="message"
          value={message}
          onChange={(value) => actor.send({ type: 'message.change', value })}
          maxLength={INVITATION_MESSAGE_MAX_LENGTH}
          errorMessage={messageProblem}
          rows={3}
          isDisabled={isSending}
        />
        <div className={actions}>
          <Button type="submit" isDisabled={!canSend || messageProblem !== null}>
            {isSending ? m.sending : m.send}
          </Button>
        </div>
      </form>
    </div>
  );
}
