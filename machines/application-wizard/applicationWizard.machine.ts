import { and, assign, fromPromise, not, raise, setup, stateIn } from 'xstate';
import { messages } from '../../domain/messages.ts';
import type { FieldIssue } from '../../domain/wizard.ts';
import { toSaveDraftFailure, toSubmitFailure } from './actors.ts';
import { AUTOSAVE_DEBOUNCE_MS, saveRetryDelay } from '../draft-sync/timing.ts';
import { isStepReachable, nextStepIndex, previousStepIndex, startStepIndex } from './steps.ts';
import type {
  ApplicationWizardActorId,
  ApplicationWizardActorInputs,
  ApplicationWizardActorOutputs,
  ApplicationWizardContext,
  ApplicationWizardEvent,
  ApplicationWizardInput,
  LoadedApplication,
  SavedDraft,
} from './types.ts';

/** Placeholder logic: the view (and the tests) supply the real one with `.provide({ actors })`. */
function notProvided<K extends ApplicationWizardActorId>(id: K) {
  return fromPromise<ApplicationWizardActorOutputs[K], ApplicationWizardActorInputs[K]>(() =>
    Promise.reject(new Error(`application-wizard machine: actor "${id}" must be supplied with machine.provide({ actors })`)),
  );
}

/** Host side effects (notifications, navigation): no-ops until supplied with `.provide({ actions })`. */
function suppliedByHost(): void {}

function messageOf(error: unknown, fallback: string): string {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

/** A changed field answers the server's complaint about it (and about anything nested under it). */
function issuesLeftAfterChange(issues: readonly FieldIssue[], field: string): FieldIssue[] {
  return issues.filter((issue) => issue.field !== field && !issue.field.startsWith(`${field}.`));
}

/** The loaded application as context: values from the stored JSON or empty, read-only for admin or once submitted. */
function contextFromLoaded(context: ApplicationWizardContext, loaded: LoadedApplication): Partial<ApplicationWizardContext> {
  const { definition, organizationId } = context;
  const readOnly = context.isAdmin || loaded.submitted;
  const values = loaded.draft === null ? definition.emptyValues(organizationId) : definition.fromDraft(loaded.draft.json, organizationId);
  return {
    submitted: loaded.submitted,
    statusCode: loaded.statusCode,
    readOnly,
    values,
    issues: definition.validate(values, { endOfWorksLimit: context.endOfWorksLimit }),
    serverIssues: [],
    draftVersion: loaded.draft?.version ?? 0,
    savedRevision: context.revision,
    savingRevision: context.revision,
    retryAttempt: 0,
    loadError: null,
    saveError: null,
  };
}

/**
 * One application wizard for every fund (spec §2 Application wizard, Common wizard behaviour): the fund's
 * definition brings the steps, values and rules. Loads the application, lets the person move between steps
 * and change fields, autosaves the draft (spec §4: on every step change, and shortly after typing stops),
 * never overwriting a draft changed elsewhere, and submits after confirmation.
 */
export const applicationWizardMachine = setup({
  types: {
    context: {} as ApplicationWizardContext,
    events: {} as ApplicationWizardEvent,
    input: {} as ApplicationWizardInput,
  },
  actors: {
    loadApplication: notProvided('loadApplication'),
    saveDraft: notProvided('saveDraft'),
    submitApplication: notProvided('submitApplication'),
  },
  delays: {
    autosaveDebounce: AUTOSAVE_DEBOUNCE_MS,
    saveRetryBackoff: ({ context }) => saveRetryDelay(context.retryAttempt),
  },
  guards: {
    isEditable: ({ context }) => !context.readOnly,
    hasNextStep: ({ context }) => nextStepIndex(context.definition.steps, context.readOnly, context.stepIndex) !== null,
    hasPreviousStep: ({ context }) => previousStepIndex(context.definition.steps, context.readOnly, context.stepIndex) !== null,
    isOtherReachableStep: ({ context }, params: { index: number }) =>
      params.index !== context.stepIndex && isStepReachable(context.definition.steps, context.readOnly, params.index),
    hasChangesSinceSaveStarted: ({ context }) => context.revision !== context.savingRevision,
    isSaveConflict: (_, params: { error: unknown }) => toSaveDraftFailure(params.error).kind === 'conflict',
    isSaveRetryable: (_, params: { error: unknown }) => {
      const { kind } = toSaveDraftFailure(params.error);
      return kind === 'network' || kind === 'server';
    },
    isSubmitIncomplete: (_, params: { error: unknown }) => toSubmitFailure(params.error).kind === 'incomplete',
    isApplicationComplete: ({ context }) => !context.readOnly && context.issues.length === 0 && context.attachmentsComplete,
    isDraftInConflict: stateIn('#applicationWizard.ready.autosave.conflict'),
    canSubmit: and(['isApplicationComplete', not('isDraftInConflict')]),
    isSaveSettled: not(stateIn('#applicationWizard.ready.autosave.saving')),
  },
  actions: {
    applyLoaded: assign(({ context }, params: { loaded: LoadedApplication }) => {
      const loaded = contextFromLoaded(context, params.loaded);
      return { ...loaded, stepIndex: startStepIndex(context.definition.steps, loaded.readOnly ?? true, context.startStep) };
    }),
    // A reload keeps the person on their step unless it is no longer reachable (submitted meanwhile elsewhere).
    applyReloaded: assign(({ context }, params: { loaded: LoadedApplication }) => {
      const loaded = contextFromLoaded(context, params.loaded);
      return { ...loaded, stepIndex: startStepIndex(context.definition.steps, loaded.readOnly ?? true, context.stepIndex) };
    }),
    storeLoadError: assign((_, params: { error: unknown }) => ({ loadError: messageOf(params.error, messages.wizard.loadFailed) })),
    clearLoadError: assign({ loadError: null }),
    applyChange: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const values = context.definition.applyChange(context.values, event.field, event.value);
      return {
        values,
        issues: context.definition.validate(values, { endOfWorksLimit: context.endOfWorksLimit }),
        serverIssues: issuesLeftAfterChange(context.serverIssues, event.field),
        revision: context.revision + 1,
      };
    }),
    announceChange: raise({ type: 'draft.changed' }),
    requestSave: raise({ type: 'draft.save' }),
    goToNextStep: assign(({ context }) => ({
      stepIndex: nextStepIndex(context.definition.steps, context.readOnly, context.stepIndex) ?? context.stepIndex,
    })),
    goToPreviousStep: assign(({ context }) => ({
      stepIndex: previousStepIndex(context.definition.steps, context.readOnly, context.stepIndex) ?? context.stepIndex,
    })),
    goToStep: assign((_, params: { index: number }) => ({ stepIndex: params.index })),
    storeAttachmentsStatus: assign((_, params: { complete: boolean }) => ({ attachmentsComplete: params.complete })),
    markSaveStarted: assign(({ context }) => ({ savingRevision: context.revision })),
    storeSaved: assign(({ context }, params: { saved: SavedDraft }) => ({
      savedRevision: context.savingRevision,
      draftVersion: params.saved.version,
      savedAt: params.saved.savedAt,
      retryAttempt: 0,
      saveError: null,
    })),
    countSaveRetry: assign(({ context }, params: { error: unknown }) => ({
      retryAttempt: context.retryAttempt + 1,
      saveError: toSaveDraftFailure(params.error).message,
    })),
    storeSaveError: assign((_, params: { error: unknown }) => ({ saveError: toSaveDraftFailure(params.error).message })),
    storeReloadError: assign({ saveError: messages.wizard.reloadFailed }),
    storeSubmitFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = toSubmitFailure(params.error);
      return {
        submitError: failure.message,
        serverIssues: failure.kind === 'incomplete' ? failure.issues : context.serverIssues,
      };
    }),
    storeSubmitConflict: assign({ submitError: messages.wizard.submitConflict }),
    clearSubmitError: assign({ submitError: null }),
    markSubmitted: assign({ submitted: true, readOnly: true, statusCode: 'CANDIDATURA_SOTTOMESSA', submitError: null }),
    // Host: the green 'Salvataggio avvenuto con successo' and the way to /candidaturaCompletata.
    notifySubmitted: suppliedByHost,
    // Host: the red notification (title 'Errore') with `submitError`.
    notifySubmitFailed: suppliedByHost,
  },
}).createMachine({
  id: 'applicationWizard',
  description:
    'Spec §2 Application wizard: one machine for every fund, driven by its definition. Read-only for an admin ' +
    'or a submitted application. Autosave on every step change and after typing stops; a draft changed ' +
    'elsewhere is never overwritten. Submit after "Sicuro di inviare la candidatura…".',
  context: ({ input }) => ({
    definition: input.definition,
    organizationId: input.organizationId,
    isAdmin: input.isAdmin,
    startStep: input.startStep,
    endOfWorksLimit: input.endOfWorksLimit,
    submitted: false,
    statusCode: null,
    readOnly: true,
    stepIndex: 0,
    values: {},
    issues: [],
    serverIssues: [],
    attachmentsComplete: false,
    revision: 0,
    savedRevision: 0,
    savingRevision: 0,
    draftVersion: 0,
    savedAt: null,
    retryAttempt: 0,
    loadError: null,
    saveError: null,
    submitError: null,
  }),
  initial: 'loading',
  on: {
    // The attachments list may answer before or after the application itself.
    'attachments.status': {
      actions: { type: 'storeAttachmentsStatus', params: ({ event }) => ({ complete: event.complete }) },
    },
  },
  states: {
    loading: {
      description: 'Loads the application: the stored draft (or submitted values) and whether it was submitted.',
      invoke: {
        id: 'loadApplication',
        src: 'loadApplication',
        input: ({ context }) => ({ organizationId: context.organizationId, fund: context.definition.fund }),
        onDone: { target: 'ready', actions: { type: 'applyLoaded', params: ({ event }) => ({ loaded: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The application could not be loaded: the message and Riprova are shown.',
      on: { 'load.retry': { target: 'loading', actions: 'clearLoadError' } },
    },
    ready: {
      description: 'The wizard is open on a step. Changing step asks for a save; every change restarts the autosave wait.',
      type: 'parallel',
      on: {
        'field.change': { guard: 'isEditable', actions: ['applyChange', 'announceChange'] },
        'step.next': { guard: 'hasNextStep', actions: ['goToNextStep', 'requestSave'] },
        'step.back': { guard: 'hasPreviousStep', actions: ['goToPreviousStep', 'requestSave'] },
        'step.go': {
          guard: { type: 'isOtherReachableStep', params: ({ event }) => ({ index: event.index }) },
          actions: [{ type: 'goToStep', params: ({ event }) => ({ index: event.index }) }, 'requestSave'],
        },
      },
      states: {
        autosave: {
          description: 'The draft on the server follows the values on the page.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Everything is saved (Salvato), or nothing can be changed.',
              on: { 'draft.changed': { target: 'pending' } },
            },
            pending: {
              description: 'Modifiche non salvate: waits for the person to stop typing; a step change saves at once.',
              after: { autosaveDebounce: { target: 'saving' } },
              on: {
                'draft.changed': { target: 'pending', reenter: true },
                'draft.save': { target: 'saving' },
              },
            },
            saving: {
              description: 'Salvataggio in corso: the values are on their way with the version they are based on.',
              entry: 'markSaveStarted',
              invoke: {
                id: 'saveDraft',
                src: 'saveDraft',
                input: ({ context }) => ({
                  organizationId: context.organizationId,
                  fund: context.definition.fund,
                  values: context.values,
                  version: context.draftVersion,
                }),
                onDone: [
                  {
                    // Changes made while saving are saved right after.
                    guard: 'hasChangesSinceSaveStarted',
                    target: 'saving',
                    reenter: true,
                    actions: { type: 'storeSaved', params: ({ event }) => ({ saved: event.output }) },
                  },
                  { target: 'idle', actions: { type: 'storeSaved', params: ({ event }) => ({ saved: event.output }) } },
                ],
                onError: [
                  {
                    guard: { type: 'isSaveConflict', params: ({ event }) => ({ error: event.error }) },
                    target: 'conflict',
                    actions: { type: 'storeSaveError', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    guard: { type: 'isSaveRetryable', params: ({ event }) => ({ error: event.error }) },
                    target: 'retrying',
                    actions: { type: 'countSaveRetry', params: ({ event }) => ({ error: event.error }) },
                  },
                  { target: 'failed', actions: { type: 'storeSaveError', params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            retrying: {
              description:
                'No answer or a server error: tries again after a wait that doubles each time (capped); a step ' +
                'change or "Salva ora" tries at once. The values stay on the page meanwhile.',
              after: { saveRetryBackoff: { target: 'saving' } },
              on: { 'draft.save': { target: 'saving' } },
            },
            conflict: {
              description:
                'The server has a newer draft (412): autosave stops, the person\u2019s values stay on the page. ' +
                'Ricarica loads the stored draft; nothing is ever overwritten silently.',
              initial: 'asking',
              states: {
                asking: {
                  description: 'The dialog explains the conflict and offers Ricarica or to keep editing here.',
                  on: {
                    'draft.reload': { target: 'reloading' },
                    'conflict.keepEditing': { target: 'editingLocally' },
                  },
                },
                editingLocally: {
                  description: 'Editing goes on without saving; a banner keeps offering Ricarica.',
                  on: { 'draft.reload': { target: 'reloading' } },
                },
                reloading: {
                  description: 'Loads the stored draft, which replaces the values on the page.',
                  invoke: {
                    id: 'reloadApplication',
                    src: 'loadApplication',
                    input: ({ context }) => ({ organizationId: context.organizationId, fund: context.definition.fund }),
                    onDone: {
                      target: '#applicationWizard.ready.autosave.idle',
                      actions: { type: 'applyReloaded', params: ({ event }) => ({ loaded: event.output }) },
                    },
                    onError: { target: 'asking', actions: 'storeReloadError' },
                  },
                },
              },
            },
            failed: {
              description:
                'The server refused the draft (a 4xx other than 412): not retried by itself; the next step ' +
                'change or "Salva ora" tries again. The values stay on the page.',
              on: { 'draft.save': { target: 'saving' } },
            },
          },
        },
        submission: {
          description: 'Invia Candidatura: confirmation, then the whole application goes to the server.',
          initial: 'closed',
          states: {
            closed: {
              description: 'Submit is offered only when the application is complete, attachments included.',
              on: { 'submit.open': { guard: 'canSubmit', target: 'confirming' } },
            },
            confirming: {
              description: '"Sicuro di inviare la candidatura. Non sarà più possibile modificarla." Invia / Indietro.',
              on: {
                'submit.confirm': { target: 'submitting' },
                'submit.cancel': { target: 'closed' },
              },
            },
            submitting: {
              description: 'Invia was pressed once: further presses are ignored until the answer.',
              initial: 'awaitingSave',
              states: {
                awaitingSave: {
                  description:
                    'A draft save under way finishes first, so its answer is not lost; if it finds the draft ' +
                    'changed elsewhere, nothing is sent: the person reloads or decides first.',
                  always: [
                    {
                      guard: 'isDraftInConflict',
                      target: '#applicationWizard.ready.submission.failed',
                      actions: ['storeSubmitConflict', 'notifySubmitFailed'],
                    },
                    { guard: 'isSaveSettled', target: 'sending' },
                  ],
                },
                sending: {
                  description: 'The complete values go to the server, which checks them again.',
                  invoke: {
                    id: 'submitApplication',
                    src: 'submitApplication',
                    input: ({ context }) => ({
                      organizationId: context.organizationId,
                      fund: context.definition.fund,
                      values: context.values,
                    }),
                    onDone: { target: '#applicationWizard.submitted' },
                    onError: {
                      target: '#applicationWizard.ready.submission.failed',
                      actions: [
                        { type: 'storeSubmitFailure', params: ({ event }) => ({ error: event.error }) },
                        'notifySubmitFailed',
                      ],
                    },
                  },
                },
              },
            },
            failed: {
              description: 'Refused: the Italian message, and on a 422 the fields the server found missing.',
              on: {
                'submit.open': { guard: 'canSubmit', target: 'confirming', actions: 'clearSubmitError' },
                'submit.dismiss': { target: 'closed', actions: 'clearSubmitError' },
              },
            },
          },
        },
      },
    },
    submitted: {
      description: 'Sent: "Salvataggio avvenuto con successo", then /candidaturaCompletata.',
      type: 'final',
      entry: ['markSubmitted', 'notifySubmitted'],
    },
  },
});

export type ApplicationWizardMachine = typeof applicationWizardMachine;
