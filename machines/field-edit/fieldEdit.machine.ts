import { assign, setup } from 'xstate';
import { messages } from '../../domain/messages.ts';
import { hostPromise } from '../host.ts';
import { changedValues, hasChanges, rebaseDraft, withoutErrorsFor } from './fieldValues.ts';
import type {
  FieldEditContext,
  FieldEditEvent,
  FieldEditInput,
  FieldSaveFailure,
  FieldValues,
  SaveFieldInput,
  SaveFieldOutput,
} from './types.ts';

/** Whatever a save rejected with, as the failure the view can show. */
export function toFieldSaveFailure(error: unknown): FieldSaveFailure {
  const fallback = messages.generic.serverError;
  if (typeof error !== 'object' || error === null) return { message: fallback, fieldErrors: {} };
  const { message, fieldErrors } = error as { message?: unknown; fieldErrors?: unknown };
  return {
    message: typeof message === 'string' && message !== '' ? message : fallback,
    fieldErrors: typeof fieldErrors === 'object' && fieldErrors !== null ? (fieldErrors as Record<string, string>) : {},
  };
}

export const fieldEditMachine = setup({
  types: {
    context: {} as FieldEditContext,
    events: {} as FieldEditEvent,
    input: {} as FieldEditInput,
  },
  actors: {
    // The profile and the account page supply the real save.
    saveField: hostPromise<SaveFieldOutput, SaveFieldInput>('field-edit', 'saveField'),
  },
  guards: {
    isDraftChanged: ({ context }) => hasChanges(context.values, context.draft),
  },
  actions: {
    openField: assign(({ context }, params: { field: string }) => ({
      activeField: params.field,
      draft: context.values,
      errors: {},
      failure: null,
    })),
    changeDraft: assign(({ context }, params: { changes: FieldValues }) => ({
      draft: { ...context.draft, ...params.changes },
      errors: withoutErrorsFor(context.errors, params.changes),
    })),
    restoreValues: assign(({ context }) => ({ draft: context.values, activeField: null, errors: {}, failure: null })),
    storeSavedValues: assign((_, params: { values: FieldValues }) => ({
      values: params.values,
      draft: params.values,
      activeField: null,
      errors: {},
      failure: null,
    })),
    storeFailure: assign((_, params: { error: unknown }) => {
      const failure = toFieldSaveFailure(params.error);
      return { errors: failure.fieldErrors, failure: failure.message };
    }),
    syncValues: assign((_, params: { values: FieldValues }) => ({ values: params.values, draft: params.values })),
    rebaseDraft: assign(({ context }, params: { values: FieldValues }) => ({
      values: params.values,
      draft: rebaseDraft(context.values, context.draft, params.values),
    })),
  },
}).createMachine({
  id: 'fieldEdit',
  description:
    'Spec §2: fields are read-only with a per-field edit/cancel control, one at a time; saving locks everything again; ' +
    'cancel restores the original value. Used by the organisation profile and the account page.',
  context: ({ input }) => ({ values: input.values, draft: input.values, activeField: null, errors: {}, failure: null }),
  initial: 'readOnly',
  states: {
    readOnly: {
      description: 'Every field shows its stored value with a Modifica control.',
      initial: 'idle',
      states: {
        idle: {},
        saved: { description: 'The last save went through: the success notification shows until the next edit.' },
      },
      on: {
        'field.edit': {
          target: 'editing',
          actions: { type: 'openField', params: ({ event }) => ({ field: event.field }) },
        },
        'values.sync': { actions: { type: 'syncValues', params: ({ event }) => ({ values: event.values }) } },
      },
    },
    editing: {
      description: 'One field is open; Salva is offered only once its value differs from the stored one.',
      initial: 'clean',
      states: {
        clean: {},
        rejected: { description: 'The last save was refused: the error notification and the field messages show.' },
      },
      on: {
        'field.change': { actions: { type: 'changeDraft', params: ({ event }) => ({ changes: event.changes }) } },
        'field.cancel': { target: 'readOnly', actions: 'restoreValues' },
        'field.save': { guard: 'isDraftChanged', target: 'saving' },
        'values.sync': { actions: { type: 'rebaseDraft', params: ({ event }) => ({ values: event.values }) } },
      },
    },
    saving: {
      description: 'The changed keys are being stored; a reload arriving now is ignored, the answer is newer.',
      invoke: {
        id: 'saveField',
        src: 'saveField',
        input: ({ context }) => ({
          field: context.activeField ?? '',
          changes: changedValues(context.values, context.draft),
          values: context.values,
        }),
        onDone: {
          target: 'readOnly.saved',
          actions: { type: 'storeSavedValues', params: ({ event }) => ({ values: event.output }) },
        },
        onError: {
          target: 'editing.rejected',
          actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
