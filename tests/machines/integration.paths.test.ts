import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { integrationMessages } from '../../domain/messages/integration.ts';
import { integrationMachine } from '../../machines/integration/integration.machine.ts';
import {
  selectCanComplete,
  selectCanEditDocuments,
  selectIsCompleting,
  selectIsConfirming,
  selectShowsComplete,
  type IntegrationSnapshot,
} from '../../machines/integration/selectors.ts';
import type { CompleteIntegrationInput, IntegrationEvent, IntegrationInput } from '../../machines/integration/types.ts';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';

type EventFixtures = { [K in IntegrationEvent['type']]: readonly Extract<IntegrationEvent, { type: K }>[] };

const eventFixtures = {
  'documents.changed': [
    { type: 'documents.changed', count: 0 },
    { type: 'documents.changed', count: 2 },
  ],
  'items.changed': [
    { type: 'items.changed', total: 3, unanswered: ['Nome del progetto', 'Progettista'] },
    { type: 'items.changed', total: 3, unanswered: [] },
  ],
  'complete.open': [{ type: 'complete.open' }],
  'complete.confirm': [{ type: 'complete.confirm' }],
  'complete.cancel': [{ type: 'complete.cancel' }],
  'failure.dismiss': [{ type: 'failure.dismiss' }],
} as const satisfies EventFixtures;

const refused = { message: 'Carica almeno un documento di integrazione prima di completare l’integrazione.' };
type ActorDone = { type: 'xstate.done.actor.completeIntegration'; output: undefined };
type ActorError = { type: 'xstate.error.actor.completeIntegration'; error: typeof refused };
type GraphEvent = IntegrationEvent | ActorDone | ActorError;

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  { type: 'xstate.done.actor.completeIntegration', output: undefined },
  { type: 'xstate.error.actor.completeIntegration', error: refused },
];

const traversal = (input: IntegrationInput) => ({
  input,
  events: graphEvents as IntegrationEvent[],
  filterEvents: (snapshot: IntegrationSnapshot, event: IntegrationEvent) => snapshot.can(event),
});

// The applicant's integration, and the read-only view (an admin, or no open request).
const walks = [
  { name: 'applicant', input: { readOnly: false } },
  { name: 'read-only', input: { readOnly: true } },
].map(({ name, input }) => ({ name, input, ...pathsCoveringEveryEdge(integrationMachine, traversal(input)) }));

const takenTransitions = new Set<string>();

function startReplay(input: IntegrationInput) {
  const sent: CompleteIntegrationInput[] = [];
  const notified: string[] = [];
  const controls = controlledActors();
  const actor = createActor(
    integrationMachine.provide({
      actors: {
        completeIntegration: controls.promise<void, CompleteIntegrationInput>((request) => sent.push(request)),
      },
      actions: {
        notifyCompleted: () => void notified.push('completed'),
        notifyFailed: ({ context }) => void notified.push(`failed: ${context.error}`),
      },
    }),
    { input, inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();
  async function apply(event: GraphEvent): Promise<void> {
    await applyStep(actor, controls, event);
  }
  return { actor, sent, notified, apply };
}

const describeEvent = (event: GraphEvent) =>
  event.type === 'documents.changed'
    ? `documents(${event.count})`
    : event.type === 'items.changed'
      ? `items(${event.total}, ${event.unanswered.length} unanswered)`
      : event.type.replace(/^xstate\./, '');
/** What the server would take: every item answered, or (free text only) a document. */
const isReady = (context: { items: number; unanswered: readonly string[]; documents: number }) =>
  context.items > 0 ? context.unanswered.length === 0 : context.documents > 0;

describeMachinePaths({
  title: 'integration machine',
  machine: integrationMachine,
  walks,
  name: (path) =>
    `${JSON.stringify(path.state.value)} via ${
      path.steps
        .slice(1)
        .map((s) => describeEvent(s.event as GraphEvent))
        .join(' → ') || '(start)'
    }`,
  taken: () => takenTransitions,
  replay: async (path, { input }) => {
    const { actor, sent, notified, apply } = startReplay(input);
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      await apply(step.event as GraphEvent);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      // The confirmation opens only when the round holds what it asks for; otherwise the person is told why:
      // no document, or (issue 44) the items still unanswered, by name.
      if (after.matches('confirming') && !before.matches('confirming')) expect(isReady(before.context)).toBe(true);
      if (step.event.type === 'complete.open' && !isReady(before.context) && before.matches('editing')) {
        expect(after.matches('editing')).toBe(true);
        expect(after.context.error).toBe(
          before.context.items > 0 ? integrationMessages.itemsUnanswered(before.context.unanswered) : integrationMessages.nothingUploaded,
        );
      }
      // Conferma sends once; the answer is notified with the spec's texts.
      if (step.event.type === 'complete.confirm') expect(sent).toHaveLength(1);
      if (after.matches('completed') && !before.matches('completed')) expect(notified.at(-1)).toBe('completed');
      if (after.matches('failed') && !before.matches('failed')) {
        expect(notified.at(-1)).toBe(`failed: ${integrationMessages.failed} ${refused.message}`);
      }
      // Read-only never offers anything to change.
      if (input.readOnly) {
        expect(selectShowsComplete(after)).toBe(false);
        expect(selectCanEditDocuments(after)).toBe(false);
      }
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    expect(selectIsConfirming(snapshot)).toBe(snapshot.matches('confirming') || snapshot.matches('completing'));
    expect(selectIsCompleting(snapshot)).toBe(snapshot.matches('completing'));
    if (selectCanComplete(snapshot)) expect(snapshot.context.items > 0 || snapshot.context.documents > 0).toBe(true);
    actor.stop();
  },
});

describe('a request naming fields and slots (issue 44)', () => {
  it('refuses Completa integrazione naming the unanswered items, then confirms once all are answered', async () => {
    const { actor, sent, apply } = startReplay({ readOnly: false });
    await apply({ type: 'items.changed', total: 3, unanswered: ['Nome del progetto', 'Relazione tecnica di progetto'] });
    await apply({ type: 'documents.changed', count: 0 });
    expect(selectCanComplete(actor.getSnapshot())).toBe(true);
    await apply({ type: 'complete.open' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe(
      integrationMessages.itemsUnanswered(['Nome del progetto', 'Relazione tecnica di progetto']),
    );
    await apply({ type: 'items.changed', total: 3, unanswered: [] });
    // No document is needed: the answers are what the round asked for.
    await apply({ type: 'complete.open' });
    expect(actor.getSnapshot().value).toBe('confirming');
    await apply({ type: 'complete.confirm' });
    await apply({ type: 'xstate.done.actor.completeIntegration', output: undefined });
    expect(actor.getSnapshot().value).toBe('completed');
    expect(sent).toHaveLength(1);
    actor.stop();
  });
});
