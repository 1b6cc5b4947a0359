import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { messages } from '../../../domain/messages.ts';
import { connectMessages } from '../../../domain/messages/connect.ts';
import { joinRequestMessages } from '../../../domain/messages/joinRequest.ts';
import { organizationMessages } from '../../../domain/messages/organization.ts';
import { selectConnectOrganizationView } from '../../../machines/connect-organization/selectors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Form } from '../../ui/Form.tsx';
import { HrefLink } from '../../ui/Link.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { JoinRequestForm } from './JoinRequestForm.tsx';
import { MyJoinRequests } from './MyJoinRequests.tsx';
import { actionRow, actions, box, note, organizationName, vatField, vatRow } from './ConnectOrganization.css.ts';
import { useConnectOrganization } from './useConnectOrganization.ts';

/** Spec §2 /flow-organization: the VAT box, and what the portal knows about the number. */
export function ConnectOrganization() {
  const actor = useConnectOrganization();
  const { pIva, canConfirm, isChecking, isNotRegistered, registered, vatError, failure, canOfferJoin, joinForm, sentJoinRequest } =
    useSelector(actor, selectConnectOrganizationView, shallowEqual);

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'vat.confirm' });
  };

  return (
    <>
      <h1>{messages.pages.flowOrganization}</h1>
      <p>{connectMessages.intro}</p>
      <div className={box}>
        <Form onSubmit={confirm} aria-label={messages.pages.flowOrganization}>
          <div className={vatRow}>
            <div className={vatField}>
              <TextField
                label={connectMessages.vatLabel}
                description={connectMessages.vatDescription}
                value={pIva}
                // Every keystroke goes to the machine, which keeps only digits (at most 11).
                onChange={(value) => actor.send({ type: 'vat.change', value })}
                errorMessage={vatError}
                isRequired
                inputMode="numeric"
                autoComplete="off"
                name="pIva"
              />
            </div>
            <div className={actions}>
              <Button type="submit" isDisabled={!canConfirm}>
                {connectMessages.confirm}
              </Button>
            </div>
          </div>
        </Form>

        {isChecking ? <Spinner label={connectMessages.checking} /> : null}

        {isNotRegistered ? (
          <Alert tone="info" title={organizationMessages.pIvaNotRegistered}>
            <p>{connectMessages.registerPrompt}</p>
            <HrefLink href={`/register-org?${new URLSearchParams({ pIva }).toString()}`}>{connectMessages.registerLink}</HrefLink>
          </Alert>
        ) : null}

        {registered === null ? null : (
          <Alert tone="error" title={organizationMessages.pIvaAlreadyRegistered}>
            <p>{organizationMessages.pIvaAlreadyRegisteredHint}</p>
            <p>
              {connectMessages.registeredName} <strong className={organizationName}>{registered.name}</strong>
            </p>
            <p>{connectMessages.invitationHint}</p>
            <div className={actionRow}>
              {canOfferJoin ? <Button onPress={() => actor.send({ type: 'join.open' })}>{joinRequestMessages.offer}</Button> : null}
              <Button variant="secondary" onPress={() => actor.send({ type: 'dialog.close' })}>
                {connectMessages.closeMessage}
              </Button>
            </div>
          </Alert>
        )}

        {joinForm === null ? null : <JoinRequestForm view={joinForm} actor={actor} />}

        {sentJoinRequest === null ? null : (
          <Alert tone="success" title={joinRequestMessages.sent}>
            <p>{joinRequestMessages.sentText(sentJoinRequest.organizationName)}</p>
            <Button variant="secondary" onPress={() => actor.send({ type: 'dialog.close' })}>
              {connectMessages.closeMessage}
            </Button>
          </Alert>
        )}

        {failure === null ? null : (
          <Alert tone="error" title={messages.generic.error}>
            {failure}
          </Alert>
        )}
      </div>
      <p className={note}>{connectMessages.invitationOnly}</p>
      <MyJoinRequests />
    </>
  );
}
