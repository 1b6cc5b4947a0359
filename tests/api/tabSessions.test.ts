import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredTokens } from '../../machines/auth/types.ts';
import { getUserStatus } from '../../src/api/user.ts';
import { createSession, settledSession } from '../../src/auth/session.ts';
import type { TabLocks } from '../../src/auth/tabRenewal.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Two tabs of one browser: the real session code (auth machine, API client, tab renewal) twice, over one cookie
 * store, against the real server with its real provider, whose access tokens live 5 seconds. The server's reuse
 * window is off here, so what keeps the session is the browser's coordination alone.
 */

let t: TestApp;
let baseURL: string;

beforeAll(async () => {
  t = await createTestApp({ env: { REFRESH_TOKEN_REUSE_SECONDS: '0', IDP_ACCESS_TOKEN_TTL_SECONDS: '5' } });
  baseURL = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

/** Web Locks as the browser gives them: one holder per name at a time, the others waiting in turn. */
function memoryLocks(): TabLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, _options, callback) {
      const turn = (tails.get(name) ?? Promise.resolve()).then(() => callback());
      tails.set(
        name,
        turn.catch(() => undefined),
      );
      return turn;
    },
  };
}

/** The cookies every tab reads and writes. */
function sharedCookies(tokens: StoredTokens) {
  return { tokens: tokens as StoredTokens | null };
}

function openTab(cookies: { tokens: StoredTokens | null }, locks: TabLocks | null) {
  const tab = { expired: 0 };
  const session = createSession({
    baseURL,
    readTokens: () => cookies.tokens,
    writeTokens: (tokens) => {
      cookies.tokens = tokens;
    },
    clearTokens: () => {
      cookies.tokens = null;
    },
    locks,
    readSelectedOrganizationId: () => null,
    clearLocalData: () => {},
    leaveTo: () => {},
    onSessionExpired: () => {
      tab.expired += 1;
    },
  });
  return { ...session, tab };
}

/** Until the API refuses the access token (its 5 seconds, plus the server's clock tolerance). */
async function untilExpired(accessToken: string) {
  while ((await t.get('/api/User', accessToken)).statusCode !== 401) await sleep(250);
}

async function signedInTabs(locks: () => TabLocks | null) {
  const login = await t.register();
  const cookies = sharedCookies({ token: login.token, refreshToken: login.refresh_token, idToken: login.id_token });
  const sharedLocks = locks();
  const tabs = [openTab(cookies, sharedLocks), openTab(cookies, sharedLocks)];
  for (const { auth } of tabs) expect((await settledSession(auth)).value).toBe('authenticated');
  return { login, cookies, tabs };
}

describe('two tabs whose access token expired', () => {
  it('renew at the same moment once, under the lock, and both stay signed in', async () => {
    const { login, cookies, tabs } = await signedInTabs(memoryLocks);
    await untilExpired(login.token);

    const answers = await Promise.all(tabs.map(({ api }) => getUserStatus(api)));

    expect(answers.map((status) => status.organizationsCount)).toEqual([0, 0]);
    expect(tabs.map(({ tab }) => tab.expired)).toEqual([0, 0]);
    expect(tabs.map(({ auth }) => auth.getSnapshot().value)).toEqual(['authenticated', 'authenticated']);
    // One renewal: the tab that waited took the tokens the other had just written.
    const [first, second] = tabs.map(({ auth }) => auth.getSnapshot().context.tokens);
    expect(second).toEqual(first);
    expect(cookies.tokens).toEqual(first);
    expect(first!.refreshToken).not.toBe(login.refresh_token);
    // And the session goes on: the next expiry is renewed from the newest refresh token.
    await untilExpired(first!.token);
    await expect(getUserStatus(tabs[1]!.api)).resolves.toMatchObject({ organizationsCount: 0 });
    await expect(getUserStatus(tabs[0]!.api)).resolves.toMatchObject({ organizationsCount: 0 });
    expect(tabs.map(({ tab }) => tab.expired)).toEqual([0, 0]);
  }, 60_000);

  it('a tab that stayed behind renews from the newest refresh token, not from the one it last saw', async () => {
    const { login, cookies, tabs } = await signedInTabs(memoryLocks);
    await untilExpired(login.token);
    await getUserStatus(tabs[0]!.api);
    const renewedByFirst = cookies.tokens!;
    // The other tab keeps the first tokens in memory until its access token is refused; by then this one expired too.
    await untilExpired(renewedByFirst.token);

    await expect(getUserStatus(tabs[1]!.api)).resolves.toMatchObject({ organizationsCount: 0 });

    expect(tabs[1]!.tab.expired).toBe(0);
    expect(cookies.tokens!.refreshToken).not.toBe(renewedByFirst.refreshToken);
    await expect(getUserStatus(tabs[0]!.api)).resolves.toMatchObject({ organizationsCount: 0 });
    expect(tabs[0]!.tab.expired).toBe(0);
  }, 60_000);

  it('without Web Locks, a tab renewing after another takes the tokens it finds in the cookies', async () => {
    const { login, cookies, tabs } = await signedInTabs(() => null);
    await untilExpired(login.token);

    await getUserStatus(tabs[0]!.api);
    const renewedByFirst = cookies.tokens;
    await expect(getUserStatus(tabs[1]!.api)).resolves.toMatchObject({ organizationsCount: 0 });

    expect(tabs.map(({ tab }) => tab.expired)).toEqual([0, 0]);
    expect(tabs[1]!.auth.getSnapshot().context.tokens).toEqual(renewedByFirst);
    expect(cookies.tokens).toEqual(renewedByFirst);
  }, 60_000);
});
