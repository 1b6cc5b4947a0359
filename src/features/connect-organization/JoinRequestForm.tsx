import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { JOIN_REASON_MAX_LENGTH, JOIN_REASON_MIN_LENGTH } from '../../../domain/joinRequest.ts';
import { joinRequestMessages as m } from '../../../domain/messages/joinRequest.ts';
import type { connectOrganizationMachine } from '../../../machines/connect-organization/connectOrganization.machine.ts';
import type { JoinFormView } from '../../../machines/connect-organization/selectors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Form } from '../../ui/Form.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { actionRow, joinForm } from './ConnectOrganization.css.ts';

interface JoinRequestFormProps {
  view: JoinFormView;
  actor: ActorRefFrom<typeof connectOrganizationMachine>;
}

/** "Richiedi di entrare nell’organizzazione": the reason, then Invia la richiesta (issue 42). */
export function JoinRequestForm({ view, actor }: JoinRequestFormProps) {
  const titleId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // The form opened at the person's request: the box they are to fill takes the focus.
  useEffect(() => sectionRef.current?.querySelector('textarea')?.focus(), []);
  const send = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'join.send' });
  };
  return (
    <section ref={sectionRef} aria-labelledby={titleId} className={joinForm}>
      <h2 id={titleId}>{m.offer}</h2>
      <p>{m.offerHint}</p>
      <p>
        {m.organization}: <strong>{view.organizationName}</strong>
      </p>
      <Form onSubmit={send} aria-labelledby={titleId}>
        <TextAreaField
          label={m.reasonLabel}
          description={m.reasonDescription(JOIN_REASON_MIN_LENGTH, JOIN_REASON_MAX_LENGTH)}
          value={view.reason}
          onChange={(value) => actor.send({ type: 'reason.change', value })}
          errorMessage={view.reasonError}
          maxLength={JOIN_REASON_MAX_LENGTH}
          isRequired
          isDisabled={view.isSending}
          name="reason"
          rows={4}
        />
        {view.failure === null ? null : (
          <Alert tone="error" title={m.sendFailed}>
            {view.failure}
          </Alert>
        )}
        <div className={actionRow}>
          <Button type="submit" isDisabled={view.isSending}>
            {m.send}
          </Button>
          <Button variant="secondary" onPress={() => actor.send({ type: 'join.cancel' })} isDisabled={view.isSending}>
            {m.cancel}
          </Button>
        </div>
        {view.isSending ? <Spinner label={m.sending} /> : null}
      </Form>
    </section>
  );
}
