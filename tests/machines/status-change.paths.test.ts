import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';
import { statusChangeMachine } from '../../machines/status-change/statusChange.machine.ts';
import {
  selectDeadlineIssue,
  selectError,
  selectIsDialogOpen,
  selectIsSubmitting,
  selectProposal,
  type StatusChangeSnapshot,
} from '../../machines/status-change/selectors.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { integrationMessages } from '../../domain/messages/integration.ts';
import type { ChangeStatusInput, StatusChangeEvent, StatusChangeRequest } from '../../machines/status-change/types.ts';

type EventFixtures = { [K in StatusChangeEvent['type']]: readonly Extract<StatusChangeEvent, { type: K }>[] };

const toAmmissibile: StatusChangeRequest = {
  fund: 'TUR',
  applicationId: '11111111-1111-4111-8111-111111111111',
  organizationName: 'Comune di Vallerosa',
  from: 'IN_VALUTAZIONE',
  to: 'AMMISSIBILE',
};
// Not offered by the lifecycle (spec §4: Deliberata only from Istruttoria Sottomessa): never opens the dialog.
const notOffered: StatusChangeRequest = { ...toAmmissibile, to: 'DELIBERATA' };
// In integrazione: the note is the request to the applicant, so Conferma needs it; a deadline may be set.
const toIntegration: StatusChangeRequest = { ...toAmmissibile, to: 'IN_INTEGRAZIONE' };
// Issue 44: the reviewers' handed-over evaluation proposes Rifiutata, with its note.
const proposal = { outcome: 'RIFIUTATA', note: 'Il progetto è fuori dal perimetro del piano.' } as const;
const toProposed: StatusChangeRequest = { ...toAmmissibile, to: 'RIFIUTATA', proposal };
const elsewhereWithProposal: StatusChangeRequest = { ...toAmmissibile, proposal };

const eventFixtures = {
  'status.choose': [
    { type: 'status.choose', request: toAmmissibile },
    { type: 'status.choose', request: notOffered },
    { type: 'status.choose', request: toIntegration },
    { type: 'status.choose', request: toProposed },
    { type: 'status.choose', request: elsewhereWithProposal },
  ],
  'proposal.apply': [{ type: 'proposal.apply' }],
  'note.change': [
    { type: 'note.change', note: 'Documentazione completa' },
    { type: 'note.change', note: 'x'.repeat(1001) },
  ],
  'deadline.change': [
    { type: 'deadline.change', deadline: '2099-03-15', today: '2026-05-04' },
    // A day already gone: pointed out, and Conferma waits for another.
    { type: 'deadline.change', deadline: '2026-05-03', today: '2026-05-04' },
    { type: 'deadline.change', deadline: null, today: '2026-05-04' },
  ],
  // Issue 44: a field to correct, its message (one too long is refused), the field taken off again; a request with
  // a field and a slot is the journey below (every edge is taken with one item: two only multiply the paths).
  'item.add': [{ type: 'item.add', item: { kind: 'field', target: 'progNome', label: 'Nome del progetto' } }],
  'item.message': [
    { type: 'item.message', kind: 'field', target: 'progNome', message: 'Come nella delibera' },
    { type: 'item.message', kind: 'field', target: 'progNome', message: 'x'.repeat(1001) },
  ],
  'item.remove': [{ type: 'item.remove', kind: 'field', target: 'progNome' }],
  'dialog.confirm': [{ type: 'dialog.confirm' }],
  'dialog.cancel': [{ type: 'dialog.cancel' }],
} as const satisfies EventFixtures;

const refused = { message: 'Non è possibile portare la candidatura da «In valutazione» a «Ammissibile».' };
type ActorDone = { type: 'xstate.done.actor.changeStatus'; output: undefined };
type ActorError = { type: 'xstate.error.actor.changeStatus'; error: typeof refused };
type GraphEvent = StatusChangeEvent | ActorDone | ActorError;

const actorEvents: GraphEvent[] = [
  { type: 'xstate.done.actor.changeStatus', output: undefined },
  { type: 'xstate.error.actor.changeStatus', error: refused },
];
const ITEM_EVENTS = new Set<string>(['item.add', 'item.message', 'item.remove']);
const withProposal = (event: StatusChangeEvent) => event.type === 'status.choose' && !!event.request.proposal;

const traversalOf = (events: GraphEvent[]) => ({
  events: events as StatusChangeEvent[],
  filterEvents: (snapshot: StatusChangeSnapshot, event: StatusChangeEvent) => snapshot.can(event),
});

// Two walks, so the paths stay few enough to read: the dialog with its note and deadline; and (issue 44) an
// integration request's items with the note, Conferma and Annulla — the deadline is the first walk's.
const walks = [
  {
    name: 'note and deadline',
    ...pathsCoveringEveryEdge(
      statusChangeMachine,
      traversalOf([
        ...Object.values(eventFixtures)
          .flat()
          .filter((event) => !ITEM_EVENTS.has(event.type) && !withProposal(event) && event.type !== 'proposal.apply'),
        ...actorEvents,
      ]),
    ),
  },
  {
    // Issue 44: the evaluation's proposal prefills the note of a change to its outcome, and is offered from another.
    name: 'evaluation proposal',
    ...pathsCoveringEveryEdge(
      statusChangeMachine,
      traversalOf([
        { type: 'status.choose', request: toProposed },
        { type: 'status.choose', request: elsewhereWithProposal },
        ...eventFixtures['proposal.apply'],
        eventFixtures['note.change'][0],
        ...eventFixtures['dialog.confirm'],
        ...eventFixtures['dialog.cancel'],
        ...actorEvents,
      ]),
    ),
  },
  {
    name: 'items',
    ...pathsCoveringEveryEdge(
      statusChangeMachine,
      traversalOf([
        { type: 'status.choose', request: toIntegration },
        eventFixtures['note.change'][0],
        ...eventFixtures['item.add'],
        ...eventFixtures['item.message'],
        ...eventFixtures['item.remove'],
        ...eventFixtures['dialog.confirm'],
        ...eventFixtures['dialog.cancel'],
        ...actorEvents,
      ]),
    ),
  },
];

const takenTransitions = new Set<string>();

function startReplay() {
  const sent: ChangeStatusInput[] = [];
  const notified: string[] = [];
  const focused: string[] = [];
  const controls = controlledActors();
  const actor = createActor(
    statusChangeMachine.provide({
      actors: {
        changeStatus: controls.promise<void, ChangeStatusInput>((request) => sent.push(request)),
      },
      actions: {
        notifySucceeded: () => void notified.push('success'),
        refreshAfterFailure: () => void notified.push('refresh'),
        returnFocus: ({ context }) => void focused.push(context.request?.organizationName ?? 'nobody'),
      },
    }),
    { inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();
  async function apply(event: GraphEvent): Promise<void> {
    await applyStep(actor, controls, event);
  }
  return { actor, sent, notified, focused, apply };
}

const describeEvent = (event: GraphEvent) =>
  event.type === 'status.choose'
    ? `choose(${event.request.to}${event.request.proposal ? ', proposal' : ''})`
    : event.type === 'proposal.apply'
      ? 'useProposal'
      : event.type === 'note.change'
        ? `note(${event.note.length})`
        : event.type === 'item.add'
          ? `add(${event.item.target})`
          : event.type === 'item.message'
            ? `message(${event.target}, ${event.message.length})`
            : event.type === 'item.remove'
              ? `remove(${event.target})`
              : event.type.replace(/^xstate\./, '');

describeMachinePaths({
  title: 'status-change machine',
  machine: statusChangeMachine,
  walks,
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
    const { actor, sent, notified, focused, apply } = startReplay();
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      const focusCount = focused.length;
      await apply(step.event as GraphEvent);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      // Only a target the lifecycle offers ever opens the dialog.
      if (after.matches('confirming')) expect(['AMMISSIBILE', 'IN_INTEGRAZIONE', 'RIFIUTATA']).toContain(after.context.request?.to);
      // Issue 44: a change to the evaluation's outcome starts from its note; another starts empty, offered the proposal.
      if (step.event.type === 'status.choose' && after.matches('confirming') && !before.matches('confirming')) {
        const chosen = step.event.request;
        expect(after.context.note).toBe(chosen.proposal && chosen.proposal.outcome === chosen.to ? chosen.proposal.note : '');
        expect(selectProposal(after)).toEqual(
          chosen.proposal
            ? { ...chosen.proposal, isTarget: chosen.proposal.outcome === chosen.to, canApply: chosen.proposal.outcome !== chosen.to }
            : null,
        );
      }
      if (step.event.type === 'proposal.apply') {
        expect(after.context).toMatchObject({
          request: { ...before.context.request, to: proposal.outcome },
          note: proposal.note,
          deadline: null,
          items: [],
          error: null,
        });
        expect(selectProposal(after)).toMatchObject({ isTarget: true, canApply: false });
      }
      // Conferma sends exactly the chosen request, the typed note and the deadline; an integration only with its request.
      if (step.event.type === 'dialog.confirm') {
        expect(sent.at(-1)).toEqual({
          request: before.context.request,
          note: before.context.note,
          deadline: before.context.deadline,
          items: before.context.items.map(({ kind, target, message }) => ({ kind, target, message })),
        });
        // An integration request says what it asks: in its note, or in items that each carry their message.
        if (before.context.request?.to === 'IN_INTEGRAZIONE') {
          expect(before.context.note.trim() !== '' || before.context.items.length > 0).toBe(true);
          for (const item of before.context.items) expect(item.message.trim()).not.toBe('');
        }
      }
      // A deadline, and items, belong to an integration request only; each item is listed once.
      if (after.context.deadline !== null) expect(after.context.request?.to).toBe('IN_INTEGRAZIONE');
      if (after.context.items.length > 0) expect(after.context.request?.to).toBe('IN_INTEGRAZIONE');
      expect(new Set(after.context.items.map((item) => `${item.kind}:${item.target}`)).size).toBe(after.context.items.length);
      for (const item of after.context.items) expect(item.message.length).toBeLessThanOrEqual(1000);
      if (after.matches('done') && !before.matches('done')) expect(notified.at(-1)).toBe('success');
      // The dialog closed (changed or cancelled): the focus goes back to the change's own "Cambia stato", once.
      const closed = selectIsDialogOpen(before) && !selectIsDialogOpen(after);
      expect(focused.length).toBe(focusCount + (closed ? 1 : 0));
      if (closed) expect(focused.at(-1)).toBe(before.context.request?.organizationName);
      // A refusal keeps the dialog open on what was typed, with the spec's text and the server's reason.
      if ((step.event as GraphEvent).type === 'xstate.error.actor.changeStatus') {
        expect(after.matches('confirming')).toBe(true);
        expect(notified.at(-1)).toBe('refresh');
        expect(selectError(after)).toBe(`${applicationsMessages.statusChangeFailed} ${refused.message}`);
        expect(after.context).toMatchObject({
          request: before.context.request,
          note: before.context.note,
          deadline: before.context.deadline,
          items: before.context.items,
        });
      }
      // Conferma clears the last refusal's message.
      if (step.event.type === 'dialog.confirm') expect(selectError(after)).toBeNull();
      // A deadline already gone is pointed out and never sent.
      const pastDeadline = after.context.deadline === '2026-05-03';
      expect(selectDeadlineIssue(after)).toBe(pastDeadline ? integrationMessages.deadlineInvalid : null);
      if (pastDeadline && after.matches('confirming')) expect(after.can({ type: 'dialog.confirm' })).toBe(false);
      expect(after.context.note.length).toBeLessThanOrEqual(1000);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    expect(selectIsDialogOpen(snapshot)).toBe(snapshot.matches('confirming') || snapshot.matches('submitting'));
    expect(selectIsSubmitting(snapshot)).toBe(snapshot.matches('submitting'));
    actor.stop();
  },
});

describe('an integration request naming two fields and a slot (issue 44)', () => {
  it('waits for every message, needs no note, and sends the items in their order', async () => {
    const { actor, sent, apply } = startReplay();
    await apply({ type: 'status.choose', request: toIntegration });
    await apply({ type: 'item.add', item: { kind: 'field', target: 'progNome', label: 'Nome del progetto' } });
    await apply({ type: 'item.add', item: { kind: 'field', target: 'progettista', label: 'Progettista' } });
    await apply({ type: 'item.add', item: { kind: 'slot', target: '103', label: 'Relazione tecnica di progetto' } });
    // Added twice, listed once.
    await apply({ type: 'item.add', item: { kind: 'slot', target: '103', label: 'Relazione tecnica di progetto' } });
    expect(actor.getSnapshot().context.items).toHaveLength(3);
    await apply({ type: 'item.message', kind: 'field', target: 'progNome', message: 'Come nella delibera' });
    await apply({ type: 'item.message', kind: 'field', target: 'progettista', message: 'Lo studio capofila' });
    expect(actor.getSnapshot().can({ type: 'dialog.confirm' })).toBe(false);
    await apply({ type: 'item.message', kind: 'slot', target: '103', message: 'Manca la firma' });
    await apply({ type: 'dialog.confirm' });
    expect(sent).toEqual([
      {
        request: toIntegration,
        note: '',
        deadline: null,
        items: [
          { kind: 'field', target: 'progNome', message: 'Come nella delibera' },
          { kind: 'field', target: 'progettista', message: 'Lo studio capofila' },
          { kind: 'slot', target: '103', message: 'Manca la firma' },
        ],
      },
    ]);
    actor.stop();
  });
});
