import { assertEvent, assign, setup } from 'xstate';
import type { TokenExchangeRequest, TokenSet } from '../../domain/auth.ts';
import { messages } from '../../domain/messages.ts';
import type { User } from '../../domain/user.ts';
import { hostAction, hostPromises } from '../host.ts';
import { toAuthFailure } from './actors.ts';
import type { AuthActorInputs, AuthActorOutputs, AuthContext, AuthEvent, StoredTokens } from './types.ts';

/** The browser (src/auth/browserSession.ts) and the tests supply the calls with `.provide()`. */
const fromHost = hostPromises<AuthActorOutputs, AuthActorInputs>('auth');

function exchangeRequestFrom({ event }: { event: AuthEvent }): TokenExchangeRequest {
  assertEvent(event, 'auth.callback');
  const request: TokenExchangeRequest = { code: event.code, redirectUri: event.redirectUri };
  if (event.state !== null) request.state = event.state;
  if (event.iss !== null) request.iss = event.iss;
  return request;
}

function isUnauthorized(error: unknown): boolean {
  return toAuthFailure(error).status === 401;
}

/** No answer, or the server (or the provider behind it) failing: not a verdict on the tokens. */
function isOutage(error: unknown): boolean {
  const { status } = toAuthFailure(error);
  return status === null || status >= 500;
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    readStoredTokens: fromHost('readStoredTokens'),
    exchangeCode: fromHost('exchangeCode'),
    loadUser: fromHost('loadUser'),
    refreshTokens: fromHost('refreshTokens'),
    revokeSession: fromHost('revokeSession'),
  },
  guards: {
    isTokenPresent: (_, params: { tokens: StoredTokens | null }) => params.tokens !== null && params.tokens.token !== '',
    canRefreshAfter: ({ context }, params: { error: unknown }) =>
      isUnauthorized(params.error) && !context.refreshAttempted && Boolean(context.tokens?.refreshToken),
    isUnauthorized: (_, params: { error: unknown }) => isUnauthorized(params.error),
    isOutage: (_, params: { error: unknown }) => isOutage(params.error),
    hasUser: ({ context }) => context.user !== null,
    isNewCode: ({ context }, params: { code: string }) => params.code !== context.callbackCode,
    hasRefreshToken: ({ context }) => Boolean(context.tokens?.refreshToken),
    isLogoutRequested: ({ context }) => context.logoutRequested,
  },
  actions: {
    rememberCallbackCode: assign((_, params: { code: string }) => ({ callbackCode: params.code })),
    restoreTokens: assign((_, params: { tokens: StoredTokens | null }) => ({ tokens: params.tokens })),
    storeExchangedTokens: assign((_, params: { tokenSet: TokenSet }) => ({
      tokens: { token: params.tokenSet.token, refreshToken: params.tokenSet.refresh_token, idToken: params.tokenSet.id_token },
    })),
    // A refresh answer may omit the refresh and id tokens when the provider does not rotate them: keep ours.
    storeRefreshedTokens: assign(({ context }, params: { tokenSet: TokenSet }) => ({
      tokens: {
        token: params.tokenSet.token,
        refreshToken: params.tokenSet.refresh_token ?? context.tokens?.refreshToken ?? null,
        idToken: params.tokenSet.id_token ?? context.tokens?.idToken ?? null,
      },
    })),
    storeUser: assign((_, params: { user: User }) => ({ user: params.user, error: null })),
    storeFailure: assign((_, params: { error: unknown }) => ({ error: toAuthFailure(params.error).message })),
    storeDenied: assign({ error: messages.auth.providerDenied }),
    storeSessionExpired: assign({ error: messages.auth.sessionExpired }),
    clearError: assign({ error: null }),
    forgetSession: assign({ tokens: null, user: null, refreshAttempted: false }),
    markRefreshAttempted: assign({ refreshAttempted: true }),
    resetRefreshAttempt: assign({ refreshAttempted: false }),
    requestLogout: assign({ logoutRequested: true }),
    forgetLogoutRequest: assign({ logoutRequested: false }),
    // Host side effects. They run after the assigns listed before them, so they see the updated context.
    persistTokens: hostAction(),
    clearStoredTokens: hostAction(),
    clearLocalData: hostAction(),
    endProviderSession: hostAction(),
  },
}).createMachine({
  id: 'auth',
  description:
    'Who is using the portal. Spec §4: loading, then authenticated once a token and a user are present. ' +
    'Tokens come from the identity provider through /login-callback and are kept by the browser.',
  context: { tokens: null, user: null, error: null, refreshAttempted: false, callbackCode: null, logoutRequested: false },
  initial: 'checkingSession',
  on: {
    // A new login wins wherever it finds the session; the same code twice (a repeated event, a reload) is ignored.
    'auth.callback': {
      guard: { type: 'isNewCode', params: ({ event }) => ({ code: event.code }) },
      target: '.exchangingCode',
      actions: { type: 'rememberCallbackCode', params: ({ event }) => ({ code: event.code }) },
    },
    'auth.logout.local': {
      target: '.unauthenticated',
      actions: ['clearStoredTokens', 'clearLocalData', 'forgetSession', 'clearError'],
    },
  },
  states: {
    checkingSession: {
      description: 'Reads the tokens the browser kept: with an access token the session is resumed.',
      invoke: {
        id: 'readStoredTokens',
        src: 'readStoredTokens',
        onDone: [
          {
            guard: { type: 'isTokenPresent', params: ({ event }) => ({ tokens: event.output }) },
            target: 'loadingUser',
            actions: { type: 'restoreTokens', params: ({ event }) => ({ tokens: event.output }) },
          },
          { target: 'unauthenticated', actions: 'forgetSession' },
        ],
        onError: { target: 'unauthenticated', actions: 'forgetSession' },
      },
      on: {
        'auth.denied': { target: 'failure', actions: 'storeDenied' },
      },
    },
    unauthenticated: {
      description: 'No session: the welcome page offers Accedi and Registrati.',
      on: {
        'auth.denied': { target: 'failure', actions: 'storeDenied' },
      },
    },
    exchangingCode: {
      description: 'Exchanges the code the identity provider returned for the token set.',
      entry: 'clearError',
      invoke: {
        id: 'exchangeCode',
        src: 'exchangeCode',
        input: exchangeRequestFrom,
        onDone: {
          target: 'loadingUser',
          actions: [{ type: 'storeExchangedTokens', params: ({ event }) => ({ tokenSet: event.output }) }, 'persistTokens'],
        },
        onError: {
          target: 'failure',
          actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingUser: {
      description: 'Loads the person behind the access token (GET /api/User).',
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ context }) => ({ accessToken: context.tokens?.token ?? '' }),
        onDone: {
          target: 'authenticated',
          actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: [
          {
            guard: { type: 'canRefreshAfter', params: ({ event }) => ({ error: event.error }) },
            target: 'refreshing',
          },
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'unauthenticated',
            actions: ['clearStoredTokens', 'forgetSession', 'storeSessionExpired'],
          },
          {
            target: 'failure',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: {
        'session.expired': {
          target: 'unauthenticated',
          actions: ['clearStoredTokens', 'forgetSession', 'storeSessionExpired'],
        },
      },
    },
    refreshing: {
      description:
        'The access token was refused: tries the refresh token once before giving up. ' +
        'Esci pressed meanwhile waits for the answer, so the token revoked is the one the session ends up holding.',
      entry: 'markRefreshAttempted',
      exit: 'forgetLogoutRequest',
      invoke: {
        id: 'refreshTokens',
        src: 'refreshTokens',
        input: ({ context }) => ({ refreshToken: context.tokens?.refreshToken ?? '' }),
        onDone: [
          {
            guard: 'isLogoutRequested',
            target: 'loggingOut',
            actions: [{ type: 'storeRefreshedTokens', params: ({ event }) => ({ tokenSet: event.output }) }, 'persistTokens'],
          },
          {
            guard: 'hasUser',
            target: 'authenticated',
            actions: [{ type: 'storeRefreshedTokens', params: ({ event }) => ({ tokenSet: event.output }) }, 'persistTokens'],
          },
          {
            target: 'loadingUser',
            actions: [{ type: 'storeRefreshedTokens', params: ({ event }) => ({ tokenSet: event.output }) }, 'persistTokens'],
          },
        ],
        onError: [
          // Refused or unanswered, the person who pressed Esci leaves all the same (see loggingOut).
          { guard: 'isLogoutRequested', target: 'loggingOut' },
          {
            // The provider is down, not refusing: keep the tokens so a later attempt can still use them.
            guard: { type: 'isOutage', params: ({ event }) => ({ error: event.error }) },
            target: 'failure',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'unauthenticated',
            actions: ['clearStoredTokens', 'forgetSession', 'storeSessionExpired'],
          },
        ],
      },
      on: {
        'session.expired': {
          target: 'unauthenticated',
          actions: ['clearStoredTokens', 'forgetSession', 'storeSessionExpired'],
        },
        // The header stays while the token is renewed (the user is kept): Esci must not be lost in the meantime.
        'auth.logout': { actions: 'requestLogout' },
      },
    },
    authenticated: {
      description: 'A token and a user are present: the guarded pages are open.',
      entry: 'resetRefreshAttempt',
      on: {
        'auth.unauthorized': [
          { guard: 'hasRefreshToken', target: 'refreshing' },
          { target: 'unauthenticated', actions: ['clearStoredTokens', 'forgetSession', 'storeSessionExpired'] },
        ],
        'session.expired': {
          target: 'unauthenticated',
          actions: ['clearStoredTokens', 'forgetSession', 'storeSessionExpired'],
        },
        'auth.logout': { target: 'loggingOut' },
        'user.updated': { actions: { type: 'storeUser', params: ({ event }) => ({ user: event.user }) } },
      },
    },
    loggingOut: {
      description:
        'Esci: the refresh token is revoked at the provider first, so no one can renew the session with it. ' +
        'Whatever the answer (a provider down must not keep the person signed in here), the browser then leaves.',
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        input: ({ context }) => ({ refreshToken: context.tokens?.refreshToken ?? null }),
        onDone: { target: 'leaving' },
        onError: { target: 'leaving' },
      },
    },
    leaving: {
      description: 'Tokens and local data are gone; the browser is on its way to the provider to end the session there.',
      // endProviderSession first: it needs the id token that forgetSession removes.
      entry: ['endProviderSession', 'clearStoredTokens', 'clearLocalData', 'forgetSession'],
    },
    failure: {
      description: 'Signing in did not succeed; the Italian message says why. The person can start again.',
      on: {
        'auth.retry': { target: 'checkingSession', actions: ['clearError', 'forgetSession'] },
        'auth.denied': { target: 'failure', actions: 'storeDenied' },
      },
    },
  },
});
