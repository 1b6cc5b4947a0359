import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrganizationListSchema } from '../../domain/application.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

let t: TestApp;
let admin: { token: string };
let lago: Awaited<ReturnType<typeof personWithOrganization>>;
let monte: Awaited<ReturnType<typeof personWithOrganization>>;

const url = '/api/Organization/GetAllOrgsCompilazioni';
/** The organisations the server finds for `q`, by name. */
async function found(q: string, token = admin.token) {
  const response = await t.get(`${url}?${new URLSearchParams({ q })}`, token);
  expect(response.statusCode).toBe(200);
  const list = adminOrganizationListSchema.parse(response.json());
  expect(response.headers['x-total-count']).toBe(String(list.length));
  return list.map((item) => item.organization.name);
}
/** '01234567890' as people type it: '012 345 678 90'. */
const spaced = (digits: string) => digits.replace(/(\d{3})(\d{3})(\d{3})(\d+)/, '$1 $2 $3 $4');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAsAdmin();
  lago = await personWithOrganization(t, { name: 'Comune del Lago', codiceFiscale: 'LGACMN80A01H501Z' });
  monte = await personWithOrganization(t, { name: 'Unione del Monte', codiceFiscale: '90012345678' });
  await personWithOrganization(t, { name: 'Edilizia Verde S.r.l.' });
}, 120_000);
afterAll(() => t.close());

describe('the admin list searched by P.IVA and codice fiscale (GetAllOrgsCompilazioni?q=)', () => {
  it('carries each organisation\u2019s codice fiscale', async () => {
    const list = adminOrganizationListSchema.parse((await t.get(url, admin.token)).json());
    expect(list.find((item) => item.organization.id === lago.orgId)?.organization.codiceFiscale).toBe('LGACMN80A01H501Z');
  });

  it('finds the P.IVA with or without spaces and the IT prefix, in any case', async () => {
    const pIva = lago.payload.pIva;
    expect(await found(pIva)).toEqual(['Comune del Lago']);
    expect(await found(spaced(pIva))).toEqual(['Comune del Lago']);
    expect(await found(`IT${pIva}`)).toEqual(['Comune del Lago']);
    expect(await found(`it ${spaced(pIva)}`)).toEqual(['Comune del Lago']);
    expect(await found(monte.payload.pIva.slice(0, 10))).toContain('Unione del Monte');
  });

  it('finds the codice fiscale typed in lower case with spaces, and a numeric one', async () => {
    expect(await found('lgacmn 80a01 h501z')).toEqual(['Comune del Lago']);
    expect(await found('900 123 456 78')).toEqual(['Unione del Monte']);
  });

  it('still finds names, case and accents ignored; nothing for an unknown number', async () => {
    expect(await found('UNIONE DEL MONTE')).toEqual(['Unione del Monte']);
    // Dots ignored too (issue 46): «srl» finds «S.r.l.», and so does «s.r.l».
    expect(await found('verde srl')).toEqual(['Edilizia Verde S.r.l.']);
    expect(await found('S.R.L')).toEqual(['Edilizia Verde S.r.l.']);
    expect(await found('99999999999')).toEqual([]);
    // A blank search is the whole list.
    expect((await found('   ')).length).toBeGreaterThanOrEqual(2);
  });

  it('is the administrators\u2019 only; a search too long is refused with an Italian message', async () => {
    const refused = await t.get(`${url}?q=${lago.payload.pIva}`, lago.token);
    expect(refused.statusCode).toBe(403);
    const long = await t.get(`${url}?q=${'1'.repeat(201)}`, admin.token);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/[a-zà-ù]/i);
  });
});
