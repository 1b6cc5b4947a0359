import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import type { DomandaSignature, DomandaStatus } from '../../domain/domandaSignature.ts';
import { domandaSignatureMessages as m } from '../../domain/messages/domandaSignature.ts';
import { domandaSignatureMachine } from '../../machines/domanda-signature/domandaSignature.machine.ts';
import { selectDomandaSignatureView, type DomandaSignatureSnapshot } from '../../machines/domanda-signature/selectors.ts';
import type {
  DomandaSignatureActorId,
  DomandaSignatureActorInputs,
  DomandaSignatureActorOutputs,
  DomandaSignatureEvent,
  DomandaSignatureInput,
} from '../../machines/domanda-signature/types.ts';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc against the machine's types.
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in DomandaSignatureEvent['type']]: readonly Extract<DomandaSignatureEvent, { type: K }>[] };
type ActorOutcomeFixtures = {
  [K in DomandaSignatureActorId]: { done: readonly DomandaSignatureActorOutputs[K][]; error: readonly unknown[] };
};

const input: DomandaSignatureInput = { organizationId: 'org-1', fund: 'PUI' };
const domanda = { sha256: 'a'.repeat(64), fileName: 'Domanda-PUI-01234567890.pdf', signers: ['Mario Bianchi'], allMustSign: false };
const signature: DomandaSignature = {
  applicationId: 'app-1',
  format: 'CAdES',
  trial: false,
  signers: [{ name: 'Mario Bianchi', fiscalCode: 'BNCMRA70C15H501Q', issuer: 'Autorità di Test', signingTime: '2026-12-06T09:00:00.000Z' }],
  fileName: 'Domanda-PUI.pdf.p7m',
  size: 20_480,
  sha256: 'b'.repeat(64),
  uploadedAt: '2026-12-06T09:01:00.000Z',
  uploadedByName: 'Giulia Rossi',
  stale: false,
};
const status = (overrides: Partial<DomandaStatus>): DomandaStatus => ({
  signatureRequired: true,
  domanda,
  notReadyReason: null,
  signature: null,
  trialSigning: true,
  ...overrides,
});
/** What GetDomandaStatus answers: no Domanda yet, one to sign, one signed, one signed before a change. */
const statuses = {
  incomplete: status({ domanda: null, notReadyReason: m.notReady }),
  unsigned: status({}),
  signed: status({ signature }),
  stale: status({ signature: { ...signature, stale: true } }),
};

const eventFixtures = {
  'domanda.refresh': [{ type: 'domanda.refresh' }],
  'domanda.download': [{ type: 'domanda.download' }],
  'domanda.upload': [{ type: 'domanda.upload', file: { name: 'Domanda-PUI.pdf.p7m', size: 20_480 } }],
  'domanda.trialSign': [{ type: 'domanda.trialSign' }],
} as const satisfies EventFixtures;

const refused = Object.assign(new Error('La domanda è firmata da una persona che non risulta legale rappresentante.'), { status: 422 });
const actorOutcomes = {
  loadStatus: { done: Object.values(statuses), error: [new Error('Impossibile contattare il server.')] },
  downloadDomanda: { done: [undefined], error: [{ status: null }] },
  // Refused naming the check, or failed with nothing to say: the generic message.
  uploadSigned: { done: [signature], error: [refused, { status: null }] },
  trialSign: { done: [{ ...signature, trial: true }], error: [refused] },
} as const satisfies ActorOutcomeFixtures;

type ActorDoneEvent = { type: `xstate.done.actor.${DomandaSignatureActorId}`; output: unknown };
type ActorErrorEvent = { type: `xstate.error.actor.${DomandaSignatureActorId}`; error: unknown };
type GraphEvent = DomandaSignatureEvent | ActorDoneEvent | ActorErrorEvent;

const actorIds = Object.keys(actorOutcomes) as DomandaSignatureActorId[];

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...actorIds.flatMap((id): GraphEvent[] => [
    ...(actorOutcomes[id].done as readonly unknown[]).map((output): GraphEvent => ({ type: `xstate.done.actor.${id}`, output })),
    ...actorOutcomes[id].error.map((error): GraphEvent => ({ type: `xstate.error.actor.${id}`, error })),
  ]),
];

/**
 * What the walk sends: the first load answers each kind of status; a later one (after a download, Riprova) answers
 * what follows from before — an unsigned Domanda again, or a signed one gone stale (the application changed). A
 * save arriving while the first load is under way restarts it once.
 */
function isWalked(snapshot: DomandaSignatureSnapshot, event: GraphEvent): boolean {
  const { status } = snapshot.context;
  if (event.type === 'domanda.refresh' && snapshot.matches('generating')) return status === null;
  if (event.type === 'xstate.done.actor.loadStatus' && status !== null) {
    return (event as ActorDoneEvent).output === (status.signature ? statuses.stale : statuses.unsigned);
  }
  return true;
}

const walk = pathsCoveringEveryEdge(domandaSignatureMachine, {
  input,
  events: graphEvents as DomandaSignatureEvent[],
  filterEvents: (snapshot: DomandaSignatureSnapshot, event: DomandaSignatureEvent) => snapshot.can(event) && isWalked(snapshot, event),
});

type Path = StatePath<DomandaSignatureSnapshot, DomandaSignatureEvent>;

const takenTransitions = new Set<string>();

// ---------------------------------------------------------------------------------------------
// Replay: invoked actors are promises the test settles; calls are recorded.
// ---------------------------------------------------------------------------------------------

function startReplay() {
  const calls: string[] = [];
  const controls = controlledActors();
  const actor = createActor(
    domandaSignatureMachine.provide({
      actors: {
        loadStatus: controls.promise<DomandaSignatureActorOutputs['loadStatus'], DomandaSignatureActorInputs['loadStatus']>((asked) =>
          calls.push(`loadStatus:${asked.organizationId}:${asked.fund}`),
        ),
        downloadDomanda: controls.promise<DomandaSignatureActorOutputs['downloadDomanda'], DomandaSignatureActorInputs['downloadDomanda']>(
          (asked) => calls.push(`downloadDomanda:${asked.fileName}`),
        ),
        uploadSigned: controls.promise<DomandaSignatureActorOutputs['uploadSigned'], DomandaSignatureActorInputs['uploadSigned']>((asked) =>
          calls.push(`uploadSigned:${asked.file.name}`),
        ),
        trialSign: controls.promise<DomandaSignatureActorOutputs['trialSign'], DomandaSignatureActorInputs['trialSign']>(() =>
          calls.push('trialSign'),
        ),
      },
    }),
    { input, inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();
  return { actor, calls, apply: (event: GraphEvent) => applyStep(actor, controls, event) };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if (event.type === 'xstate.done.actor.loadStatus') {
    const loaded = (event as ActorDoneEvent).output as DomandaStatus;
    return `${name}(${Object.entries(statuses).find(([, value]) => value === loaded)?.[0]})`;
  }
  if ('error' in event) return `${name}(${event.error instanceof Error ? event.error.message : 'no message'})`;
  return name;
}

function describePath(path: Path): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event as GraphEvent));
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || '(start)'}`;
}

describeMachinePaths({
  title: 'domanda-signature machine',
  machine: domandaSignatureMachine,
  walks: [walk],
  name: describePath,
  taken: () => takenTransitions,

  replay: async (path) => {
    const { actor, calls, apply } = startReplay();
    expect(calls).toEqual(['loadStatus:org-1:PUI']);
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      const asked = calls.length;
      const event = step.event as GraphEvent;
      await apply(event);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      const view = selectDomandaSignatureView(after);
      const status = after.context.status;

      // The hand-over may go ahead only with a signature of the current Domanda.
      expect(view.satisfied).toBe(status !== null && status.domanda !== null && status.signature !== null && !status.signature.stale);
      // Nothing is offered while a call is on its way, nor without a Domanda; the trial only where the server offers it.
      const busy = after.matches('downloading') || after.matches('verifying') || after.matches('trialSigning');
      expect(view.canUpload).toBe(!busy && !after.matches('generating') && !after.matches('unavailable') && status?.domanda != null);
      expect(view.canTrialSign).toBe(view.canUpload && status?.trialSigning === true && (!status.signature || status.signature.stale));
      expect(view.isVerifying).toBe(after.matches('verifying'));

      if (event.type === 'domanda.download') expect(calls.slice(asked)).toEqual([`downloadDomanda:${domanda.fileName}`]);
      if (event.type === 'domanda.upload') expect(calls.slice(asked)).toEqual(['uploadSigned:Domanda-PUI.pdf.p7m']);
      if (event.type === 'domanda.trialSign') expect(calls.slice(asked)).toEqual(['trialSign']);
      // After a download, and on Riprova, the Domanda is made again.
      if (event.type.endsWith('.actor.downloadDomanda') || event.type === 'domanda.refresh') {
        expect(calls.slice(asked)).toEqual(['loadStatus:org-1:PUI']);
      }
      if (event.type === 'xstate.done.actor.downloadDomanda') expect(view.downloaded).toBe(true);
      if (event.type === 'xstate.error.actor.downloadDomanda') expect(view.downloadError).toBe(m.downloadFailed);
      if (event.type === 'xstate.done.actor.uploadSigned' || event.type === 'xstate.done.actor.trialSign') {
        expect(view.signature).toEqual((event as ActorDoneEvent).output);
        expect(view.refusal).toBeNull();
      }
      // A refusal names the check the server says failed; a failure with nothing to say, the generic message.
      if (event.type === 'xstate.error.actor.uploadSigned' || event.type === 'xstate.error.actor.trialSign') {
        const error = (event as ActorErrorEvent).error;
        expect(view.refusal).toBe(error instanceof Error ? error.message : m.uploadFailed);
        expect(view.signature).toEqual(before.context.status?.signature ?? null);
      }
      if (event.type === 'xstate.error.actor.loadStatus') expect(view.loadError).toBe('Impossibile contattare il server.');
      if (after.matches('stale')) expect(view.signature?.stale).toBe(true);
      if (after.matches('incomplete')) expect(view.notReadyReason).toBe(m.notReady);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    actor.stop();
  },
  coverage: () => {
    it('reaches every state of the machine', () => {
      const reached = new Set(walk.paths.map((path) => JSON.stringify(path.state.value)));
      for (const state of Object.keys(domandaSignatureMachine.root.states)) expect(reached).toContain(JSON.stringify(state));
    });
    it('offers nothing to sign before the application is complete, and no trial signature when the server has a trust list', () => {
      const actor = createActor(domandaSignatureMachine, { input }).start();
      actor.stop();
      const incomplete = domandaSignatureMachine.resolveState({
        value: 'incomplete',
        context: { ...actor.getSnapshot().context, status: statuses.incomplete },
      });
      expect(incomplete.can({ type: 'domanda.upload', file: { name: 'x.p7m', size: 1 } })).toBe(false);
      const trusted = domandaSignatureMachine.resolveState({
        value: 'unsigned',
        context: { ...actor.getSnapshot().context, status: { ...statuses.unsigned, trialSigning: false } },
      });
      expect(trusted.can({ type: 'domanda.trialSign' })).toBe(false);
      expect(trusted.can({ type: 'domanda.upload', file: { name: 'x.p7m', size: 1 } })).toBe(true);
    });
  },
});
