import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge } from '../support/machineGraph.ts';
import type { User } from '../../domain/user.ts';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import type { AuthSnapshot } from '../../machines/auth/selectors.ts';
import type { AuthActorId, AuthActorInputs, AuthActorOutputs, AuthEvent, AuthFailure, StoredTokens } from '../../machines/auth/types.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures. Both tables are checked by tsc against the machine's types: a new event or a new
// invoked actor without fixtures fails the type check, so the graph can never silently skip it.
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in AuthEvent['type']]: readonly Extract<AuthEvent, { type: K }>[] };
type ActorOutcomeFixtures = {
  [K in AuthActorId]: { done: readonly AuthActorOutputs[K][]; error: readonly AuthFailure[] };
};

const applicant: User = {
  id: 'user-1',
  firstName: 'Maria',
  lastName: 'Rossi',
  email: 'maria.rossi@example.it',
  emailVerified: true,
  fiscalCode: null,
  roles: ['user'],
  organizations: [
    { id: 'org-1', name: 'Comune di Prova', email: 'comune@example.it', pIva: '01234567890', status: 'active', suspensionReason: null },
  ],
};
const renamedApplicant: User = { ...applicant, firstName: 'Mariella' };

const eventFixtures = {
  'auth.callback': [
    {
      type: 'auth.callback',
      code: 'code-from-provider',
      state: 'state-1',
      iss: 'https://portale.test/idp',
      redirectUri: 'https://portale.test/login-callback',
    },
    // A second login (another account, another tab) while the first is anywhere.
    { type: 'auth.callback', code: 'second-code', state: null, iss: null, redirectUri: 'https://portale.test/login-callback' },
  ],
  'auth.denied': [{ type: 'auth.denied' }],
  'auth.retry': [{ type: 'auth.retry' }],
  'auth.unauthorized': [{ type: 'auth.unauthorized' }],
  'session.expired': [{ type: 'session.expired' }],
  'auth.logout': [{ type: 'auth.logout' }],
  'auth.logout.local': [{ type: 'auth.logout.local' }],
  // The account page saved a new first name.
  'user.updated': [{ type: 'user.updated', user: renamedApplicant }],
} as const satisfies EventFixtures;

const storedWithRefresh: StoredTokens = { token: 'stored-access', refreshToken: 'stored-refresh', idToken: 'stored-id' };
const storedWithoutRefresh: StoredTokens = { token: 'stored-access-only', refreshToken: null, idToken: null };

const unauthorized: AuthFailure = { status: 401, message: 'Accesso richiesto: effettua di nuovo l’accesso.' };

const actorOutcomes = {
  readStoredTokens: {
    done: [storedWithRefresh, storedWithoutRefresh, null],
    error: [{ status: null, message: 'Cookie illeggibili' }],
  },
  exchangeCode: {
    done: [{ token: 'new-access', refresh_token: 'new-refresh', id_token: 'new-id', expires_in: 300 }],
    error: [{ status: 400, message: 'Il codice di accesso non è valido o è scaduto.' }],
  },
  loadUser: {
    done: [applicant],
    error: [unauthorized, { status: 503, message: 'Si è verificato un errore imprevisto. Riprova tra poco.' }],
  },
  refreshTokens: {
    // A provider may rotate the refresh token or answer with the access token alone.
    done: [
      { token: 'refreshed-access', refresh_token: null, id_token: null, expires_in: 300 },
      { token: 'rotated-access', refresh_token: 'rotated-refresh', id_token: 'rotated-id', expires_in: 300 },
    ],
    error: [unauthorized, { status: 502, message: 'Il servizio di autenticazione non risponde: riprova tra qualche istante.' }],
  },
  revokeSession: {
    done: [undefined],
    // The provider (or the network) is down: the person still leaves.
    error: [{ status: null, message: 'Il servizio di autenticazione non risponde: riprova tra qualche istante.' }],
  },
} as const satisfies ActorOutcomeFixtures;

type ActorDoneEvent = { type: `xstate.done.actor.${AuthActorId}`; output: unknown };
type ActorErrorEvent = { type: `xstate.error.actor.${AuthActorId}`; error: AuthFailure };
type GraphEvent = AuthEvent | ActorDoneEvent | ActorErrorEvent;

const actorIds = Object.keys(actorOutcomes) as AuthActorId[];

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...actorIds.flatMap((id): GraphEvent[] => [
    ...actorOutcomes[id].done.map((output): GraphEvent => ({ type: `xstate.done.actor.${id}`, output })),
    ...actorOutcomes[id].error.map((error): GraphEvent => ({ type: `xstate.error.actor.${id}`, error })),
  ]),
];

// The graph functions are typed with the machine's own events; actor completions are events too at run time.
const traversal = {
  events: graphEvents as AuthEvent[],
  // After a rename the session goes on exactly as before: its other transitions are walked with the original
  // person, so the renamed one is a leaf instead of a second copy of the whole graph.
  filterEvents: (snapshot: AuthSnapshot, event: AuthEvent) =>
    snapshot.can(event) && snapshot.context.user?.firstName !== renamedApplicant.firstName,
};

type AuthPath = StatePath<AuthSnapshot, AuthEvent>;

const walk = pathsCoveringEveryEdge(authMachine, traversal);
const { paths, edges } = walk;

// ---------------------------------------------------------------------------------------------
// Replay on a real actor: invoked actors are promises the test settles, storage actions write to
// an in-memory browser.
// ---------------------------------------------------------------------------------------------

interface FakeBrowser {
  tokens: StoredTokens | null;
  localDataCleared: number;
  providerLogoutHints: (string | null)[];
  /** The refresh tokens Esci asked the provider to revoke. */
  revoked: (string | null)[];
}

function startReplay() {
  const browser: FakeBrowser = { tokens: null, localDataCleared: 0, providerLogoutHints: [], revoked: [] };
  const controls = controlledActors();
  const controlled = <K extends AuthActorId>(onStart?: (input: AuthActorInputs[K]) => void) =>
    controls.promise<AuthActorOutputs[K], AuthActorInputs[K]>(onStart);

  const actor = createActor(
    authMachine.provide({
      actors: {
        readStoredTokens: controlled<'readStoredTokens'>(),
        exchangeCode: controlled<'exchangeCode'>(),
        loadUser: controlled<'loadUser'>(),
        refreshTokens: controlled<'refreshTokens'>(),
        revokeSession: controlled<'revokeSession'>((input) => browser.revoked.push(input.refreshToken)),
      },
      actions: {
        persistTokens: ({ context }) => {
          browser.tokens = context.tokens;
        },
        clearStoredTokens: () => {
          browser.tokens = null;
        },
        clearLocalData: () => {
          browser.localDataCleared += 1;
        },
        endProviderSession: ({ context }) => {
          browser.providerLogoutHints.push(context.tokens?.idToken ?? null);
        },
      },
    }),
  );
  actor.start();

  async function apply(event: GraphEvent): Promise<void> {
    // What readStoredTokens returns is what the browser had kept.
    if (event.type === 'xstate.done.actor.readStoredTokens') browser.tokens = event.output as StoredTokens | null;
    await applyStep(actor, controls, event);
  }

  return { actor, browser, apply };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if ('error' in event) return `${name}(${event.error.status ?? 'no answer'})`;
  if (!('output' in event)) return name;
  const output = event.output as { token?: string; id?: string } | null;
  return `${name}(${output?.token ?? output?.id ?? 'nothing'})`;
}

function describePath(path: AuthPath): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event as GraphEvent));
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || '(start)'}`;
}

const logoutCompletions = new Set(['xstate.done.actor.revokeSession', 'xstate.error.actor.revokeSession']);

const sessionEndingEvents = new Set(['session.expired', ...logoutCompletions, 'auth.logout.local', 'xstate.error.actor.refreshTokens']);

describeMachinePaths({
  title: 'auth machine',
  machine: authMachine,
  walks: [walk],
  name: describePath,

  replay: async (path) => {
    const { actor, browser, apply } = startReplay();
    const idTokensSeen: (string | null)[] = [];

    for (const step of path.steps.slice(1)) {
      idTokensSeen.push(actor.getSnapshot().context.tokens?.idToken ?? null);
      await apply(step.event);
      expect(actor.getSnapshot().value).toEqual(step.state.value);
    }

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);

    // What the browser keeps must agree with what the machine believes.
    if (snapshot.matches('authenticated')) {
      expect(browser.tokens).toEqual(snapshot.context.tokens);
      expect(snapshot.context.user).not.toBeNull();
    }
    const lastEvent: string = path.steps.at(-1)?.event.type ?? '';
    // A refresh that fails after Esci ends the session through loggingOut (checked below), once the revocation settles.
    if (sessionEndingEvents.has(lastEvent) && !snapshot.matches('failure') && !snapshot.matches('loggingOut')) {
      expect(snapshot.context.tokens).toBeNull();
      expect(browser.tokens).toBeNull();
    }
    if (lastEvent === 'xstate.error.actor.refreshTokens' && snapshot.matches('failure')) {
      // An outage is no verdict on the tokens: they stay for the next attempt.
      expect(snapshot.context.tokens).not.toBeNull();
      expect(browser.tokens).toEqual(snapshot.context.tokens);
    }
    if (snapshot.matches('loggingOut')) {
      // Esci first revokes the refresh token the session holds (after a renewal under way, the renewed one), and
      // leaves nothing until that is settled.
      expect(browser.revoked).toEqual([snapshot.context.tokens?.refreshToken ?? null]);
      expect(browser.providerLogoutHints).toEqual([]);
      expect(snapshot.context.tokens).not.toBeNull();
    }
    if (lastEvent === 'auth.logout' && snapshot.matches('refreshing')) {
      // Pressed while the token is renewed: kept, and nothing revoked or left until the renewal has answered.
      expect(snapshot.context.logoutRequested).toBe(true);
      expect(browser.revoked).toEqual([]);
      expect(browser.providerLogoutHints).toEqual([]);
    }
    if (!snapshot.matches('refreshing')) expect(snapshot.context.logoutRequested).toBe(false);
    if (logoutCompletions.has(lastEvent)) {
      // Revoked or not (provider down), the person leaves: the provider's logout gets the id token.
      expect(browser.providerLogoutHints).toEqual([idTokensSeen.at(-1)]);
      expect(browser.localDataCleared).toBe(1);
    }
    actor.stop();
  },
  coverage: () => {
    it('reaches every state of the machine', () => {
      const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
      for (const state of Object.keys(authMachine.root.states)) {
        expect(reached).toContain(JSON.stringify(state));
      }
    });

    it('takes every transition declared in the machine config, from every state for the root ones', () => {
      // Declared transitions (state + event + target) must each appear among the walked edges,
      // so a transition the fixtures cannot trigger is reported instead of silently skipped.
      const walked = new Set(
        edges.map((edge) => `${JSON.stringify(edge.state.value)} ${edge.event.type} ${JSON.stringify(edge.nextState.value)}`),
      );
      const declared: string[] = [];
      for (const [name, node] of Object.entries(authMachine.root.states)) {
        for (const [eventType, transitions] of node.transitions) {
          for (const transition of transitions) {
            const target = transition.target?.[0]?.key ?? name;
            declared.push(`"${name}" ${eventType} "${target}"`);
          }
        }
      }
      for (const [eventType, transitions] of authMachine.root.transitions) {
        for (const transition of transitions) {
          const target = transition.target?.[0]?.key;
          for (const name of Object.keys(authMachine.root.states)) declared.push(`"${name}" ${eventType} "${target}"`);
        }
      }
      expect(declared.filter((transition) => !walked.has(transition))).toEqual([]);
    });
  },
});
