import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/users.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function person() {
  const tokens = await t.register({ firstName: 'Giorgio', lastName: 'Neri' });
  const me = (await t.get('/api/User', tokens.token)).json();
  return { ...tokens, me };
}
const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('POST /api/User/UpdateUser', () => {
  it('changes first and last name and answers the updated User', async () => {
    const p = await person();
    const response = await t.post('/api/User/UpdateUser', { ...p.me, firstName: '  Giorgia ', lastName: 'Neri Bianchi' }, p.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...p.me, firstName: 'Giorgia', lastName: 'Neri Bianchi' });
    expect((await t.get('/api/User', p.token)).json()).toMatchObject({ firstName: 'Giorgia', lastName: 'Neri Bianchi' });
  });

  it('keeps the new names after logging in again', async () => {
    const p = await person();
    await t.post('/api/User/UpdateUser', { ...p.me, firstName: 'Giorgia' }, p.token);
    const again = await t.login(p.email, 'password-sicura-1');
    expect((await t.get('/api/User', again.token)).json().firstName).toBe('Giorgia');
  });

  it('refuses names shorter than 3 characters with the spec’s messages and changes nothing', async () => {
    const p = await person();
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: 'Al' }, 'Campo Nome obbligatorio'],
      [{ firstName: '   ' }, 'Campo Nome obbligatorio'],
      [{ firstName: undefined }, 'Campo Nome obbligatorio'],
      [{ lastName: 'N' }, 'Campo Cognome obbligatorio'],
      [{ lastName: '' }, 'Campo Cognome obbligatorio'],
    ];
    const before = await rowOf(p.me.id);
    for (const [change, message] of cases) {
      const response = await t.post('/api/User/UpdateUser', { ...p.me, ...change }, p.token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'validation_error', message: expect.stringContaining(message) });
    }
    expect(await rowOf(p.me.id)).toEqual(before);
  });

  it('ignores a different e-mail and any roles: neither can be changed here', async () => {
    const p = await person();
    const response = await t.post(
      '/api/User/UpdateUser',
      { ...p.me, firstName: 'Giorgione', email: 'altro@esempio.it', roles: ['admin', 'ADMIN'] },
      p.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Giorgione', email: p.email, roles: [] });
    expect((await t.get('/api/User/IsUserAdmin', p.token)).json()).toBe(false);
    expect(await rowOf(p.me.id)).toMatchObject({ email: p.email, roles: [] });
  });

  it('refuses to change another person (403) and leaves them untouched', async () => {
    const [p, other] = [await person(), await person()];
    const before = await rowOf(other.me.id);
    const response = await t.post('/api/User/UpdateUser', { ...other.me, firstName: 'Intruso' }, p.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Puoi modificare solo i tuoi dati.');
    expect(await rowOf(other.me.id)).toEqual(before);
    expect((await t.post('/api/User/UpdateUser', { ...p.me, id: 'non-un-id' }, p.token)).statusCode).toBe(403);
  });

  it('lets an administrator change their names but not lose their role', async () => {
    const admin = await t.loginAsAdmin();
    const me = (await t.get('/api/User', admin.token)).json();
    const response = await t.post('/api/User/UpdateUser', { ...me, firstName: 'Amministratrice', roles: [] }, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().roles).toContain('admin');
  });

  it('needs a login', async () => {
    expect((await t.post('/api/User/UpdateUser', { id: 'x', firstName: 'Mario', lastName: 'Rossi' })).statusCode).toBe(401);
  });
});
