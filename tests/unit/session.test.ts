// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../domain/messages.ts';
import type { StoredTokens } from '../../machines/auth/types.ts';
import { getUserStatus } from '../../src/api/user.ts';
import { askForUserEarly, takeEarlyUser } from '../../src/auth/earlyUser.ts';
import { createSession, refreshThroughAuthMachine, settledSession } from '../../src/auth/session.ts';
import { GOOD_CODE, GOOD_REFRESH_TOKEN, startPortalApiServer, type PortalApiServer } from './portalApiServer.ts';

let server: PortalApiServer;

beforeAll(async () => {
  server = await startPortalApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.validAccessToken = 'access-1';
  server.nextAccessToken = 'access-2';
});

/** The real session wiring (auth machine + API client) with the browser's storage kept in memory. */
function startSession(stored: StoredTokens | null) {
  const browser = { tokens: stored, organizationId: 'org-1', localDataCleared: false, leftFor: null as string | null, expired: 0 };
  const session = createSession({
    baseURL: server.url,
    readTokens: () => browser.tokens,
    writeTokens: (tokens) => {
      browser.tokens = tokens;
    },
    clearTokens: () => {
      browser.tokens = null;
    },
    readSelectedOrganizationId: () => browser.organizationId,
    clearLocalData: () => {
      browser.localDataCleared = true;
    },
    leaveTo: (url) => {
      browser.leftFor = url;
    },
    onSessionExpired: () => {
      browser.expired += 1;
    },
    takeEarlyUser,
  });
  return { ...session, browser };
}

describe('session (auth machine + API client over HTTP)', () => {
  it('signs in with the code from the provider and keeps the tokens', async () => {
    const { auth, browser } = startSession(null);
    await settledSession(auth);

    auth.send({ type: 'auth.callback', code: GOOD_CODE, state: 's', iss: null, redirectUri: `${server.url}/login-callback` });
    const settled = await settledSession(auth);

    expect(settled.value).toBe('authenticated');
    expect(settled.context.user?.firstName).toBe('Maria');
    expect(browser.tokens).toEqual({ token: 'access-1', refreshToken: GOOD_REFRESH_TOKEN, idToken: 'id-1' });
  });

  it('shows the server’s message when the code is refused', async () => {
    const { auth, browser } = startSession(null);
    await settledSession(auth);

    auth.send({ type: 'auth.callback', code: 'spent', state: 's', iss: null, redirectUri: `${server.url}/login-callback` });
    const settled = await settledSession(auth);

    expect(settled.value).toBe('failure');
    expect(settled.context.error).toBe('Il codice di accesso non è valido o è scaduto: premi di nuovo Accedi.');
    expect(browser.tokens).toBeNull();
  });

  it('resumes a stored session whose access token expired, using the refresh token once', async () => {
    const { auth, browser } = startSession({ token: 'expired', refreshToken: GOOD_REFRESH_TOKEN, idToken: 'id-1' });

    const settled = await settledSession(auth);

    expect(settled.value).toBe('authenticated');
    expect(server.refreshCalls()).toBe(1);
    // The provider did not rotate the refresh token: the stored one is kept.
    expect(browser.tokens).toEqual({ token: 'access-2', refreshToken: GOOD_REFRESH_TOKEN, idToken: 'id-1' });
  });

  it('resumes a session on the record the page asked for as it started, without asking again', async () => {
    askForUserEarly('access-1', server.url);
    const { auth } = startSession({ token: 'access-1', refreshToken: GOOD_REFRESH_TOKEN, idToken: 'id-1' });

    const settled = await settledSession(auth);

    expect(settled.value).toBe('authenticated');
    expect(settled.context.user?.firstName).toBe('Maria');
    expect(server.requests.filter((seen) => seen.path === '/api/User')).toHaveLength(1);
  });

  it('an early ask refused for an expired token changes nothing: the session is renewed as usual', async () => {
    askForUserEarly('expired', server.url);
    const { auth, browser } = startSession({ token: 'expired', refreshToken: GOOD_REFRESH_TOKEN, idToken: 'id-1' });

    const settled = await settledSession(auth);

    expect(settled.value).toBe('authenticated');
    expect(server.refreshCalls()).toBe(1);
    expect(browser.tokens?.token).toBe('access-2');
    expect(browser.expired).toBe(0);
  });

  it('an early answer for another token (renewed by another tab meanwhile) is not used', async () => {
    askForUserEarly('old-token', server.url);
    const { auth } = startSession({ token: 'access-1', refreshToken: GOOD_REFRESH_TOKEN, idToken: 'id-1' });

    const settled = await settledSession(auth);

    expect(settled.value).toBe('authenticated');
    const asked = server.requests.filter((seen) => seen.path === '/api/User').map((seen) => seen.authorization);
    expect(asked.sort()).toEqual(['Bearer access-1', 'Bearer old-token']);
    expect(server.refreshCalls()).toBe(0);
  });

  it('renews the token for parallel requests through one refresh, and they all succeed', async () => {
    const { api, auth, browser } = startSession({ token: 'access-1', refreshToken: GOOD_REFRESH_TOKEN, idToken: 'id-1' });
    await settledSession(auth);
    server.validAccessToken = 'access-2'; // access-1 has just expired

    const answers = await Promise.all([getUserStatus(api), getUserStatus(api), getUserStatus(api)]);

    expect(answers.every((status) => status.hasOrganization)).toBe(true);
    expect(server.refreshCalls()).toBe(1);
    expect(auth.getSnapshot().value).toBe('authenticated');
    expect(browser.tokens?.token).toBe('access-2');
    expect(browser.expired).toBe(0);
  });

  it('ends the session when the refresh token is refused: tokens gone, the person sent to /', async () => {
    const { api, auth, browser } = startSession({ token: 'access-1', refreshToken: 'revoked', idToken: 'id-1' });
    await settledSession(auth);
    server.validAccessToken = 'access-9';

    await expect(getUserStatus(api)).rejects.toMatchObject({ status: 401 });

    expect(auth.getSnapshot().value).toBe('unauthenticated');
    expect(auth.getSnapshot().context.error).toBe(messages.auth.sessionExpired);
    expect(browser.tokens).toBeNull();
    expect(browser.expired).toBe(1);
  });

  it('Esci clears what the browser kept and leaves for the provider with the id token hint', async () => {
    const { auth, browser } = startSession({ token: 'access-1', refreshToken: GOOD_REFRESH_TOKEN, idToken: 'id-1' });
    await settledSession(auth);

    auth.send({ type: 'auth.logout' });

    // The refresh token is revoked first (POST /api/Jwt/revoke), then the browser leaves.
    await vi.waitFor(() => expect(browser.leftFor).toBe('/api/Jwt/logout?id_token_hint=id-1'));
    expect(server.requests.find((seen) => seen.path === '/api/Jwt/revoke')?.body).toEqual({ refresh_token: GOOD_REFRESH_TOKEN });
    expect(browser.tokens).toBeNull();
    expect(browser.localDataCleared).toBe(true);
  });

  it('Esci pressed while the token is being renewed is not lost: the person leaves once the renewal has answered', async () => {
    const { auth, browser } = startSession({ token: 'access-1', refreshToken: GOOD_REFRESH_TOKEN, idToken: 'id-1' });
    await settledSession(auth);

    // A renewal under way (the verification banner asks for one on arrival), and Esci pressed meanwhile. The renewal's
    // caller is left waiting: the page is on its way to the provider.
    void refreshThroughAuthMachine(auth);
    expect(auth.getSnapshot().value).toBe('refreshing');
    auth.send({ type: 'auth.logout' });

    await vi.waitFor(() => expect(browser.leftFor).toBe('/api/Jwt/logout?id_token_hint=id-1'));
    const paths = server.requests.map((seen) => seen.path);
    expect(paths.indexOf('/api/Jwt/revoke')).toBeGreaterThan(paths.indexOf('/api/Jwt/refresh'));
    expect(server.requests.find((seen) => seen.path === '/api/Jwt/revoke')?.body).toEqual({ refresh_token: GOOD_REFRESH_TOKEN });
    expect(browser.tokens).toBeNull();
    expect(browser.localDataCleared).toBe(true);
  });
});
