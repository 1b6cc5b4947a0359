import { assign, setup } from 'xstate';
import { hostPromise } from '../host.ts';
import { passwordMessages } from '../../domain/messages/password.ts';
import { newPasswordProblem } from '../../domain/passwordRules.ts';
import type { ChangePasswordFailure, ChangePasswordInput, PasswordChangeContext, PasswordChangeEvent, PasswordField } from './types.ts';

/**
 * The rules checked before anything is sent: the current password typed, the new one long enough and typed twice the
 * same way (a typo in a hidden field would otherwise lock the person out of their account).
 */
function problemsOf(context: PasswordChangeContext): Partial<Record<PasswordField, string>> {
  const newProblem = newPasswordProblem(context.newPassword);
  return {
    ...(context.currentPassword === '' ? { currentPassword: passwordMessages.currentRequired } : {}),
    ...(newProblem ? { newPassword: newProblem } : {}),
    ...(context.confirmPassword === ''
      ? { confirmPassword: passwordMessages.confirmRequired }
      : context.confirmPassword !== context.newPassword
        ? { confirmPassword: passwordMessages.confirmMismatch }
        : {}),
  };
}

const isFailure = (error: unknown): error is ChangePasswordFailure =>
  typeof error === 'object' && error !== null && typeof (error as ChangePasswordFailure).message === 'string';

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  actors: {
    changePassword: hostPromise<void, ChangePasswordInput>('password-change', 'changePassword'),
  },
  guards: {
    keepsTheRules: ({ context }) => Object.keys(problemsOf(context)).length === 0,
  },
  actions: {
    changeField: assign(({ context }, params: { field: PasswordField; value: string }) => {
      const { [params.field]: _fixed, ...errors } = context.errors;
      return { [params.field]: params.value, errors, failure: null };
    }),
    markProblems: assign(({ context }) => ({ errors: problemsOf(context), failure: null })),
    clearErrors: assign({ errors: {}, failure: null }),
    // Nothing typed stays on the page once the password has changed.
    clearForm: assign({ currentPassword: '', newPassword: '', confirmPassword: '', errors: {}, failure: null }),
    storeFailure: assign((_, params: { error: unknown }) =>
      isFailure(params.error)
        ? { errors: params.error.fieldErrors, failure: params.error.message }
        : { errors: {}, failure: passwordMessages.changeFailedTitle },
    ),
  },
}).createMachine({
  id: 'passwordChange',
  description:
    'The account page with the embedded provider: the current password, then a new one with the ' +
    'registration rules, typed twice; the change ends every other session. A refusal keeps the new password typed and marks the field.',
  context: { currentPassword: '', newPassword: '', confirmPassword: '', errors: {}, failure: null },
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      states: {
        idle: {},
        changed: { description: 'The confirmation shows until the form is touched again.' },
      },
      on: {
        'field.change': {
          target: '.idle',
          actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.submit': [
          { guard: 'keepsTheRules', target: 'submitting', actions: 'clearErrors' },
          { target: '.idle', actions: 'markProblems' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ currentPassword: context.currentPassword, newPassword: context.newPassword }),
        onDone: { target: 'editing.changed', actions: 'clearForm' },
        onError: { target: 'editing.idle', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
