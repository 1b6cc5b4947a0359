import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { accountMessages } from '../../../domain/messages/account.ts';
import { accountPageMessages } from '../../../domain/messages/accountPage.ts';
import { fiscalCodeMessages } from '../../../domain/messages/fiscalCode.ts';
import type { User } from '../../../domain/user.ts';
import { selectUser } from '../../../machines/auth/selectors.ts';
import { fieldEditMachine } from '../../../machines/field-edit/fieldEdit.machine.ts';
import { selectFieldEditView } from '../../../machines/field-edit/selectors.ts';
import { useAuthActor, useAuthSelector } from '../../auth/useAuth.ts';
import { Alert } from '../../ui/Alert.tsx';
import { EditableRow } from '../../ui/EditableRow.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { accountValuesOf } from './accountValues.ts';
import { fields as fieldsStyle } from './AccountPage.css.ts';
import { createSaveAccountField } from './saveAccountField.ts';
import { PasswordSection } from './PasswordSection.tsx';
import { inspect } from '../../devtools/inspect.ts';
import { userQueries } from '../../api/user.ts';

const EDITABLE = [
  { key: 'firstName', label: accountPageMessages.firstName },
  { key: 'lastName', label: accountPageMessages.lastName },
] as const;

/** Spec §2 /account: first and last name editable one at a time, e-mail and codice fiscale read-only. */
export function AccountPage({ user }: { user: User }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const auth = useAuthActor();
  const queryClient = useQueryClient();
  const sessionUser = useAuthSelector(selectUser) ?? user;

  const machine = useMemo(
    () =>
      fieldEditMachine.provide({
        actors: {
          saveField: createSaveAccountField({
            api,
            currentUser: () => selectUser(auth.getSnapshot()) ?? user,
            onSaved: (updated) => {
              // The header reads the person from the session; cached reads of /api/User are stale too.
              auth.send({ type: 'user.updated', user: updated });
              void queryClient.invalidateQueries({ queryKey: userQueries.all });
            },
          }),
        },
      }),
    [api, auth, queryClient, user],
  );
  const actor = useActorRef(machine, { inspect, input: { values: accountValuesOf(sessionUser) } });

  const { firstName, lastName } = sessionUser;
  useEffect(() => {
    actor.send({ type: 'values.sync', values: accountValuesOf({ firstName, lastName }) });
  }, [actor, firstName, lastName]);

  const { activeField, draft, canStartEditing, canSave, isSaving, errors, outcome } = useSelector(actor, selectFieldEditView, shallowEqual);

  return (
    <>
      <h1>{accountPageMessages.title}</h1>
      <p>{accountPageMessages.intro}</p>
      {outcome === 'saved' ? <Alert tone="success">{accountMessages.updated}</Alert> : null}
      {outcome === 'rejected' ? (
        <Alert tone="error" title={accountPageMessages.failedTitle}>
          {accountMessages.updateFailed}
        </Alert>
      ) : null}
      <div className={fieldsStyle}>
        {EDITABLE.map(({ key, label }) => (
          <EditableRow
            key={key}
            label={label}
            value={sessionUser[key]}
            isEditable
            isOpen={activeField === key}
            isEditDisabled={!canStartEditing}
            canSave={canSave}
            isSaving={isSaving}
            isRejected={outcome === 'rejected'}
            onEdit={() => actor.send({ type: 'field.edit', field: key })}
            onCancel={() => actor.send({ type: 'field.cancel' })}
            onSave={() => actor.send({ type: 'field.save' })}
          >
            <TextField
              label={label}
              name={key}
              value={String(draft?.[key] ?? '')}
              onChange={(value) => actor.send({ type: 'field.change', changes: { [key]: value } })}
              errorMessage={errors[key] ?? null}
              isRequired
              isDisabled={isSaving}
              autoComplete={key === 'firstName' ? 'given-name' : 'family-name'}
            />
          </EditableRow>
        ))}
        <ReadOnlyRow label={accountPageMessages.email} value={sessionUser.email} hint={accountPageMessages.emailHint} />
        <ReadOnlyRow label={fiscalCodeMessages.label} value={sessionUser.fiscalCode} hint={fiscalCodeMessages.accountNote} />
      </div>
      <PasswordSection />
    </>
  );
}

/** A row of the account that the person reads but cannot change here (the e-mail, the codice fiscale). */
function ReadOnlyRow({ label, value, hint }: { label: string; value: string | null; hint: string }) {
  return (
    <EditableRow
      label={label}
      value={value}
      hint={hint}
      isEditable={false}
      isOpen={false}
      canSave={false}
      isSaving={false}
      onEdit={() => undefined}
      onCancel={() => undefined}
      onSave={() => undefined}
    />
  );
}
