import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, type FormEvent } from 'react';
import { passwordMessages as m } from '../../../domain/messages/password.ts';
import { passwordChangeMachine } from '../../../machines/password-change/passwordChange.machine.ts';
import { selectPasswordChangeView } from '../../../machines/password-change/selectors.ts';
import { passwordQueries } from '../../api/password.ts';
import { useAuthActor } from '../../auth/useAuth.ts';
import { inspect } from '../../devtools/inspect.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Form } from '../../ui/Form.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { createChangePassword } from './changePasswordActor.ts';
import { passwordSection } from './AccountPage.css.ts';

/**
 * The account page's password: with the embedded provider, the change (current password, then the
 * new one); with an external provider, where the account is managed.
 */
export function PasswordSection() {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const provider = useQuery(passwordQueries.identityProvider(api));
  if (!provider.data) return null;
  return (
    <section className={passwordSection} aria-labelledby="password-heading">
      <h2 id="password-heading">{m.changeTitle}</h2>
      {provider.data.kind === 'embedded' ? (
        <ChangePasswordForm />
      ) : (
        <p>
          {m.externalIntro} <a href={provider.data.issuer}>{provider.data.issuer}</a>
        </p>
      )}
    </section>
  );
}

function ChangePasswordForm() {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const auth = useAuthActor();
  const formRef = useRef<HTMLFormElement>(null);
  const machine = useMemo(
    () =>
      passwordChangeMachine.provide({
        actors: {
          changePassword: createChangePassword({ api, refreshToken: () => auth.getSnapshot().context.tokens?.refreshToken ?? null }),
        },
      }),
    [api, auth],
  );
  const actor = useActorRef(machine, { inspect });
  const { currentPassword, newPassword, confirmPassword, errors, failure, isSubmitting, isChanged } = useSelector(
    actor,
    selectPasswordChangeView,
    shallowEqual,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
    if (actor.getSnapshot().matches('submitting')) return;
    // Refused before sending: the focus goes to the first field that says why.
    window.requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  return (
    <>
      <p>{m.changeIntro}</p>
      {isChanged ? <Alert tone="success">{m.changed}</Alert> : null}
      {failure ? (
        <Alert tone="error" title={m.changeFailedTitle}>
          {failure}
        </Alert>
      ) : null}
      <Form ref={formRef} onSubmit={submit} aria-labelledby="password-heading">
        <TextField
          label={m.currentPassword}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(value) => actor.send({ type: 'field.change', field: 'currentPassword', value })}
          errorMessage={errors.currentPassword ?? null}
          isRequired
          isDisabled={isSubmitting}
        />
        <TextField
          label={m.newPassword}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          description={m.hint}
          value={newPassword}
          onChange={(value) => actor.send({ type: 'field.change', field: 'newPassword', value })}
          errorMessage={errors.newPassword ?? null}
          isRequired
          isDisabled={isSubmitting}
        />
        <TextField
          label={m.confirmNewPassword}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(value) => actor.send({ type: 'field.change', field: 'confirmPassword', value })}
          errorMessage={errors.confirmPassword ?? null}
          isRequired
          isDisabled={isSubmitting}
        />
        <Button type="submit" isPending={isSubmitting}>
          {m.changeSubmit}
        </Button>
      </Form>
    </>
  );
}
