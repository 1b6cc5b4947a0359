import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalCodeMessages } from '../../domain/messages/fiscalCode.ts';
import { idpAccounts } from '../../server/db/schema/identity.ts';
import { escapeHtml } from '../../server/idp/pages.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { mailsTo } from '../support/verificationMail.ts';

/**
 * The embedded provider takes an optional codice fiscale at registration: checked (an Italian message under the field
 * says what is wrong), kept with the account and sent as SPID/CIE send it, `fiscal_number: TINIT-<code>`, in the ID
 * token, userinfo and the access token; the portal keeps it with the person and GET /api/User returns it.
 */
let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

const newEmail = (name: string) => `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@esempio.it`;
const accountOf = async (email: string) => (await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, email)))[0];
const form = (email: string, fiscalCode?: string) => ({
  firstName: 'Mario',
  lastName: 'Rossi',
  email,
  password: 'password-sicura-1',
  terms: 'accepted',
  ...(fiscalCode === undefined ? {} : { fiscalCode }),
});

describe('registration with a codice fiscale', () => {
  it('shows the optional field, labelled, with its hint; left empty it is no error', async () => {
    const page = await t.submitAtProvider('register', {});
    expect(page.response.body).toContain('<label for="fiscalCode">Codice fiscale (facoltativo)</label>');
    expect(page.response.body).toMatch(
      /<input id="fiscalCode" name="fiscalCode" type="text" value="" autocomplete="off" aria-describedby="fiscalCode-hint">/,
    );
  });

  it('keeps a valid code, normalised, and sends it as fiscal_number in the ID token and the access token', async () => {
    const person = await t.register({ email: newEmail('con.codice'), fiscalCode: ' rssmra80a01h501u ' });
    expect((await accountOf(person.email))!.fiscalCode).toBe('RSSMRA80A01H501U');
    expect(decodeJwt(person.id_token!).fiscal_number).toBe('TINIT-RSSMRA80A01H501U');
    expect(decodeJwt(person.token).fiscal_number).toBe('TINIT-RSSMRA80A01H501U');
    const me = await t.get('/api/User', person.token);
    expect(me.json()).toMatchObject({ email: person.email, fiscalCode: 'RSSMRA80A01H501U' });
  });

  it('accepts the code as SPID writes it, TINIT- included', async () => {
    const person = await t.register({ email: newEmail('con.prefisso'), fiscalCode: 'TINIT-VRDGPP75M41F205V' });
    expect((await t.get('/api/User', person.token)).json()).toMatchObject({ fiscalCode: 'VRDGPP75M41F205V' });
  });

  it('registers without one: no claim, and null in GET /api/User', async () => {
    const person = await t.register({ email: newEmail('senza.codice') });
    expect((await accountOf(person.email))!.fiscalCode).toBeNull();
    expect(decodeJwt(person.token)).not.toHaveProperty('fiscal_number');
    expect(decodeJwt(person.id_token!)).not.toHaveProperty('fiscal_number');
    expect((await t.get('/api/User', person.token)).json()).toMatchObject({ fiscalCode: null });
  });

  it.each([
    ['RSSMRA80A01', fiscalCodeMessages.length],
    ['RSSMRA8XA01H501U', fiscalCodeMessages.shape],
    ['RSSMRA80A32H501U', fiscalCodeMessages.date],
    ['RSSMRA80A01H501X', fiscalCodeMessages.check],
  ])('refuses %s with the Italian message under the field, and creates no account', async (code, message) => {
    const email = newEmail('codice.sbagliato');
    const { response } = await t.submitAtProvider('register', form(email, code));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(`<p class="field-error" id="fiscalCode-error">${escapeHtml(message)}</p>`);
    expect(response.body).toMatch(/<input id="fiscalCode"[^>]*aria-invalid="true" aria-describedby="fiscalCode-hint fiscalCode-error">/);
    // What was typed stays in the field, to be corrected.
    expect(response.body).toContain(`value="${code}"`);
    expect(await accountOf(email)).toBeUndefined();
    expect(await mailsTo(t.config.mail.outboxDir, email)).toEqual([]);
  });

  it('answers a known address exactly as a new one, with a code too, and leaves the known account as it was', async () => {
    const known = newEmail('gia.registrata');
    await t.register({ email: known });
    const forKnown = await t.submitAtProvider('register', form(known, 'RSSMRA80A01H501U'));
    const forNew = await t.submitAtProvider('register', form(newEmail('nuova'), 'RSSMRA80A01H501U'));
    const withoutUid = (body: string) => body.replace(/\/idp\/interaction\/[A-Za-z0-9_-]+\//g, '/idp/interaction/…/');
    expect(forKnown.response.statusCode).toBe(200);
    expect(forNew.response.statusCode).toBe(200);
    expect(withoutUid(forKnown.response.body)).toBe(withoutUid(forNew.response.body));
    expect((await accountOf(known))!.fiscalCode).toBeNull();
  });
});
