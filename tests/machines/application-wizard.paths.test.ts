import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type AnyEventObject } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { applyStep, controlledActors, settled } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';
import type { FieldIssue, FundWizardDefinition } from '../../domain/wizard.ts';
import { submissionMessages } from '../../domain/messages/submission.ts';
import { wizardMessages } from '../../domain/messages/wizard.ts';
import { turWizardDefinition } from '../../domain/tur/turWizard.ts';
import { toSubmitFailure } from '../../machines/application-wizard/actors.ts';
import { applicationWizardMachine } from '../../machines/application-wizard/applicationWizard.machine.ts';
import { draftSyncChild } from '../../machines/draft-sync/draftSync.machine.ts';
import { AUTOSAVE_DEBOUNCE_MS, saveRetryDelay, SAVE_RETRY_MAX_MS } from '../../machines/draft-sync/timing.ts';
import type {
  DraftSyncReport,
  DraftSyncState,
  ReloadedDraft,
  SaveDraftRequest,
  SavedDraftVersion,
} from '../../machines/draft-sync/types.ts';
import {
  selectBackLink,
  selectCanGoBack,
  selectCanSubmit,
  selectHasUnsavedChanges,
  selectIsConflictDialogOpen,
  selectIssues,
  selectSaveError,
  selectSaveIndicator,
  selectSavedAt,
  selectApplicationWizardView,
  selectStepStates,
  selectSubmitError,
  selectSubmitQueue,
  type ApplicationWizardSnapshot,
} from '../../machines/application-wizard/selectors.ts';
import type {
  ApplicationWizardActorInputs,
  ApplicationWizardEvent,
  ApplicationWizardInput,
  LoadedApplication,
  SaveDraftFailure,
  SubmitApplicationFailure,
  SubmitApplicationInput,
} from '../../machines/application-wizard/types.ts';

// ---------------------------------------------------------------------------------------------
// A tiny fund: two form steps, Allegati, Invia. Changing the city clears the comune (a dependent reset);
// the share is computed from amount and total; the end of works must not pass the call's limit.
// ---------------------------------------------------------------------------------------------

type TinyValues = {
  organizationId: string;
  city: string;
  comune: string;
  amount: number | null;
  total: number | null;
  share: number;
  endOfWorks: string;
};

function withShare(values: TinyValues): TinyValues {
  const { amount, total } = values;
  return { ...values, share: amount !== null && total !== null && total > 0 ? (amount / total) * 100 : 0 };
}

const tinyFund: FundWizardDefinition<TinyValues> = {
  fund: 'PUI',
  title: 'Candidatura di prova',
  steps: [
    { id: 'progetto', title: 'Progetto', kind: 'form' },
    { id: 'fonti', title: 'Fonti e Impieghi', kind: 'form' },
    { id: 'allegati', title: 'Allegati', kind: 'attachments' },
    { id: 'invio', title: 'Invia Candidatura', kind: 'submit' },
  ],
  emptyValues: (organizationId) => ({ organizationId, city: '', comune: '', amount: null, total: null, share: 0, endOfWorks: '' }),
  fromDraft(json, organizationId) {
    const stored = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
    const text = (key: string) => (typeof stored[key] === 'string' ? stored[key] : '');
    const amount = (key: string) => (typeof stored[key] === 'number' ? stored[key] : null);
    return withShare({
      organizationId,
      city: text('city'),
      comune: text('comune'),
      amount: amount('amount'),
      total: amount('total'),
      share: 0,
      endOfWorks: text('endOfWorks'),
    });
  },
  applyChange(values, field, value) {
    const next = { ...values, [field]: value } as TinyValues;
    if (field === 'city') next.comune = '';
    return withShare(next);
  },
  validate(values, { endOfWorksLimit }) {
    const issues: FieldIssue[] = [];
    if (values.city === '') issues.push({ field: 'city', step: 'progetto', message: 'Campo obbligatorio' });
    if (values.comune === '') issues.push({ field: 'comune', step: 'progetto', message: 'Campo obbligatorio' });
    if (values.amount === null) issues.push({ field: 'amount', step: 'fonti', message: 'Campo obbligatorio' });
    if (values.endOfWorks > endOfWorksLimit) {
      issues.push({ field: 'endOfWorks', step: 'fonti', message: 'La data non può superare il 31/08/2026' });
    }
    return issues;
  },
  stepHasValues(values, stepId) {
    if (stepId === 'progetto') return values.city !== '' || values.comune !== '';
    if (stepId === 'fonti') return values.amount !== null || values.total !== null || values.endOfWorks !== '';
    return false;
  },
};

const organizationId = 'org-1';
const input: ApplicationWizardInput = {
  definition: tinyFund,
  organizationId,
  isAdmin: false,
  memberMayWrite: true,
  startStep: 0,
  endOfWorksLimit: '2026-08-31',
  today: '2026-01-01',
  // The call requires the signed Domanda (issue 43): Invia waits for the submit step's word.
  signatureRequired: true,
};

const storedDraft = { city: 'Roma', comune: '', amount: 1_000_000, total: 4_000_000, endOfWorks: '2026-06-30' };
const openDraftVersion = 3;
const openDraft: LoadedApplication = { submitted: false, statusCode: 'APERTA', draft: { json: storedDraft, version: openDraftVersion } };
const submittedApplication: LoadedApplication = {
  submitted: true,
  statusCode: 'CANDIDATURA_SOTTOMESSA',
  draft: { json: { ...storedDraft, comune: 'Fiumicino' }, version: 5 },
};
const newerDraftVersion = 7;
// What another member saved meanwhile: a reload after a conflict brings it.
const newerDraft: LoadedApplication = {
  submitted: false,
  statusCode: 'APERTA',
  draft: { json: { ...storedDraft, comune: 'Guidonia Montecelio' }, version: newerDraftVersion },
};

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc: a new event without fixtures fails the type check. The draft sync child's reports
// (draftSync.*) are fixtures too: the graph walks the wizard's own transitions; the child has its own paths.
// ---------------------------------------------------------------------------------------------

const syncReportOf = (state: DraftSyncState): DraftSyncReport => ({
  state,
  asking: state === 'conflict',
  error: state === 'conflict' ? wizardMessages.saveIndicator.conflict : null,
  savedAt: null,
});

type EventFixtures = { [K in ApplicationWizardEvent['type']]: readonly Extract<ApplicationWizardEvent, { type: K }>[] };

const eventFixtures = {
  'load.retry': [{ type: 'load.retry' }],
  // The comune was the last missing field of the stored draft.
  'field.change': [{ type: 'field.change', field: 'comune', value: 'Fiumicino' }],
  'step.next': [{ type: 'step.next' }],
  'step.back': [{ type: 'step.back' }],
  'step.go': [
    { type: 'step.go', index: 3 },
    { type: 'step.go', index: 9 },
  ],
  'draft.save': [{ type: 'draft.save' }],
  'draft.reload': [{ type: 'draft.reload' }],
  'conflict.keepEditing': [{ type: 'conflict.keepEditing' }],
  // What the sync reports on entering each state; in conflict, the person is asked.
  'draftSync.report': (['idle', 'pending', 'saving', 'retrying', 'conflict', 'failed'] as const).map(
    (state) => ({ type: 'draftSync.report', sync: 'draftSync', report: syncReportOf(state) }) as const,
  ),
  'draftSync.reloaded': [
    { type: 'draftSync.reloaded', sync: 'draftSync', payload: newerDraft },
    { type: 'draftSync.reloaded', sync: 'draftSync', payload: submittedApplication },
  ],
  'attachments.status': [
    { type: 'attachments.status', complete: true },
    { type: 'attachments.status', complete: false },
  ],
  // The submit step finds the signed Domanda signs the application as it is (a change makes it stale again).
  'signature.status': [{ type: 'signature.status', satisfied: true }],
  'submit.open': [{ type: 'submit.open' }],
  'submit.confirm': [{ type: 'submit.confirm' }],
  'submit.cancel': [{ type: 'submit.cancel' }],
  'submit.dismiss': [{ type: 'submit.dismiss' }],
} as const satisfies EventFixtures;

const saved: SavedDraftVersion = { version: 4, savedAt: '2026-05-04T10:00:00.000Z' };
const conflict: SaveDraftFailure = { kind: 'conflict', message: wizardMessages.saveIndicator.conflict };
const offline: SaveDraftFailure = { kind: 'network', message: wizardMessages.saveIndicator.retrying };
const refused: SaveDraftFailure = { kind: 'rejected', message: 'La bozza è troppo grande per essere salvata.' };
const incomplete: SubmitApplicationFailure = {
  kind: 'incomplete',
  message: wizardMessages.submitIncomplete,
  issues: [{ field: 'comune', step: 'progetto', message: 'Comune non valido per la città indicata' }],
};
const submitOffline: SubmitApplicationFailure = { kind: 'network', message: wizardMessages.submitFailed };
// A click day's queue was full (issue 45): the same application goes again after Retry-After.
const firstTriedAt = '2026-05-04T08:00:00.250Z';
const submitQueued: SubmitApplicationFailure = {
  kind: 'queued',
  message: submissionMessages.queued,
  triedAt: firstTriedAt,
  retryAfterMs: 2000,
};
const QUEUE_RETRY = 'xstate.after.queueRetryAfter.applicationWizard.ready.submission.submitting.queued';
const loadFailure = { status: null, message: 'Impossibile contattare il server. Controlla la connessione e riprova.' };

type ActorEvent =
  | { type: 'xstate.done.actor.loadApplication'; output: LoadedApplication }
  | { type: 'xstate.error.actor.loadApplication'; error: unknown }
  | { type: 'xstate.done.actor.submitApplication'; output: undefined }
  // The machine also reads a raw API error (status, message), as an actor without createApplicationWizardActors throws.
  | { type: 'xstate.error.actor.submitApplication'; error: SubmitApplicationFailure | { status: number | null; message: string } }
  // The draft sync's own calls, when the real child runs (focused tests).
  | { type: 'xstate.done.actor.saveDraft'; output: SavedDraftVersion }
  | { type: 'xstate.error.actor.saveDraft'; error: SaveDraftFailure }
  | { type: 'xstate.done.actor.reloadDraft'; output: ReloadedDraft }
  // The queue's Retry-After has passed.
  | { type: typeof QUEUE_RETRY };
type GraphEvent = ApplicationWizardEvent | ActorEvent;

const actorEvents: ActorEvent[] = [
  { type: 'xstate.done.actor.loadApplication', output: openDraft },
  { type: 'xstate.done.actor.loadApplication', output: submittedApplication },
  { type: 'xstate.error.actor.loadApplication', error: loadFailure },
  { type: 'xstate.done.actor.submitApplication', output: undefined },
  { type: 'xstate.error.actor.submitApplication', error: incomplete },
  { type: 'xstate.error.actor.submitApplication', error: submitOffline },
  { type: 'xstate.error.actor.submitApplication', error: submitQueued },
  { type: QUEUE_RETRY },
];

const graphEvents: GraphEvent[] = [...Object.values(eventFixtures).flat(), ...actorEvents];

/** One story the graph walks: which events it sends from a snapshot (beyond what the machine accepts). */
type Scenario = (snapshot: ApplicationWizardSnapshot, event: GraphEvent) => boolean;

const isLoadEvent = (event: GraphEvent) => event.type.endsWith('.actor.loadApplication') || event.type === 'load.retry';
const loadsOpenDraft = (event: GraphEvent) => event.type === 'xstate.done.actor.loadApplication' && !event.output.submitted;
const isQueuedAnswer = (event: GraphEvent) =>
  event.type === 'xstate.error.actor.submitApplication' && (event.error as { kind?: string }).kind === 'queued';
const syncReport = (event: GraphEvent, ...states: DraftSyncState[]) =>
  event.type === 'draftSync.report' && states.includes(event.report.state);

/**
 * The graph is walked as four stories, each small enough to read, that together take every transition:
 * loading and the read-only wizard; moving between steps while editing; what the draft sync reports (its
 * states, a reload); submitting, with a save under way or a conflict.
 */
const scenarios: Record<string, Scenario> = {
  // Read-only, the steps are walked forward and jumped to from the first (back was walked while editing).
  'loading and read-only': (snapshot, event) =>
    isLoadEvent(event) ||
    (snapshot.context.readOnly && (event.type === 'step.next' || (event.type === 'step.go' && snapshot.context.visitedSteps.length === 0))),
  'moving between steps': (snapshot, event) => {
    if (loadsOpenDraft(event)) return true;
    // The comune is typed on the first step before moving on; a jump to a step is taken from the first one only,
    // so the steps opened since (the indicators' business) stay few combinations.
    const onlyFirstVisited = snapshot.context.visitedSteps.length === 0;
    if (event.type === 'field.change') return onlyFirstVisited && snapshot.context.values.comune === '';
    if (event.type === 'step.go' || event.type === 'draft.save') return onlyFirstVisited;
    // Once the comune is typed, forward is enough: going back was walked without it. Back from a step seen for the
    // first time only: a step left once is left again the same way.
    if (event.type === 'step.back') {
      return snapshot.context.values.comune === '' && !snapshot.context.visitedSteps.includes(snapshot.context.stepIndex);
    }
    return event.type.startsWith('step.');
  },
  'draft sync': (snapshot, event) => {
    if (loadsOpenDraft(event)) return true;
    if (snapshot.context.draftVersion !== openDraftVersion || snapshot.context.readOnly) return false;
    // Each state the sync may report, from Salvato and back (or into a conflict).
    if (event.type === 'draftSync.report') {
      const from = snapshot.context.sync.state;
      const to = event.report.state;
      return to !== from && (from === 'idle' || to === 'idle' || to === 'conflict');
    }
    return event.type === 'draft.reload' || event.type === 'conflict.keepEditing' || event.type === 'draftSync.reloaded';
  },
  submitting: (snapshot, event) => {
    const { context } = snapshot;
    if (loadsOpenDraft(event)) return true;
    if (event.type === 'field.change') return context.values.comune === '';
    // Attachments change before the Domanda is signed (its list of files is part of what is signed).
    if (event.type === 'attachments.status')
      return (
        !context.signatureSatisfied &&
        event.complete !== context.attachmentsComplete &&
        snapshot.matches({ ready: { submission: 'closed' } })
      );
    // The submit step's signature section says the signed Domanda signs the application as it is, or no longer does.
    if (event.type === 'signature.status')
      return (
        context.attachmentsComplete &&
        context.issues.length === 0 &&
        context.sync.state === 'idle' &&
        event.satisfied !== context.signatureSatisfied &&
        snapshot.matches({ ready: { submission: 'closed' } })
      );
    // A save under way when Invia is pressed, then its end or a conflict.
    if (event.type === 'draftSync.report') {
      if (context.sync.state === 'idle') return syncReport(event, 'saving');
      return context.sync.state === 'saving' && syncReport(event, 'idle', 'conflict');
    }
    return event.type.startsWith('submit.') || (event.type.endsWith('.actor.submitApplication') && !isQueuedAnswer(event));
  },
  // A click day's queue (issue 45): the complete application is sent, queued, sent again after Retry-After.
  'the click day queue': (snapshot, event) => {
    const { context } = snapshot;
    if (loadsOpenDraft(event)) return true;
    if (!snapshot.matches('ready')) return false;
    if (event.type === 'field.change') return context.values.comune === '';
    if (event.type === 'attachments.status') return event.complete && !context.attachmentsComplete && context.issues.length === 0;
    if (event.type === 'signature.status') return !context.signatureSatisfied && context.attachmentsComplete;
    // Once: what follows a failure was walked in the submitting story.
    if (event.type === 'submit.open') return snapshot.matches({ ready: { submission: 'closed' } });
    if (event.type === 'submit.confirm') return true;
    // The first answer is the queue's; after it, any answer.
    if (event.type.endsWith('.actor.submitApplication')) return context.submitQueue !== null || isQueuedAnswer(event);
    return event.type === QUEUE_RETRY;
  },
};

function traversalFor(scenario: Scenario) {
  return {
    input,
    events: graphEvents as ApplicationWizardEvent[],
    filterEvents: ((snapshot: ApplicationWizardSnapshot, event: GraphEvent) =>
      snapshot.can(event as ApplicationWizardEvent) && scenario(snapshot, event)) as never,
  };
}

const walks = Object.entries(scenarios).map(([name, scenario]) => ({
  name,
  ...pathsCoveringEveryEdge(applicationWizardMachine, traversalFor(scenario)),
}));

type WizardPath = StatePath<ApplicationWizardSnapshot, ApplicationWizardEvent>;

// ---------------------------------------------------------------------------------------------
// Replay on a real actor: the calls are promises the test settles, time is a simulated clock, and every
// transition the wizard takes is recorded for the coverage check. The draft sync child is either a stand-in
// that records what the wizard tells it (path replays: its reports are the graph's events) or the real one.
// ---------------------------------------------------------------------------------------------

const takenTransitions = new Set<string>();

interface Calls {
  loads: ApplicationWizardActorInputs['loadApplication'][];
  submits: SubmitApplicationInput[];
  /** What the wizard told its draft sync (stand-in child). */
  toSync: AnyEventObject[];
  /** The saves the real draft sync made. */
  saves: SaveDraftRequest[];
  reloads: number;
  notified: string[];
}

function startReplay(actorInput: ApplicationWizardInput = input, sync: 'stand-in' | 'real' = 'real') {
  const clock = new SimulatedClock();
  const calls: Calls = { loads: [], submits: [], toSync: [], saves: [], reloads: 0, notified: [] };
  const controls = controlledActors();

  const draftSync =
    sync === 'real'
      ? draftSyncChild.provide({
          actors: {
            saveDraft: controls.promise<SavedDraftVersion, SaveDraftRequest>((request) => calls.saves.push(request)),
            reloadDraft: controls.promise<ReloadedDraft, void>(() => void (calls.reloads += 1)),
          },
        })
      : fromCallback<AnyEventObject>(({ receive }) => receive((command) => void calls.toSync.push(command)));

  const actor = createActor(
    applicationWizardMachine.provide({
      actors: {
        loadApplication: controls.promise<LoadedApplication, ApplicationWizardActorInputs['loadApplication']>((request) =>
          calls.loads.push(request),
        ),
        submitApplication: controls.promise<void, SubmitApplicationInput>((request) => calls.submits.push(request)),
        draftSync: draftSync as never,
      },
      actions: {
        notifySubmitted: () => void calls.notified.push('submitted'),
        notifySubmitFailed: ({ context }) => void calls.notified.push(`failed: ${context.submitError}`),
      },
    }),
    { input: actorInput, clock, inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();

  async function apply(event: GraphEvent): Promise<void> {
    if (event.type === QUEUE_RETRY) {
      clock.increment(actor.getSnapshot().context.submitQueue?.retryAfterMs ?? 0);
      await settled();
    } else {
      await applyStep(actor, controls, event);
    }
  }

  return { actor, calls, clock, apply, settle: settled };
}

function describeEvent(event: GraphEvent): string {
  if (event.type === QUEUE_RETRY) return 'after Retry-After';
  const name = event.type.replace(/^xstate\./, '');
  if ('error' in event) return `${name}(${(event.error as { kind?: string }).kind ?? 'failure'})`;
  if ('output' in event && event.output && typeof event.output === 'object' && 'submitted' in event.output) {
    return `${name}(${(event.output as LoadedApplication).submitted ? 'submitted' : 'open'})`;
  }
  if (event.type === 'draftSync.report') return `sync(${event.report.state})`;
  if (event.type === 'draftSync.reloaded') return `reloaded(${(event.payload as LoadedApplication).submitted ? 'submitted' : 'newer'})`;
  if (event.type === 'step.go') return `step.go(${event.index})`;
  if (event.type === 'attachments.status') return `attachments(${event.complete ? 'complete' : 'missing'})`;
  return name;
}

function describePath(path: WizardPath): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event as GraphEvent));
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || '(start)'}`;
}

async function replayPuiPath(path: WizardPath): Promise<void> {
  const { actor, calls, apply } = startReplay(input, 'stand-in');
  for (const step of path.steps.slice(1)) {
    const before = actor.getSnapshot();
    const toSyncBefore = calls.toSync.length;
    const submitsBefore = calls.submits.length;
    const notifiedBefore = calls.notified.length;
    await apply(step.event as GraphEvent);
    const after = actor.getSnapshot();
    expect(after.value).toEqual(step.state.value);
    const told = calls.toSync.slice(toSyncBefore);

    // Read-only: nothing the person does changes or submits anything, nor reaches the draft sync as a change.
    if (before.context.readOnly && before.matches('ready')) {
      expect(after.context.values).toEqual(before.context.values);
      expect(told.map((command) => command.type)).not.toContain('draft.changed');
      expect(calls.submits.length).toBe(submitsBefore);
      expect(selectStepStates(after).map((indicator) => indicator.step.kind)).not.toContain('submit');
    }
    // Every change reaches the draft sync with the values of that moment; every step change asks it to save now.
    if (step.event.type === 'field.change' && before.matches('ready') && !before.context.readOnly) {
      expect(told).toEqual([{ type: 'draft.changed', values: after.context.values }]);
    }
    if (step.event.type.startsWith('step.') && after.context.stepIndex !== before.context.stepIndex) {
      expect(told).toEqual([{ type: 'draft.save' }]);
    }
    if (['draft.save', 'draft.reload', 'conflict.keepEditing'].includes(step.event.type)) expect(told).toEqual([step.event]);
    // A change makes the signed Domanda stale until the submit step has checked it again (issue 43).
    if (step.event.type === 'field.change' && !after.context.readOnly) expect(after.context.signatureSatisfied).toBe(false);
    // A reload replaces the values with the stored ones.
    if (step.event.type === 'draftSync.reloaded') {
      expect(after.context.values).toMatchObject((step.event.payload as LoadedApplication).draft!.json as object);
    }
    // Invia sends the values once, only when the application could be submitted and no save is under way.
    if (calls.submits.length > submitsBefore) {
      expect(calls.submits).toHaveLength(submitsBefore + 1);
      expect(calls.submits.at(-1)).toEqual({ organizationId, fund: 'PUI', values: after.context.values });
      expect(after.context.issues).toEqual([]);
      expect(after.context.attachmentsComplete).toBe(true);
      expect(after.context.signatureSatisfied).toBe(true);
      expect(after.context.sync.state).not.toBe('saving');
    }
    if (after.matches('submitted') && !before.matches('submitted')) expect(calls.notified.at(-1)).toBe('submitted');
    // Queued: no failure is notified, the first try's time is shown and kept through every retry.
    if (after.matches({ ready: { submission: { submitting: 'queued' } } })) {
      expect(calls.notified).toHaveLength(notifiedBefore);
      expect(selectSubmitQueue(after)).toEqual({ message: submissionMessages.queued, firstTriedAt });
      expect(selectSubmitError(after)).toBeNull();
    }
    if (!after.matches({ ready: { submission: 'submitting' } })) expect(selectSubmitQueue(after)).toBeNull();
    if (after.matches({ ready: { submission: 'failed' } }) && !before.matches({ ready: { submission: 'failed' } })) {
      expect(calls.notified.at(-1)).toBe(`failed: ${selectSubmitError(after)}`);
    }
  }

  const snapshot = actor.getSnapshot();
  expect(snapshot.value).toEqual(path.state.value);
  expect(snapshot.context).toEqual(path.state.context);
  if (snapshot.matches('ready')) {
    expect(selectHasUnsavedChanges(snapshot)).toBe(snapshot.context.sync.state !== 'idle');
    expect(selectCanGoBack(snapshot)).toBe(snapshot.context.stepIndex > 0);
    const current = selectStepStates(snapshot).filter((indicator) => indicator.state === 'current');
    expect(current.map((indicator) => indicator.index)).toEqual([snapshot.context.stepIndex]);
    if (selectCanSubmit(snapshot)) {
      expect(snapshot.context.readOnly).toBe(false);
      expect(snapshot.context.sync.state).not.toBe('conflict');
    }
  }
  actor.stop();
}

/**
 * The TUR fund's own definition through the same machine: loading a stored TUR draft, changing a field
 * whose dependants reset, moving through the six steps. Each walked path is replayed and its context compared.
 */
const turInput: ApplicationWizardInput = { ...input, definition: turWizardDefinition as unknown as ApplicationWizardInput['definition'] };
const turDraft: LoadedApplication = {
  submitted: false,
  statusCode: 'APERTA',
  draft: { json: { progRegione: '9', progProvincia: '52', progComune: '52037' }, version: 2 },
};
const turWalk = pathsCoveringEveryEdge(applicationWizardMachine, {
  input: turInput,
  events: [
    { type: 'xstate.done.actor.loadApplication', output: turDraft },
    { type: 'field.change', field: 'progRegione', value: '12' },
    { type: 'step.next' },
    { type: 'step.back' },
    { type: 'step.go', index: 4 },
  ] as ApplicationWizardEvent[],
  filterEvents: ((snapshot: ApplicationWizardSnapshot, event: GraphEvent) =>
    snapshot.can(event as ApplicationWizardEvent) &&
    (event.type !== 'field.change' || snapshot.context.values.progRegione === '9')) as never,
});

async function replayTurPath(path: WizardPath): Promise<void> {
  const { actor, apply } = startReplay(turInput, 'stand-in');
  for (const step of path.steps.slice(1)) await apply(step.event as GraphEvent);
  const snapshot = actor.getSnapshot();
  expect(snapshot.value).toEqual(path.state.value);
  expect(snapshot.context).toEqual(path.state.context);
  // A new region clears province and comune (spec §4); the steps are TUR's six.
  if (snapshot.context.values.progRegione === '12') expect(snapshot.context.values).toMatchObject({ progProvincia: '', progComune: '' });
  if (snapshot.matches('ready')) expect(selectStepStates(snapshot)).toHaveLength(6);
  actor.stop();
}

describeMachinePaths({
  title: 'application-wizard machine',
  machine: applicationWizardMachine,
  walks: [...walks.map((walk) => ({ ...walk, fund: 'PUI' as const })), { name: 'the TUR definition', fund: 'TUR' as const, ...turWalk }],
  name: describePath,
  taken: () => takenTransitions,
  replay: (path, walk) => (walk.fund === 'TUR' ? replayTurPath(path) : replayPuiPath(path)),
  // Comparing every edge of the TUR graph with the walked paths takes seconds on a busy machine.
  coverageTest: { timeout: 60_000 },
  coverage: () => {
    // 200 until the click day's queue (issue 45) added its own story of 13 paths.
    it('keeps the number of paths of the PUI walks small enough to read, all together', () => {
      expect(walks.reduce((count, walk) => count + walk.paths.length, 0)).toBeLessThan(215);
    });
  },
});

// ---------------------------------------------------------------------------------------------
// Focused behaviour with the real draft sync child on a simulated clock: debounce, backoff, conflict and
// reload, double submit, submit waiting for a save, read-only.
// ---------------------------------------------------------------------------------------------

async function openWizard(loaded: LoadedApplication = openDraft, actorInput: ApplicationWizardInput = input) {
  const replay = startReplay(actorInput, 'real');
  await replay.apply({ type: 'xstate.done.actor.loadApplication', output: loaded });
  return replay;
}

const completeComune = { type: 'field.change', field: 'comune', value: 'Fiumicino' } as const;

describe('application-wizard autosave (through its draft sync)', () => {
  it('saves once, when the person has stopped typing for the debounce time', async () => {
    const { actor, calls, clock, apply, settle } = await openWizard();
    for (const value of ['F', 'Fiu', 'Fiumicino']) {
      actor.send({ type: 'field.change', field: 'comune', value });
      clock.increment(AUTOSAVE_DEBOUNCE_MS - 1);
      await settle();
    }
    expect(calls.saves).toEqual([]);
    expect(selectSaveIndicator(actor.getSnapshot())).toBe('unsaved');
    expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(true);

    clock.increment(1);
    await settle();
    expect(calls.saves).toHaveLength(1);
    expect(calls.saves[0]!.values).toMatchObject({ comune: 'Fiumicino' });
    expect(calls.saves[0]!.version).toBe(openDraftVersion);
    expect(selectSaveIndicator(actor.getSnapshot())).toBe('saving');

    await apply({ type: 'xstate.done.actor.saveDraft', output: saved });
    clock.increment(SAVE_RETRY_MAX_MS * 4);
    await settle();
    expect(calls.saves).toHaveLength(1);
    expect(selectSaveIndicator(actor.getSnapshot())).toBe('saved');
    expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(false);
    expect(selectSavedAt(actor.getSnapshot())).toBe(saved.savedAt);
  });

  it('saves at once on a step change, and saves what was typed meanwhile right after, on the new version', async () => {
    const { actor, calls, apply, settle } = await openWizard();
    actor.send(completeComune);
    actor.send({ type: 'step.next' });
    await settle();
    expect(calls.saves).toHaveLength(1);
    expect(actor.getSnapshot().context.stepIndex).toBe(1);

    actor.send({ type: 'field.change', field: 'amount', value: 2_000_000 });
    await apply({ type: 'xstate.done.actor.saveDraft', output: saved });
    expect(calls.saves).toHaveLength(2);
    expect(calls.saves[1]).toMatchObject({ version: saved.version, values: { comune: 'Fiumicino', amount: 2_000_000, share: 50 } });
    await apply({ type: 'xstate.done.actor.saveDraft', output: { version: saved.version + 1, savedAt: saved.savedAt } });
    expect(selectSaveIndicator(actor.getSnapshot())).toBe('saved');
  });

  it('retries a save that got no answer after waits that double, up to the cap; a step change tries at once', async () => {
    const { actor, calls, clock, apply, settle } = await openWizard();
    actor.send(completeComune);
    actor.send({ type: 'draft.save' });
    await settle();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await apply({ type: 'xstate.error.actor.saveDraft', error: offline });
      expect(selectSaveIndicator(actor.getSnapshot())).toBe('retrying');
      expect(selectSaveError(actor.getSnapshot())).toBe(offline.message);
      clock.increment(saveRetryDelay(attempt) - 1);
      await settle();
      expect(calls.saves).toHaveLength(attempt);
      clock.increment(1);
      await settle();
      expect(calls.saves).toHaveLength(attempt + 1);
    }
    await apply({ type: 'xstate.error.actor.saveDraft', error: offline });
    actor.send({ type: 'step.next' });
    await settle();
    expect(calls.saves).toHaveLength(7);
    expect(new Set(calls.saves.map((save) => JSON.stringify(save))).size).toBe(1);
    await apply({ type: 'xstate.done.actor.saveDraft', output: saved });
    expect(selectSaveIndicator(actor.getSnapshot())).toBe('saved');
  });

  it('keeps the values and stops autosaving on a 412, until the person reloads the stored draft', async () => {
    const { actor, calls, clock, apply, settle } = await openWizard();
    actor.send(completeComune);
    await apply({ type: 'attachments.status', complete: true });
    actor.send({ type: 'draft.save' });
    await settle();
    await apply({ type: 'xstate.error.actor.saveDraft', error: conflict });

    let snapshot = actor.getSnapshot();
    expect(selectSaveIndicator(snapshot)).toBe('conflict');
    expect(selectIsConflictDialogOpen(snapshot)).toBe(true);
    expect(snapshot.context.values).toMatchObject({ comune: 'Fiumicino' });
    // Complete and with attachments, yet not submittable while the draft is in conflict.
    expect(snapshot.context.issues).toEqual([]);
    expect(selectCanSubmit(snapshot)).toBe(false);

    await apply({ type: 'conflict.keepEditing' });
    actor.send({ type: 'field.change', field: 'amount', value: 1_500_000 });
    actor.send({ type: 'step.next' });
    clock.increment(SAVE_RETRY_MAX_MS * 4);
    await settle();
    snapshot = actor.getSnapshot();
    expect(calls.saves).toHaveLength(1);
    expect(selectIsConflictDialogOpen(snapshot)).toBe(false);
    expect(selectSaveIndicator(snapshot)).toBe('conflict');
    expect(snapshot.context.values).toMatchObject({ comune: 'Fiumicino', amount: 1_500_000 });

    await apply({ type: 'draft.reload' });
    expect(calls.reloads).toBe(1);
    await apply({ type: 'xstate.done.actor.reloadDraft', output: { version: newerDraftVersion, payload: newerDraft } });
    snapshot = actor.getSnapshot();
    expect(snapshot.context.values).toMatchObject({ comune: 'Guidonia Montecelio', amount: 1_000_000 });
    expect(snapshot.context.stepIndex).toBe(1);
    expect(selectSaveIndicator(snapshot)).toBe('saved');

    // Autosave is back, on the version that was reloaded.
    actor.send({ type: 'field.change', field: 'amount', value: 1_200_000 });
    actor.send({ type: 'step.next' });
    await settle();
    expect(calls.saves.at(-1)).toMatchObject({ version: newerDraftVersion, values: { amount: 1_200_000 } });
  });

  it('keeps the values when the server refuses a draft, and tries again on the next step change', async () => {
    const { actor, calls, apply, settle } = await openWizard();
    actor.send(completeComune);
    actor.send({ type: 'draft.save' });
    await settle();
    await apply({ type: 'xstate.error.actor.saveDraft', error: refused });
    expect(selectSaveIndicator(actor.getSnapshot())).toBe('error');
    expect(selectSaveError(actor.getSnapshot())).toBe(refused.message);
    actor.send({ type: 'field.change', field: 'amount', value: 900_000 });
    actor.send({ type: 'step.next' });
    await settle();
    expect(calls.saves).toHaveLength(2);
    expect(calls.saves[1]!.values).toMatchObject({ comune: 'Fiumicino', amount: 900_000 });
  });
});

describe('application-wizard submit', () => {
  async function readyToSubmit() {
    const replay = await openWizard();
    replay.actor.send(completeComune);
    replay.actor.send({ type: 'step.go', index: 3 });
    await replay.apply({ type: 'xstate.done.actor.saveDraft', output: saved });
    await replay.apply({ type: 'attachments.status', complete: true });
    await replay.apply({ type: 'signature.status', satisfied: true });
    return replay;
  }

  it('is offered only when every field and attachment is there', async () => {
    const { actor, apply } = await openWizard();
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    // Fonti has answers in the stored draft, so it counts; Allegati and Invia were never opened.
    expect(selectStepStates(actor.getSnapshot()).map((step) => step.state)).toEqual(['current', 'done', 'notStarted', 'notStarted']);
    actor.send(completeComune);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    await apply({ type: 'attachments.status', complete: true });
    // The call requires the signed Domanda (issue 43): not until the submit step says it signs the application as it is.
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    await apply({ type: 'signature.status', satisfied: true });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    expect(selectStepStates(actor.getSnapshot()).map((step) => step.state)).toEqual(['current', 'done', 'done', 'done']);
    // An end of works past the call's limit blocks it again, and the change makes the signature stale.
    actor.send({ type: 'field.change', field: 'endOfWorks', value: '2026-09-01' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    expect(selectStepStates(actor.getSnapshot()).map((step) => step.state)).toEqual(['current', 'incomplete', 'done', 'notStarted']);
    expect(actor.getSnapshot().context.signatureSatisfied).toBe(false);
    actor.send({ type: 'field.change', field: 'endOfWorks', value: '2026-06-30' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    await apply({ type: 'signature.status', satisfied: true });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
  });

  it('submits once however many times Invia is pressed', async () => {
    const { actor, calls, apply } = await readyToSubmit();
    actor.send({ type: 'submit.open' });
    actor.send({ type: 'submit.confirm' });
    actor.send({ type: 'submit.confirm' });
    actor.send({ type: 'submit.open' });
    actor.send({ type: 'submit.confirm' });
    expect(calls.submits).toHaveLength(1);
    await apply({ type: 'xstate.done.actor.submitApplication', output: undefined });
    const snapshot = actor.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.readOnly).toBe(true);
    expect(calls.notified).toEqual(['submitted']);
  });

  it("waits in the queue after a 503 «Sei in coda», sends the same application again after Retry-After, and keeps the first try's time", async () => {
    const { actor, calls, clock, apply, settle } = await readyToSubmit();
    actor.send({ type: 'submit.open' });
    actor.send({ type: 'submit.confirm' });
    await apply({ type: 'xstate.error.actor.submitApplication', error: submitQueued });
    const queue = { message: submissionMessages.queued, firstTriedAt };
    expect(selectSubmitQueue(actor.getSnapshot())).toEqual(queue);
    expect(selectApplicationWizardView(actor.getSnapshot())).toMatchObject({ isSubmitting: true, submitError: null, submitQueue: queue });
    expect(calls.notified).toEqual([]);
    // Invia cannot be pressed again meanwhile; nothing leaves before Retry-After.
    actor.send({ type: 'submit.confirm' });
    clock.increment(submitQueued.retryAfterMs - 1);
    await settle();
    expect(calls.submits).toHaveLength(1);
    clock.increment(1);
    await settle();
    expect(calls.submits).toHaveLength(2);
    expect(calls.submits[1]).toEqual(calls.submits[0]);
    // Queued again, with a later try and a longer wait: the first try's time stays, the new wait is followed.
    await apply({
      type: 'xstate.error.actor.submitApplication',
      error: { ...submitQueued, triedAt: '2026-05-04T08:00:03.000Z', retryAfterMs: 5000 },
    });
    expect(actor.getSnapshot().context.submitQueue).toEqual({ firstTriedAt, retryAfterMs: 5000, message: submissionMessages.queued });
    clock.increment(4999);
    await settle();
    expect(calls.submits).toHaveLength(2);
    clock.increment(1);
    await settle();
    expect(calls.submits).toHaveLength(3);
    await apply({ type: 'xstate.done.actor.submitApplication', output: undefined });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.submitQueue).toBeNull();
    expect(calls.notified).toEqual(['submitted']);
  });

  it('shows a real failure after a queued try as an error, and starts the queue afresh on the next Invia', async () => {
    const { actor, calls, apply } = await readyToSubmit();
    actor.send({ type: 'submit.open' });
    actor.send({ type: 'submit.confirm' });
    await apply({ type: 'xstate.error.actor.submitApplication', error: submitQueued });
    await apply({ type: QUEUE_RETRY });
    await apply({ type: 'xstate.error.actor.submitApplication', error: submitOffline });
    const snapshot = actor.getSnapshot();
    expect(selectSubmitError(snapshot)).toBe(wizardMessages.submitFailed);
    expect(selectSubmitQueue(snapshot)).toBeNull();
    expect(snapshot.context.submitQueue).toBeNull();
    expect(calls.notified).toEqual([`failed: ${wizardMessages.submitFailed}`]);
  });

  it("reads the queue's 503 from the API error (code and Retry-After) only with the try's time; any other 503 is a failure", () => {
    // As the API client throws it (ApiRequestError), with what ofetch caught as its cause: the answer and its headers.
    const caught = (retryAfter: string | null) => ({
      response: new Response(null, { status: 503, headers: retryAfter === null ? {} : { 'retry-after': retryAfter } }),
    });
    const answer = { status: 503, code: 'handover_queued', message: submissionMessages.queued, issues: [], cause: caught('3') };
    expect(toSubmitFailure(answer, firstTriedAt)).toEqual({
      kind: 'queued',
      message: submissionMessages.queued,
      triedAt: firstTriedAt,
      retryAfterMs: 3000,
    });
    expect(toSubmitFailure({ ...answer, cause: caught(null) }, firstTriedAt)).toMatchObject({ kind: 'queued', retryAfterMs: 1000 });
    expect(toSubmitFailure({ ...answer, cause: caught('soon') }, firstTriedAt)).toMatchObject({ kind: 'queued', retryAfterMs: 1000 });
    expect(toSubmitFailure({ ...answer, cause: undefined }, firstTriedAt)).toMatchObject({ kind: 'queued', retryAfterMs: 1000 });
    // Already classified (the machine reads the actor's error again): unchanged.
    expect(toSubmitFailure(submitQueued)).toEqual(submitQueued);
    expect(toSubmitFailure(answer)).toEqual({ kind: 'other', message: wizardMessages.submitFailed });
    expect(toSubmitFailure({ ...answer, code: 'database_unavailable' }, firstTriedAt)).toEqual({
      kind: 'other',
      message: wizardMessages.submitFailed,
    });
  });

  it('waits for a save under way before sending the application', async () => {
    const { actor, calls, apply } = await readyToSubmit();
    actor.send({ type: 'step.back' });
    actor.send({ type: 'field.change', field: 'amount', value: 1_100_000 });
    actor.send({ type: 'step.next' });
    // The submit step has signed the changed application anew (issue 43).
    await apply({ type: 'signature.status', satisfied: true });
    actor.send({ type: 'submit.open' });
    actor.send({ type: 'submit.confirm' });
    expect(calls.submits).toHaveLength(0);
    await apply({ type: 'xstate.done.actor.saveDraft', output: { version: 5, savedAt: saved.savedAt } });
    expect(calls.submits).toEqual([{ organizationId, fund: 'PUI', values: actor.getSnapshot().context.values }]);
  });

  it('does not send the application when the save it waited for meets a draft changed elsewhere', async () => {
    const { actor, calls, apply } = await readyToSubmit();
    actor.send({ type: 'field.change', field: 'amount', value: 1_100_000 });
    actor.send({ type: 'draft.save' });
    await apply({ type: 'signature.status', satisfied: true });
    actor.send({ type: 'submit.open' });
    actor.send({ type: 'submit.confirm' });
    await apply({ type: 'xstate.error.actor.saveDraft', error: conflict });
    const snapshot = actor.getSnapshot();
    expect(calls.submits).toEqual([]);
    expect(selectSubmitError(snapshot)).toBe(wizardMessages.submitConflict);
    expect(selectSaveIndicator(snapshot)).toBe('conflict');
    expect(snapshot.context.values).toMatchObject({ amount: 1_100_000 });
    expect(selectCanSubmit(snapshot)).toBe(false);
  });

  it('shows the server\u2019s missing fields after a 422, each until that field changes', async () => {
    const { actor, apply } = await readyToSubmit();
    actor.send({ type: 'submit.open' });
    actor.send({ type: 'submit.confirm' });
    await apply({ type: 'xstate.error.actor.submitApplication', error: incomplete });
    let snapshot = actor.getSnapshot();
    expect(selectSubmitError(snapshot)).toBe('Controlla che tutti i campi obbligatori siano compilati');
    expect(selectIssues(snapshot)).toEqual(incomplete.issues);
    expect(selectStepStates(snapshot).find((step) => step.step.id === 'progetto')?.state).toBe('incomplete');
    actor.send({ type: 'field.change', field: 'comune', value: 'Ciampino' });
    snapshot = actor.getSnapshot();
    expect(selectIssues(snapshot)).toEqual([]);
    actor.send({ type: 'submit.dismiss' });
    expect(selectSubmitError(actor.getSnapshot())).toBeNull();
  });

  it('says the application could not be saved when the server does not answer', async () => {
    const { actor, calls, apply } = await readyToSubmit();
    actor.send({ type: 'submit.open' });
    actor.send({ type: 'submit.confirm' });
    await apply({ type: 'xstate.error.actor.submitApplication', error: { status: null, message: 'offline' } });
    expect(selectSubmitError(actor.getSnapshot())).toBe('C\u2019è stato un errore, non è stato possibile salvare la candidatura');
    expect(calls.notified).toEqual(['failed: C\u2019è stato un errore, non è stato possibile salvare la candidatura']);
  });
});

describe('application-wizard step indicators', () => {
  const blank: LoadedApplication = { submitted: false, statusCode: null, draft: null };
  const impactStep = turWizardDefinition.steps.findIndex((step) => step.id === 'impatto');
  const statesOf = (snapshot: ApplicationWizardSnapshot) => selectStepStates(snapshot).map((indicator) => indicator.state);

  it("shows a blank application's steps neutral, even one with no required field, until it is opened", async () => {
    const { actor } = await openWizard(blank, turInput);
    let snapshot = actor.getSnapshot();
    // Valutazione d'Impatto has no required field: complete, yet never opened, so not done.
    expect(snapshot.context.issues.some((issue) => issue.step === 'impatto')).toBe(false);
    expect(statesOf(snapshot)).toEqual(['current', 'notStarted', 'notStarted', 'notStarted', 'notStarted', 'notStarted']);

    actor.send({ type: 'step.go', index: impactStep });
    actor.send({ type: 'step.next' });
    snapshot = actor.getSnapshot();
    // Progetto was opened and misses its required fields; the impact step was opened and lacks nothing.
    expect(statesOf(snapshot)).toEqual(['incomplete', 'notStarted', 'notStarted', 'done', 'current', 'notStarted']);
  });

  it('counts a step answered in the stored draft as started, opened or not', async () => {
    const { actor } = await openWizard(
      { submitted: false, statusCode: 'APERTA', draft: { json: { costiIintervento: 1000 }, version: 1 } },
      turInput,
    );
    expect(statesOf(actor.getSnapshot())[1]).toBe('incomplete');
  });

  it('shows every step of a submitted application by what it lacks', async () => {
    const { actor } = await openWizard(submittedApplication);
    expect(statesOf(actor.getSnapshot())).toEqual(['current', 'done', 'incomplete']);
  });
});

describe("application-wizard: a step's problems", () => {
  const shown = (snapshot: ApplicationWizardSnapshot) => {
    const view = selectApplicationWizardView(snapshot);
    return { step: view.current?.step.id, all: view.showsAllIssues, missingFiles: view.showsMissingAttachments };
  };

  it('show once the person has left the step, not while first filling it; Allegati points out missing files once left or after the summary', async () => {
    const { actor } = await openWizard({ submitted: false, statusCode: null, draft: null });
    expect(shown(actor.getSnapshot())).toEqual({ step: 'progetto', all: false, missingFiles: false });
    actor.send({ type: 'step.next' });
    expect(shown(actor.getSnapshot())).toEqual({ step: 'fonti', all: false, missingFiles: false });
    actor.send({ type: 'step.back' });
    expect(shown(actor.getSnapshot())).toEqual({ step: 'progetto', all: true, missingFiles: true });
    actor.send({ type: 'step.go', index: 2 });
    expect(shown(actor.getSnapshot())).toEqual({ step: 'allegati', all: false, missingFiles: false });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.back' });
    expect(shown(actor.getSnapshot())).toEqual({ step: 'allegati', all: true, missingFiles: true });
    expect(actor.getSnapshot().context.visitedSteps).toEqual([0, 1, 2, 3]);
  });

  it('on Allegati, reached for the first time after the summary, points out the missing files', async () => {
    const { actor } = await openWizard({ submitted: false, statusCode: null, draft: null });
    actor.send({ type: 'step.go', index: 3 });
    actor.send({ type: 'step.back' });
    expect(shown(actor.getSnapshot())).toEqual({ step: 'allegati', all: false, missingFiles: true });
  });
});

describe('application-wizard read-only and start step', () => {
  it('shows an admin everything read-only, without the submit step, with Torna alla lista on Allegati', async () => {
    const { actor, calls, clock, settle } = await openWizard(openDraft, { ...input, isAdmin: true, startStep: 3 });
    let snapshot = actor.getSnapshot();
    expect(snapshot.context.readOnly).toBe(true);
    expect(snapshot.context.stepIndex).toBe(2);
    expect(selectStepStates(snapshot).map((step) => step.step.id)).toEqual(['progetto', 'fonti', 'allegati']);
    expect(selectBackLink(snapshot)).toEqual({ to: '/admin-panel', label: 'Torna alla lista' });
    actor.send(completeComune);
    actor.send({ type: 'step.back' });
    clock.increment(SAVE_RETRY_MAX_MS);
    await settle();
    snapshot = actor.getSnapshot();
    expect(snapshot.context.values).toMatchObject({ comune: '' });
    expect(calls.saves).toEqual([]);
    expect(selectBackLink(snapshot)).toBeNull();
    expect(snapshot.can({ type: 'step.go', index: 3 })).toBe(false);
  });

  it('shows a Sola lettura member an open draft read-only: nothing changes, nothing is saved, no submit step', async () => {
    const { actor, calls, clock, settle } = await openWizard(openDraft, { ...input, memberMayWrite: false });
    let snapshot = actor.getSnapshot();
    expect(snapshot.context.readOnly).toBe(true);
    expect(selectStepStates(snapshot).map((step) => step.step.id)).toEqual(['progetto', 'fonti', 'allegati']);
    actor.send(completeComune);
    actor.send({ type: 'step.next' });
    clock.increment(SAVE_RETRY_MAX_MS);
    await settle();
    snapshot = actor.getSnapshot();
    expect(snapshot.context.values).toMatchObject({ comune: '' });
    expect(calls.saves).toEqual([]);
    expect(selectCanSubmit(snapshot)).toBe(false);
  });

  it('offers Torna ai fondi on Allegati of a submitted application', async () => {
    const { actor } = await openWizard(submittedApplication, { ...input, startStep: 2 });
    expect(selectBackLink(actor.getSnapshot())).toEqual({ to: '/calls', label: 'Torna ai fondi' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
  });

  it('starts a new application from empty values on the requested step', async () => {
    const { actor, calls } = await openWizard({ submitted: false, statusCode: null, draft: null }, { ...input, startStep: 1 });
    const snapshot = actor.getSnapshot();
    expect(calls.loads).toEqual([{ organizationId, fund: 'PUI' }]);
    expect(snapshot.context.values).toEqual(tinyFund.emptyValues(organizationId));
    expect(snapshot.context.stepIndex).toBe(1);
    expect(snapshot.context.draftVersion).toBe(0);
    expect(selectIssues(snapshot).map((issue) => issue.field)).toEqual(['city', 'comune', 'amount']);
  });
});
