import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { wizardMessages } from '../../domain/messages/wizard.ts';
import { draftSyncMachine } from '../../machines/draft-sync/draftSync.machine.ts';
import { selectHasUnsavedChanges, selectSyncState, type DraftSyncSnapshot } from '../../machines/draft-sync/selectors.ts';
import { AUTOSAVE_DEBOUNCE_MS, saveRetryDelay, SAVE_RETRY_MAX_MS } from '../../machines/draft-sync/timing.ts';
import type {
  DraftSyncEvent,
  DraftSyncState,
  ReloadedDraft,
  SaveDraftRequest,
  SavedDraftVersion,
} from '../../machines/draft-sync/types.ts';
import { applyStep, controlledActors, settled } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';

type EventFixtures = { [K in DraftSyncEvent['type']]: readonly Extract<DraftSyncEvent, { type: K }>[] };

const eventFixtures = {
  'draft.changed': [
    { type: 'draft.changed', values: { progNome: 'Parco' } },
    { type: 'draft.changed', values: { progNome: 'Parco lineare' } },
  ],
  'draft.save': [{ type: 'draft.save' }],
  'draft.reload': [{ type: 'draft.reload' }],
  'conflict.keepEditing': [{ type: 'conflict.keepEditing' }],
} as const satisfies EventFixtures;

const saved: SavedDraftVersion = { version: 4, savedAt: '2026-03-02T10:00:00.000Z' };
const reloaded: ReloadedDraft = { version: 9, payload: { progNome: 'Salvato altrove' } };
const conflict = { status: 412, message: 'La bozza è stata modificata altrove' };
const offline = { status: null, message: 'offline' };
const serverDown = { status: 503, message: 'Servizio non disponibile' };
const refused = { status: 400, message: 'Bozza non valida' };

type ActorEvent =
  | { type: 'xstate.done.actor.saveDraft'; output: SavedDraftVersion }
  | { type: 'xstate.error.actor.saveDraft'; error: unknown }
  | { type: 'xstate.done.actor.reloadDraft'; output: ReloadedDraft }
  | { type: 'xstate.error.actor.reloadDraft'; error: unknown };
type DelayEvent =
  { type: 'xstate.after.autosaveDebounce.draftSync.pending' } | { type: 'xstate.after.saveRetryBackoff.draftSync.retrying' };
type GraphEvent = DraftSyncEvent | ActorEvent | DelayEvent;

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  { type: 'xstate.done.actor.saveDraft', output: saved },
  { type: 'xstate.error.actor.saveDraft', error: conflict },
  { type: 'xstate.error.actor.saveDraft', error: offline },
  { type: 'xstate.error.actor.saveDraft', error: serverDown },
  { type: 'xstate.error.actor.saveDraft', error: refused },
  { type: 'xstate.done.actor.reloadDraft', output: reloaded },
  { type: 'xstate.error.actor.reloadDraft', error: offline },
  { type: 'xstate.after.autosaveDebounce.draftSync.pending' },
  { type: 'xstate.after.saveRetryBackoff.draftSync.retrying' },
];

const input = { version: 3 };

// At most two changes and two retries in a row: enough to take every transition, few enough to read.
const walk = pathsCoveringEveryEdge(draftSyncMachine, {
  input,
  events: graphEvents as DraftSyncEvent[],
  filterEvents: ((snapshot: DraftSyncSnapshot, event: GraphEvent) => {
    const { context } = snapshot;
    if (!snapshot.can(event as DraftSyncEvent)) return false;
    // The n-th change is always the n-th fixture: the values follow from how many changes there were.
    if (event.type === 'draft.changed')
      return context.revision < 2 && event.values === eventFixtures['draft.changed'][context.revision]!.values;
    // Failures only of the first save; a network failure up to twice in a row, the others once.
    if (event.type === 'xstate.error.actor.saveDraft') {
      if (context.savedRevision !== 0 || context.revision > 1) return false;
      return event.error === offline ? context.retryAttempt < 2 : context.retryAttempt === 0;
    }
    return !(event.type === 'xstate.error.actor.reloadDraft' && context.error === wizardMessages.reloadFailed);
  }) as never,
});

const takenTransitions = new Set<string>();

function startReplay() {
  const clock = new SimulatedClock();
  const saves: SaveDraftRequest[] = [];
  const reported: DraftSyncState[] = [];
  const reloads: unknown[] = [];
  const controls = controlledActors();
  const actor = createActor(
    draftSyncMachine.provide({
      actors: {
        saveDraft: controls.promise<SavedDraftVersion, SaveDraftRequest>((request) => saves.push(request)),
        reloadDraft: controls.promise<ReloadedDraft, void>(),
      },
      actions: {
        reportState: (_, params) => void reported.push(params.state),
        reportReloaded: (_, params) => void reloads.push(params.payload),
      },
    }),
    { input, clock, inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();

  async function apply(event: GraphEvent): Promise<void> {
    if (event.type === 'xstate.after.autosaveDebounce.draftSync.pending') {
      clock.increment(AUTOSAVE_DEBOUNCE_MS);
      await settled();
    } else if (event.type === 'xstate.after.saveRetryBackoff.draftSync.retrying') {
      clock.increment(saveRetryDelay(actor.getSnapshot().context.retryAttempt));
      await settled();
    } else {
      await applyStep(actor, controls, event);
    }
  }
  return { actor, clock, saves, reported, reloads, apply };
}

const describeEvent = (event: GraphEvent) =>
  event.type === 'draft.changed'
    ? `changed(${JSON.stringify(event.values)})`
    : event.type === 'xstate.error.actor.saveDraft'
      ? `save failed(${(event.error as { status: number | null }).status})`
      : event.type.replace(/^xstate\./, '');

describeMachinePaths({
  title: 'draft-sync machine',
  machine: draftSyncMachine,
  walks: [walk],
  maxPaths: 200,
  name: (path) =>
    `${JSON.stringify(path.state.value)} via ${
      path.steps
        .slice(1)
        .map((s) => describeEvent(s.event as GraphEvent))
        .join(' → ') || '(start)'
    }`,
  taken: () => takenTransitions,
  replay: async (path) => {
    const { actor, saves, reported, reloads, apply } = startReplay();
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      const savesBefore = saves.length;
      await apply(step.event as GraphEvent);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      // Each save carries the latest values and the version the last save (or reload) returned.
      if (saves.length > savesBefore) expect(saves.at(-1)).toEqual({ values: after.context.values, version: after.context.version });
      // In conflict nothing is saved, and what the person types stays.
      if (before.matches('conflict') && after.matches('conflict')) expect(saves.length).toBe(savesBefore);
      // The host always hears the state the sync is in.
      expect(reported.at(-1)).toBe(selectSyncState(after));
      if ((step.event as GraphEvent).type === 'xstate.done.actor.reloadDraft') expect(reloads.at(-1)).toEqual(reloaded.payload);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    expect(selectHasUnsavedChanges(snapshot)).toBe(snapshot.context.revision !== snapshot.context.savedRevision);
    actor.stop();
  },
});

describe('draft-sync on a clock', () => {
  it('saves 1.5 s after typing stops, the latest values once', async () => {
    const { actor, clock, saves, apply } = startReplay();
    actor.send({ type: 'draft.changed', values: { a: 1 } });
    clock.increment(AUTOSAVE_DEBOUNCE_MS - 1);
    actor.send({ type: 'draft.changed', values: { a: 2 } });
    clock.increment(AUTOSAVE_DEBOUNCE_MS - 1);
    expect(saves).toEqual([]);
    clock.increment(1);
    expect(saves).toEqual([{ values: { a: 2 }, version: 3 }]);
    await apply({ type: 'xstate.done.actor.saveDraft', output: saved });
    expect(selectSyncState(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.version).toBe(4);
  });

  it('saves changes made during a save right after it, with the new version', async () => {
    const { actor, saves, apply } = startReplay();
    actor.send({ type: 'draft.changed', values: { a: 1 } });
    actor.send({ type: 'draft.save' });
    actor.send({ type: 'draft.changed', values: { a: 2 } });
    await apply({ type: 'xstate.done.actor.saveDraft', output: saved });
    expect(saves).toEqual([
      { values: { a: 1 }, version: 3 },
      { values: { a: 2 }, version: 4 },
    ]);
  });

  it('retries with a doubling wait up to 30 s, never giving up, and "save now" skips the wait', async () => {
    const { actor, clock, saves, apply } = startReplay();
    actor.send({ type: 'draft.changed', values: { a: 1 } });
    actor.send({ type: 'draft.save' });
    const waits = [2000, 4000, 8000, 16_000, SAVE_RETRY_MAX_MS, SAVE_RETRY_MAX_MS];
    for (const wait of waits) {
      await apply({ type: 'xstate.error.actor.saveDraft', error: offline });
      expect(actor.getSnapshot().context.error).toBe(wizardMessages.saveIndicator.retrying);
      const count = saves.length;
      clock.increment(wait - 1);
      expect(saves.length).toBe(count);
      clock.increment(1);
      expect(saves.length).toBe(count + 1);
    }
    await apply({ type: 'xstate.error.actor.saveDraft', error: serverDown });
    actor.send({ type: 'draft.save' });
    expect(selectSyncState(actor.getSnapshot())).toBe('saving');
  });

  it('never overwrites a draft stored elsewhere: a 412 stops saving until Ricarica brings the stored version', async () => {
    const { actor, saves, reloads, apply } = startReplay();
    actor.send({ type: 'draft.changed', values: { a: 1 } });
    actor.send({ type: 'draft.save' });
    await apply({ type: 'xstate.error.actor.saveDraft', error: conflict });
    actor.send({ type: 'draft.changed', values: { a: 2 } });
    actor.send({ type: 'draft.save' });
    expect(saves).toHaveLength(1);
    expect(selectHasUnsavedChanges(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'draft.reload' });
    await apply({ type: 'xstate.done.actor.reloadDraft', output: reloaded });
    expect(reloads).toEqual([reloaded.payload]);
    expect(actor.getSnapshot().context).toMatchObject({ version: 9, error: null });
    expect(selectSyncState(actor.getSnapshot())).toBe('idle');
  });
});
