import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers, organizations } from '../../server/db/schema/organizations.ts';
import { users } from '../../server/db/schema/users.ts';
import { eq } from 'drizzle-orm';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../support/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/User', () => {
  it('creates the user from the token’s claims on the first call, keyed by issuer and subject', async () => {
    const tokens = await t.register({ firstName: 'Chiara', lastName: 'Esposito' });
    const first = (await t.get('/api/User', tokens.token)).json();
    expect(first).toMatchObject({ firstName: 'Chiara', lastName: 'Esposito', email: tokens.email, roles: [], organizations: [] });
    const again = (await t.get('/api/User', tokens.token)).json();
    expect(again.id).toBe(first.id);
    const rows = await t.db.select().from(users).where(eq(users.email, tokens.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ issuer: 'http://portale.test/idp' });
  });

  it('lists the organisations the person belongs to', async () => {
    const tokens = await t.register();
    const me = (await t.get('/api/User', tokens.token)).json();
    const [org] = await t.db
      .insert(organizations)
      .values({ name: 'Comune di Matera', email: 'protocollo@comune.mt.it', pIva: '00111880774' })
      .returning();
    await t.db.insert(organizationMembers).values({ organizationId: org!.id, userId: me.id, role: 'admin' });

    const after = (await t.get('/api/User', tokens.token)).json();
    expect(after.organizations).toEqual([
      {
        id: org!.id,
        name: 'Comune di Matera',
        email: 'protocollo@comune.mt.it',
        pIva: '00111880774',
        // Issue 42: whether a platform administrator suspended it, and why.
        status: 'active',
        suspensionReason: null,
      },
    ]);
    expect((await t.get('/api/User/GetUserStatus', tokens.token)).json()).toEqual({
      isAdmin: false,
      hasOrganization: true,
      organizationsCount: 1,
    });
  });
});

describe('administrators', () => {
  it('recognises the bootstrap administrator created from ADMIN_EMAIL / ADMIN_PASSWORD', async () => {
    const tokens = await t.loginAsAdmin();
    expect((await t.get('/api/User/IsUserAdmin', tokens.token)).json()).toBe(true);
    const me = (await t.get('/api/User', tokens.token)).json();
    expect(me.email).toBe(ADMIN_EMAIL);
    expect(me.roles).toContain('admin');
    expect((await t.get('/api/User/GetUserStatus', tokens.token)).json()).toMatchObject({ isAdmin: true });
  });

  it('does not make an ordinary user an administrator', async () => {
    const tokens = await t.register();
    expect((await t.get('/api/User/IsUserAdmin', tokens.token)).json()).toBe(false);
    expect((await t.get('/api/User/GetUserStatus', tokens.token)).json()).toEqual({
      isAdmin: false,
      hasOrganization: false,
      organizationsCount: 0,
    });
  });

  it('updates an existing administrator’s password when ADMIN_PASSWORD changes', async () => {
    await t.accounts.ensureAdmin(ADMIN_EMAIL, 'nuova-password-admin');
    await expect(t.login(ADMIN_EMAIL, 'nuova-password-admin')).resolves.toHaveProperty('token');
  });
});

describe('unknown API paths', () => {
  it('answers 404 with an Italian JSON message', async () => {
    const tokens = await t.register();
    const response = await t.get('/api/Nessuno/Qui', tokens.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found', message: expect.any(String) });
  });
});

describe('ADMIN_EMAIL with an external provider', () => {
  it('makes the address an administrator only when the provider verified it', async () => {
    const { createUserRepository } = await import('../../server/auth/users.ts');
    const repository = createUserRepository(t.db, { adminEmail: 'capo@ente.it' });
    const base = { issuer: 'https://sso.ente.it', email: 'capo@ente.it' };
    const unverified = await repository.ensure({ ...base, subject: 'non-verificato', emailVerified: false });
    expect(unverified.roles).toEqual([]);
    const verified = await repository.ensure({ ...base, subject: 'verificato', emailVerified: true });
    expect(verified.roles).toEqual(['admin']);
  });
});
