import { and, assertEvent, assign, not, sendTo, setup } from 'xstate';
import { wizardMessages } from '../../domain/messages/wizard.ts';
import type { FieldIssue, WizardRuleContext } from '../../domain/wizard.ts';
import { draftSyncChild } from '../draft-sync/draftSync.machine.ts';
import { SETTLED_SYNC } from '../draft-sync/types.ts';
import { hostAction, hostPromises } from '../host.ts';
import { toSubmitFailure } from './actors.ts';
import { isStepReachable, nextStepIndex, previousStepIndex, startStepIndex } from './steps.ts';
import type {
  ApplicationWizardActorInputs,
  ApplicationWizardActorOutputs,
  ApplicationWizardContext,
  ApplicationWizardEvent,
  ApplicationWizardInput,
  LoadedApplication,
} from './types.ts';

/** The view (and the tests) supply the calls with `.provide({ actors })`. */
const fromHost = hostPromises<ApplicationWizardActorOutputs, ApplicationWizardActorInputs>('application-wizard');

function messageOf(error: unknown, fallback: string): string {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

/** A changed field answers the server's complaint about it (and about anything nested under it). */
function issuesLeftAfterChange(issues: readonly FieldIssue[], field: string): FieldIssue[] {
  return issues.filter((issue) => issue.field !== field && !issue.field.startsWith(`${field}.`));
}

/**
 * The step the person is on now `index`, and the steps they have visited and left with the one they leave added
 * (once, in step order: a set, whatever the order of the visits).
 */
function moving(context: ApplicationWizardContext, index: number): Pick<ApplicationWizardContext, 'stepIndex' | 'visitedSteps'> {
  const { stepIndex, visitedSteps } = context;
  const left = index === stepIndex || visitedSteps.includes(stepIndex) ? visitedSteps : [...visitedSteps, stepIndex].sort((a, b) => a - b);
  return { stepIndex: index, visitedSteps: left };
}

/**
 * The loaded application as context: values from the stored JSON or empty, read-only for admin, for a Sola lettura
 * member or once submitted.
 */
/** The facts beside the values the fund's rules judge them by: the call's limit and today. */
function ruleContext(context: ApplicationWizardContext): WizardRuleContext {
  return { endOfWorksLimit: context.endOfWorksLimit, today: context.today };
}

function contextFromLoaded(context: ApplicationWizardContext, loaded: LoadedApplication): Partial<ApplicationWizardContext> {
  const { definition, organizationId } = context;
  const readOnly = context.isAdmin || !context.memberMayWrite || loaded.submitted;
  const values = loaded.draft === null ? definition.emptyValues(organizationId) : definition.fromDraft(loaded.draft.json, organizationId);
  return {
    submitted: loaded.submitted,
    statusCode: loaded.statusCode,
    readOnly,
    values,
    issues: definition.validate(values, ruleContext(context)),
    serverIssues: [],
    draftVersion: loaded.draft?.version ?? 0,
    sync: SETTLED_SYNC,
    loadError: null,
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
    loadApplication: fromHost('loadApplication'),
    submitApplication: fromHost('submitApplication'),
    draftSync: draftSyncChild,
  },
  guards: {
    isEditable: ({ context }) => !context.readOnly,
    hasNextStep: ({ context }) => nextStepIndex(context.definition.steps, context.readOnly, context.stepIndex) !== null,
    hasPreviousStep: ({ context }) => previousStepIndex(context.definition.steps, context.readOnly, context.stepIndex) !== null,
    isOtherReachableStep: ({ context }, params: { index: number }) =>
      params.index !== context.stepIndex && isStepReachable(context.definition.steps, context.readOnly, params.index),
    isSubmitIncomplete: (_, params: { error: unknown }) => toSubmitFailure(params.error).kind === 'incomplete',
    isSubmitQueued: (_, params: { error: unknown }) => toSubmitFailure(params.error).kind === 'queued',
    isApplicationComplete: ({ context }) =>
      !context.readOnly && context.issues.length === 0 && context.attachmentsComplete && context.signatureSatisfied,
    // What the draft sync last reported: a draft changed elsewhere, or a save under way.
    isDraftInConflict: ({ context }) => context.sync.state === 'conflict',
    canSubmit: and(['isApplicationComplete', not('isDraftInConflict')]),
    isSaveSettled: ({ context }) => context.sync.state !== 'saving',
  },
  actions: {
    applyLoaded: assign(({ context }, params: { loaded: LoadedApplication }) => {
      const loaded = contextFromLoaded(context, params.loaded);
      return { ...loaded, stepIndex: startStepIndex(context.definition.steps, loaded.readOnly ?? true, context.startStep) };
    }),
    // A reload keeps the person on their step unless it is no longer reachable (submitted meanwhile elsewhere).
    applyReloaded: assign(({ context }, params: { loaded: LoadedApplication }) => {
      const loaded = contextFromLoaded(context, params.loaded);
      return { ...loaded, ...moving(context, startStepIndex(context.definition.steps, loaded.readOnly ?? true, context.stepIndex)) };
    }),
    storeLoadError: assign((_, params: { error: unknown }) => ({ loadError: messageOf(params.error, wizardMessages.loadFailed) })),
    clearLoadError: assign({ loadError: null }),
    applyChange: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const values = context.definition.applyChange(context.values, event.field, event.value);
      return {
        values,
        issues: context.definition.validate(values, ruleContext(context)),
        serverIssues: issuesLeftAfterChange(context.serverIssues, event.field),
        // What was signed is no longer what would be handed over, until the submit step checks the new Domanda.
        signatureSatisfied: !context.signatureRequired,
      };
    }),
    // The draft sync saves the values shortly after typing stops, and at once on a step change.
    announceChange: sendTo('draftSync', ({ context }) => ({ type: 'draft.changed', values: context.values })),
    requestSave: sendTo('draftSync', { type: 'draft.save' }),
    forwardToDraftSync: sendTo('draftSync', ({ event }) => {
      assertEvent(event, ['draft.save', 'draft.reload', 'conflict.keepEditing']);
      return event;
    }),
    storeSyncReport: assign((_, params: { report: ApplicationWizardContext['sync'] }) => ({ sync: params.report })),
    goToNextStep: assign(({ context }) =>
      moving(context, nextStepIndex(context.definition.steps, context.readOnly, context.stepIndex) ?? context.stepIndex),
    ),
    goToPreviousStep: assign(({ context }) =>
      moving(context, previousStepIndex(context.definition.steps, context.readOnly, context.stepIndex) ?? context.stepIndex),
    ),
    goToStep: assign(({ context }, params: { index: number }) => moving(context, params.index)),
    storeAttachmentsStatus: assign((_, params: { complete: boolean }) => ({ attachmentsComplete: params.complete })),
    storeSignatureStatus: assign(({ context }, params: { satisfied: boolean }) => ({
      signatureSatisfied: !context.signatureRequired || params.satisfied,
    })),
    storeSubmitFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = toSubmitFailure(params.error);
      return {
        submitError: failure.message,
        serverIssues: failure.kind === 'incomplete' ? failure.issues : context.serverIssues,
        submitQueue: null,
      };
    }),
    // The first try's time stays for every retry: it is what the person is told, and their place in the order.
    storeSubmitQueue: assign(({ context }, params: { error: unknown }) => {
      const failure = toSubmitFailure(params.error);
      if (failure.kind !== 'queued') return {};
      return {
        submitQueue: {
          firstTriedAt: context.submitQueue?.firstTriedAt ?? failure.triedAt,
          retryAfterMs: failure.retryAfterMs,
          message: failure.message,
        },
      };
    }),
    storeSubmitConflict: assign({ submitError: wizardMessages.submitConflict }),
    clearSubmitError: assign({ submitError: null }),
    markSubmitted: assign({ submitted: true, readOnly: true, statusCode: 'CANDIDATURA_SOTTOMESSA', submitError: null, submitQueue: null }),
    // Host: the green 'Candidatura inviata' with the protocol number, and the way to /candidaturaCompletata.
    notifySubmitted: hostAction(),
    // Host: the red notification (title 'Errore') with `submitError`.
    notifySubmitFailed: hostAction(),
  },
  delays: {
    // The server's Retry-After: how long the queue asked the browser to wait before the next try.
    queueRetryAfter: ({ context }) => context.submitQueue?.retryAfterMs ?? 1000,
  },
}).createMachine({
  id: 'applicationWizard',
  description:
    'Spec §2 Application wizard: one machine for every fund, driven by its definition. Read-only for an admin, ' +
    'a Sola lettura member or a submitted application. Autosave on every step change and after typing stops; a draft changed ' +
    'elsewhere is never overwritten. Submit after "Sicuro di inviare la candidatura…".',
  context: ({ input }) => ({
    definition: input.definition,
    organizationId: input.organizationId,
    isAdmin: input.isAdmin,
    memberMayWrite: input.memberMayWrite,
    startStep: input.startStep,
    endOfWorksLimit: input.endOfWorksLimit,
    today: input.today,
    signatureRequired: input.signatureRequired,
    signatureSatisfied: !input.signatureRequired,
    submitted: false,
    statusCode: null,
    readOnly: true,
    stepIndex: 0,
    visitedSteps: [],
    values: {},
    issues: [],
    serverIssues: [],
    attachmentsComplete: false,
    draftVersion: 0,
    sync: SETTLED_SYNC,
    loadError: null,
    submitError: null,
    submitQueue: null,
  }),
  initial: 'loading',
  on: {
    // The attachments list may answer before or after the application itself.
    'attachments.status': {
      actions: { type: 'storeAttachmentsStatus', params: ({ event }) => ({ complete: event.complete }) },
    },
    'signature.status': {
      actions: { type: 'storeSignatureStatus', params: ({ event }) => ({ satisfied: event.satisfied }) },
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
      description: 'The wizard is open on a step. Changes and step changes go to the draft sync, which saves them.',
      type: 'parallel',
      invoke: {
        id: 'draftSync',
        src: 'draftSync',
        input: ({ context }) => ({ version: context.draftVersion }),
      },
      on: {
        'field.change': { guard: 'isEditable', actions: ['applyChange', 'announceChange'] },
        'step.next': { guard: 'hasNextStep', actions: ['goToNextStep', 'requestSave'] },
        'step.back': { guard: 'hasPreviousStep', actions: ['goToPreviousStep', 'requestSave'] },
        'step.go': {
          guard: { type: 'isOtherReachableStep', params: ({ event }) => ({ index: event.index }) },
          actions: [{ type: 'goToStep', params: ({ event }) => ({ index: event.index }) }, 'requestSave'],
        },
        'draft.save': { actions: 'forwardToDraftSync' },
        'draft.reload': { actions: 'forwardToDraftSync' },
        'conflict.keepEditing': { actions: 'forwardToDraftSync' },
        'draftSync.report': { actions: { type: 'storeSyncReport', params: ({ event }) => ({ report: event.report }) } },
        'draftSync.reloaded': {
          actions: { type: 'applyReloaded', params: ({ event }) => ({ loaded: event.payload as LoadedApplication }) },
        },
      },
      states: {
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
                    onError: [
                      {
                        guard: { type: 'isSubmitQueued', params: ({ event }) => ({ error: event.error }) },
                        target: 'queued',
                        actions: { type: 'storeSubmitQueue', params: ({ event }) => ({ error: event.error }) },
                      },
                      {
                        target: '#applicationWizard.ready.submission.failed',
                        actions: [{ type: 'storeSubmitFailure', params: ({ event }) => ({ error: event.error }) }, 'notifySubmitFailed'],
                      },
                    ],
                  },
                },
                queued: {
                  description:
                    "A click day's queue was full (503): «Sei in coda: la tua domanda verrà inviata appena possibile» with " +
                    'the time of the first try; after the Retry-After the same application is sent again, by itself.',
                  after: { queueRetryAfter: { target: 'sending' } },
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
      description: 'Sent: "Candidatura inviata" with the protocol number, then /candidaturaCompletata.',
      type: 'final',
      entry: ['markSubmitted', 'notifySubmitted'],
    },
  },
});
