import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenSet } from '../../domain/auth.ts';
import { refreshTokenRenewals } from '../../server/db/schema/identity.ts';
import type { Database } from '../../server/db/client.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { openTestDatabase } from '../support/testDatabase.ts';

/**
 * Two tabs renew a moment apart with the same refresh token: within REFRESH_TOKEN_REUSE_SECONDS the second gets
 * the tokens the first renewal issued; later, the reuse of a rotated token ends the session.
 */

async function refresh(t: TestApp, refreshToken: string | null) {
  return t.app.inject({ method: 'POST', url: '/api/Jwt/refresh', payload: { refresh_token: refreshToken } });
}

async function renewed(t: TestApp, refreshToken: string | null): Promise<TokenSet> {
  const response = await refresh(t, refreshToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function expectSignedIn(t: TestApp, tokens: TokenSet, email: string) {
  expect((await t.get('/api/User', tokens.token)).json().email).toBe(email);
}

describe('with the default window (10 s)', () => {
  let database: Database;
  let t: TestApp;
  let otherProcess: TestApp;

  beforeAll(async () => {
    // Two portals on one database, as two processes behind a load balancer.
    database = await openTestDatabase();
    const shared = { ...database, close: async () => {} };
    t = await createTestApp({ database: shared });
    otherProcess = await createTestApp({ database: shared });
  });
  afterAll(async () => {
    await t?.close();
    await otherProcess?.close();
    await database?.close();
  });

  it('answers the just-rotated refresh token with the same new tokens, and the session goes on', async () => {
    const login = await t.register();
    const first = await renewed(t, login.refresh_token);
    expect(first.refresh_token).not.toBe(login.refresh_token);

    await sleep(1500);
    const again = await renewed(t, login.refresh_token);

    expect(again).toEqual(first);
    await expectSignedIn(t, again, login.email);
    // The rotated pair is the live one: it renews, and that renewal works too.
    const next = await renewed(t, again.refresh_token);
    expect(next.refresh_token).not.toBe(first.refresh_token);
    await expectSignedIn(t, next, login.email);
  });

  it('renews once for three concurrent uses of one refresh token: all three get the same tokens', async () => {
    const login = await t.register();

    const answers = await Promise.all([0, 1, 2].map(() => refresh(t, login.refresh_token)));

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const [first, second, third] = answers.map((answer) => answer.json() as TokenSet);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    await expectSignedIn(t, first!, login.email);
    await expectSignedIn(t, await renewed(t, first!.refresh_token), login.email);
  });

  it('a third use after two renewals a moment apart still gets the same tokens', async () => {
    const login = await t.register();
    const first = await renewed(t, login.refresh_token);
    const second = await renewed(t, login.refresh_token);
    const third = await renewed(t, login.refresh_token);

    expect([second, third]).toEqual([first, first]);
    await expectSignedIn(t, await renewed(t, third.refresh_token), login.email);
  });

  it('holds across processes: the renewal in one, the reuse in the other', async () => {
    const login = await t.register();
    const [inOne, inOther] = await Promise.all([refresh(t, login.refresh_token), refresh(otherProcess, login.refresh_token)]);

    expect([inOne.statusCode, inOther.statusCode]).toEqual([200, 200]);
    expect(inOther.json()).toEqual(inOne.json());
    await expectSignedIn(otherProcess, await renewed(otherProcess, inOne.json().refresh_token), login.email);
  });

  it('keeps no usable token in the database: neither the old refresh token nor the new ones are readable there', async () => {
    const login = await t.register();
    const first = await renewed(t, login.refresh_token);

    const rows = JSON.stringify(await t.db.select().from(refreshTokenRenewals));
    for (const secret of [login.refresh_token!, first.token, first.refresh_token!, first.id_token!]) {
      expect(rows).not.toContain(secret);
    }
  });

  it('Esci with the new refresh token also ends the reuse of the old one', async () => {
    const login = await t.register();
    const first = await renewed(t, login.refresh_token);

    const revoke = await t.app.inject({ method: 'POST', url: '/api/Jwt/revoke', payload: { refresh_token: first.refresh_token } });
    expect(revoke.statusCode).toBe(204);

    expect((await refresh(t, login.refresh_token)).statusCode).toBe(401);
    expect((await refresh(t, first.refresh_token)).statusCode).toBe(401);
  });

  it('Esci from a tab still holding the rotated refresh token ends the session too', async () => {
    const login = await t.register();
    const first = await renewed(t, login.refresh_token);

    const revoke = await t.app.inject({ method: 'POST', url: '/api/Jwt/revoke', payload: { refresh_token: login.refresh_token } });
    expect(revoke.statusCode).toBe(204);

    expect((await refresh(t, first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(t, login.refresh_token)).statusCode).toBe(401);
  });

  it('an invented refresh token is still refused with 401, and twice in a row too', async () => {
    expect((await refresh(t, 'inventato')).statusCode).toBe(401);
    expect((await refresh(t, 'inventato')).statusCode).toBe(401);
  });
});

describe('after the window', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { REFRESH_TOKEN_REUSE_SECONDS: '1' } });
  });
  afterAll(() => t?.close());

  it('the reuse of a rotated refresh token ends the session: both the old and the new one are refused', async () => {
    const login = await t.register();
    const first = await renewed(t, login.refresh_token);
    expect((await renewed(t, login.refresh_token)).refresh_token).toBe(first.refresh_token);

    await sleep(1500);
    const late = await refresh(t, login.refresh_token);

    expect(late.statusCode).toBe(401);
    expect(late.json().message).toMatch(/accedi di nuovo/);
    expect((await refresh(t, first.refresh_token)).statusCode).toBe(401);
  });
});

describe('with the window off (REFRESH_TOKEN_REUSE_SECONDS=0)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { REFRESH_TOKEN_REUSE_SECONDS: '0' } });
  });
  afterAll(() => t?.close());

  it('any reuse of a rotated refresh token ends the session at once', async () => {
    const login = await t.register();
    const first = await renewed(t, login.refresh_token);

    expect((await refresh(t, login.refresh_token)).statusCode).toBe(401);
    expect((await refresh(t, first.refresh_token)).statusCode).toBe(401);
  });
});
