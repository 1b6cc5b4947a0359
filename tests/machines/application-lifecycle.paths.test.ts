import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { declaredTransitions, pathsCoveringEveryEdge } from '../support/machineGraph.ts';
import type { SnapshotFrom } from 'xstate';
import { APPLICATION_STATUS_CODES } from '../../domain/applicationStatus.ts';
import { applicationLifecycleMachine } from '../../machines/application-lifecycle/applicationLifecycle.machine.ts';
import {
  adminTargetsFrom,
  canTransition,
  eventsLeadingTo,
  LIFECYCLE_EVENT_TYPES,
  lifecycleTransitions,
  sourcesOf,
} from '../../machines/application-lifecycle/transitions.ts';
import {
  fundCardView,
  isIntegrationOpen,
  isSurveyOpen,
  statusLabelAfter,
  surveyAccess,
} from '../../machines/application-lifecycle/selectors.ts';
import type { ApplicationLifecycleEvent } from '../../machines/application-lifecycle/types.ts';

// The events table is checked by tsc against the machine's event union: a new event without a fixture
// fails the type check, so the graph can never silently skip it.
type EventFixtures = { [K in ApplicationLifecycleEvent['type']]: readonly Extract<ApplicationLifecycleEvent, { type: K }>[] };

const eventFixtures = {
  'applicant.draft.autosave': [{ type: 'applicant.draft.autosave' }],
  'applicant.application.submit': [{ type: 'applicant.application.submit' }],
  'applicant.integration.complete': [{ type: 'applicant.integration.complete' }],
  'applicant.review.submit': [{ type: 'applicant.review.submit' }],
  'applicant.monitoring.submit': [{ type: 'applicant.monitoring.submit' }],
  'admin.reopen': [{ type: 'admin.reopen' }],
  'admin.evaluate': [{ type: 'admin.evaluate' }],
  'admin.integration.request': [{ type: 'admin.integration.request' }],
  'admin.admit': [{ type: 'admin.admit' }],
  'admin.reject': [{ type: 'admin.reject' }],
  'admin.deliberate': [{ type: 'admin.deliberate' }],
  'admin.monitoring.open': [{ type: 'admin.monitoring.open' }],
  'admin.monitoring.close': [{ type: 'admin.monitoring.close' }],
} as const satisfies EventFixtures;

type Snapshot = SnapshotFrom<typeof applicationLifecycleMachine>;
type LifecyclePath = StatePath<Snapshot, ApplicationLifecycleEvent>;

const traversal = {
  events: Object.values(eventFixtures).flat() as ApplicationLifecycleEvent[],
  filterEvents: (snapshot: Snapshot, event: ApplicationLifecycleEvent) => snapshot.can(event),
};

const walk = pathsCoveringEveryEdge(applicationLifecycleMachine, traversal);
const { paths, edges } = walk;

describeMachinePaths({
  title: 'application lifecycle',
  machine: applicationLifecycleMachine,
  walks: [walk],
  name: (path: LifecyclePath) =>
    `${String(path.state.value)} via ${
      path.steps
        .slice(1)
        .map((s) => s.event.type)
        .join(' → ') || '(start)'
    }`,
  replay: (path) => {
    const actor = createActor(applicationLifecycleMachine).start();
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot().value;
      expect(actor.getSnapshot().can(step.event)).toBe(true);
      actor.send(step.event);
      expect(actor.getSnapshot().value).toBe(step.state.value);
      // The server's derived view agrees with the running machine on this very step.
      const role = step.event.type.startsWith('admin.') ? 'admin' : 'applicant';
      expect(canTransition(before as never, role, step.state.value as never)).toBe(true);
    }
    expect(actor.getSnapshot().value).toBe(path.state.value);
    actor.stop();
  },
  coverage: () => {
    it('has the 25 transitions of the spec, each declared once', () => {
      expect(edges).toHaveLength(25);
      expect(declaredTransitions(applicationLifecycleMachine.root)).toHaveLength(edges.length);
    });

    it('reaches all thirteen statuses, in the machine and in the walked paths', () => {
      expect(Object.keys(applicationLifecycleMachine.root.states)).toEqual([...APPLICATION_STATUS_CODES]);
      expect(new Set(paths.map((p) => p.state.value))).toEqual(new Set(APPLICATION_STATUS_CODES));
    });

    it('the derived transition list is exactly the graph of the machine', () => {
      const fromGraph = edges.map((e) => `${String(e.state.value)} ${e.event.type} ${String(e.nextState.value)}`).sort();
      const derived = lifecycleTransitions.map((t) => `${t.from} ${t.event} ${t.to}`).sort();
      expect(derived).toEqual(fromGraph);
      expect(new Set(LIFECYCLE_EVENT_TYPES)).toEqual(new Set(Object.keys(eventFixtures)));
    });
  },
});

describe('what the server and the client derive from the machine', () => {
  it('offers admins the targets of spec §4 (plus the monitoring changes)', () => {
    expect(adminTargetsFrom('NON_AVVIATA')).toEqual([]);
    expect(adminTargetsFrom('APERTA')).toEqual([]);
    expect(adminTargetsFrom('CANDIDATURA_SOTTOMESSA')).toEqual(['APERTA', 'IN_VALUTAZIONE']);
    expect(adminTargetsFrom('INTEGRAZIONE_SOTTOMESSA')).toEqual(['APERTA', 'IN_VALUTAZIONE']);
    expect(adminTargetsFrom('IN_VALUTAZIONE')).toEqual(['APERTA', 'IN_INTEGRAZIONE', 'AMMISSIBILE', 'RIFIUTATA']);
    expect(adminTargetsFrom('ISTRUTTORIA_SOTTOMESSA')).toEqual(['DELIBERATA']);
    expect(adminTargetsFrom('DELIBERATA')).toEqual(['APERTA', 'MONITORAGGIO_APERTO']);
    expect(adminTargetsFrom('MONITORAGGIO_SOTTOMESSO')).toEqual(['APERTA', 'MONITORAGGIO_APERTO', 'MONITORAGGIO_CHIUSO']);
    expect(adminTargetsFrom('MONITORAGGIO_CHIUSO')).toEqual(['APERTA']);
  });

  it('autosave only before submission; Integrazione Sottomessa is irreversible for the applicant', () => {
    expect(sourcesOf('applicant.draft.autosave')).toEqual(['NON_AVVIATA', 'APERTA']);
    expect(canTransition('INTEGRAZIONE_SOTTOMESSA', 'applicant', 'IN_INTEGRAZIONE')).toBe(false);
    expect(lifecycleTransitions.filter((t) => t.from === 'INTEGRAZIONE_SOTTOMESSA' && t.role === 'applicant')).toEqual([]);
  });

  it('every status is reachable from Non avviata by a chain of allowed events', () => {
    for (const status of APPLICATION_STATUS_CODES) {
      const steps = eventsLeadingTo(status);
      const actor = createActor(applicationLifecycleMachine).start();
      steps.forEach((step) => actor.send({ type: step.event }));
      expect(actor.getSnapshot().value).toBe(status);
    }
  });

  it('the fund card follows spec §4 (User card on /calls)', () => {
    expect(fundCardView('NON_AVVIATA')).toEqual({ application: 'candidati', review: null, monitoring: null });
    expect(fundCardView('APERTA')).toEqual({ application: 'compila', review: null, monitoring: null });
    for (const s of ['CANDIDATURA_SOTTOMESSA', 'IN_VALUTAZIONE', 'RIFIUTATA', 'INTEGRAZIONE_SOTTOMESSA'] as const) {
      expect(fundCardView(s)).toEqual({ application: 'visualizza', review: null, monitoring: null });
    }
    expect(fundCardView('IN_INTEGRAZIONE')).toEqual({ application: 'vaiAgliAllegati', review: null, monitoring: null });
    expect(fundCardView('AMMISSIBILE')).toEqual({ application: 'visualizzaDomanda', review: 'compila', monitoring: null });
    expect(fundCardView('ISTRUTTORIA_SOTTOMESSA')).toEqual({ application: 'visualizzaDomanda', review: 'visualizza', monitoring: null });
    expect(fundCardView('DELIBERATA')).toEqual({ application: 'visualizzaDomanda', review: 'visualizza', monitoring: null });
    expect(fundCardView('MONITORAGGIO_APERTO')).toEqual({ application: 'visualizzaDomanda', review: 'visualizza', monitoring: 'compila' });
    expect(fundCardView('MONITORAGGIO_SOTTOMESSO')).toEqual({
      application: 'visualizzaDomanda',
      review: 'visualizza',
      monitoring: 'visualizza',
    });
    expect(fundCardView('MONITORAGGIO_CHIUSO')).toEqual({
      application: 'visualizzaDomanda',
      review: 'visualizza',
      monitoring: 'visualizza',
    });
  });
});

describe('what the lifecycle tells the views', () => {
  it('the integration is open, and the review and a monitoring period take answers, only while the machine accepts their hand-over', () => {
    expect(APPLICATION_STATUS_CODES.filter(isIntegrationOpen)).toEqual(['IN_INTEGRAZIONE']);
    expect(APPLICATION_STATUS_CODES.filter((status) => isSurveyOpen(status, 'review'))).toEqual(['AMMISSIBILE']);
    expect(APPLICATION_STATUS_CODES.filter((status) => isSurveyOpen(status, 'monitoring'))).toEqual(['MONITORAGGIO_APERTO']);
  });

  it('the survey wizard: the admin reads; the applicant answers an open stage unless it was opened read-only', () => {
    const current = { current: true, compilata: false };
    const applicant = { viewer: 'applicant', readOnly: false } as const;
    expect(surveyAccess('AMMISSIBILE', { stage: 'review', viewer: 'admin', readOnly: false })).toBe('admin');
    expect(surveyAccess('AMMISSIBILE', { stage: 'review', ...applicant })).toBe('edit');
    expect(surveyAccess('AMMISSIBILE', { stage: 'review', ...applicant, readOnly: true })).toBe('readOnly');
    expect(surveyAccess('ISTRUTTORIA_SOTTOMESSA', { stage: 'review', ...applicant })).toBe('readOnly');
    expect(surveyAccess('MONITORAGGIO_APERTO', { stage: 'monitoring', ...applicant, period: current })).toBe('edit');
    // A past period, one already handed over, or none: read-only while the stage is open.
    expect(surveyAccess('MONITORAGGIO_APERTO', { stage: 'monitoring', ...applicant, period: { ...current, current: false } })).toBe(
      'readOnly',
    );
    expect(surveyAccess('MONITORAGGIO_APERTO', { stage: 'monitoring', ...applicant, period: { ...current, compilata: true } })).toBe(
      'readOnly',
    );
    expect(surveyAccess('MONITORAGGIO_APERTO', { stage: 'monitoring', ...applicant })).toBe('readOnly');
    expect(surveyAccess('MONITORAGGIO_SOTTOMESSO', { stage: 'monitoring', ...applicant, period: current })).toBe('readOnly');
  });

  it("each hand-over sends the catalogue's label of the status it leads to", () => {
    expect(statusLabelAfter['applicant.integration.complete']).toBe('Integrazione Sottomessa');
    expect(statusLabelAfter['applicant.review.submit']).toBe('Istruttoria Sottomessa');
    expect(statusLabelAfter['applicant.monitoring.submit']).toBe('Monitoraggio Sottomesso');
    expect(Object.keys(statusLabelAfter).sort()).toEqual([...LIFECYCLE_EVENT_TYPES].sort());
  });
});
