import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { CookieJar } from '../support/cookieJar.ts';
import { loadConfig } from '../../server/config.ts';
import { hashPassword, verifyPassword } from '../../server/idp/passwords.ts';
import { eq } from 'drizzle-orm';
import { idpAccounts } from '../../server/db/schema/identity.ts';
import { mailsTo, verificationLinkFor } from '../support/verificationMail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Opens the provider page a browser lands on after Accedi / Registrati. */
async function openScreen(screen: 'login' | 'register') {
  const jar = new CookieJar();
  const { response } = await t.browse(jar, { method: 'GET', url: `/api/Jwt/login?screen=${screen}` });
  return { jar, html: response.body, action: response.body.match(/<form method="post" action="([^"]+)"/)![1]! };
}

describe('the embedded provider’s Italian pages', () => {
  it('shows the login page with Email, Password, Accedi and a link to registration', async () => {
    const { html } = await openScreen('login');
    expect(html).toContain('<html lang="it">');
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toMatch(/<button type="submit">Accedi<\/button>/);
    expect(html).toMatch(/<a href="\/idp\/interaction\/[^"]+\/register">Registrati<\/a>/);
  });

  it('opens the registration page directly for Registrati (prompt=create)', async () => {
    const { html } = await openScreen('register');
    for (const label of ['Nome', 'Cognome', 'Email', 'Password']) expect(html).toContain(`>${label}</label>`);
    expect(html).toMatch(/<button type="submit">Registrati<\/button>/);
  });

  it('says "Credenziali non valide" on a wrong password and lets the person retry', async () => {
    const email = `luca.${Date.now()}@esempio.it`;
    await t.register({ email, password: 'password-giusta-1' });

    const { jar, action } = await openScreen('login');
    const wrong = await t.browse(jar, { method: 'POST', url: action, form: { email, password: 'password-sbagliata' } });
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.response.body).toContain('Credenziali non valide');
    expect(wrong.response.body).toContain(`value="${email}"`);

    const retry = await t.browse(jar, { method: 'POST', url: action, form: { email, password: 'password-giusta-1' } });
    expect(retry.url).toMatch(/^\/login-callback\?code=/);
    const tokens = await t.exchange(jar, retry.url);
    expect((await t.get('/api/User', tokens.token)).json().email).toBe(email);
  });

  it('treats e-mail case-insensitively at login', async () => {
    const email = `Sara.${Date.now()}@Esempio.it`;
    await t.register({ email, password: 'password-sicura-3' });
    const tokens = await t.login(email.toUpperCase(), 'password-sicura-3');
    expect((await t.get('/api/User', tokens.token)).json().email).toBe(email.toLowerCase());
  });

  it('refuses a password shorter than 10 characters, keeping what was typed', async () => {
    const { jar, action } = await openScreen('register');
    const { response } = await t.browse(jar, {
      method: 'POST',
      url: action,
      form: { firstName: 'Anna', lastName: 'Verdi', email: 'anna@esempio.it', password: 'corta' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('La password deve contenere almeno 10 caratteri');
    expect(response.body).toContain('value="Anna"');
    expect(await t.accounts.findByEmail('anna@esempio.it')).toBeUndefined();
  });

  it('answers a registration the same whether the address is new or already has an account; only the mail says which', async () => {
    const known = `paolo.${Date.now()}@esempio.it`;
    await t.register({ email: known });
    // Older than a double click on Registrati (which mails nothing more).
    await t.db
      .update(idpAccounts)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(idpAccounts.email, known));
    const fresh = `paola.${Date.now()}@esempio.it`;
    const outbox = t.config.mail.outboxDir;
    const mailsBefore = (await mailsTo(outbox, known)).length;
    const submit = (email: string) =>
      t.submitAtProvider('register', { firstName: 'Paolo', lastName: 'Neri', email, password: 'password-sicura-4', terms: 'accepted' });
    const forKnown = await submit(known.toUpperCase());
    const forNew = await submit(fresh);

    // Byte for byte the same page, apart from the interaction's own id; same status, same headers that matter.
    const withoutUid = (body: string) => body.replace(/\/idp\/interaction\/[A-Za-z0-9_-]+\//g, '/idp/interaction/…/');
    expect(forKnown.response.statusCode).toBe(200);
    expect(forNew.response.statusCode).toBe(200);
    expect(withoutUid(forKnown.response.body)).toBe(withoutUid(forNew.response.body));
    for (const header of ['content-type', 'cache-control', 'content-length']) {
      expect(forKnown.response.headers[header], header).toEqual(forNew.response.headers[header]);
    }
    expect(forNew.response.body).toContain('Controlla la tua casella di posta');
    expect(forNew.response.body).toMatch(/<a href="\/idp\/interaction\/[^"]+\/login">Accedi<\/a>/);
    // Nobody is signed in by registering: both stay on the page, in their interaction.
    expect(forKnown.url).not.toMatch(/^\/login-callback/);
    expect(forNew.url).not.toMatch(/^\/login-callback/);
    // The known address is told it has an account, with the way to "Password dimenticata?"; the new one gets its link.
    const knownMails = await mailsTo(outbox, known);
    expect(knownMails).toHaveLength(mailsBefore + 1);
    expect(knownMails.at(-1)!.text).toContain('Password dimenticata?');
    expect(knownMails.at(-1)!.text).toContain('http://portale.test/idp/password/forgot');
    expect(knownMails.at(-1)!.text).not.toContain('verifica-email');
    expect(await verificationLinkFor(outbox, fresh)).toMatch(/\/idp\/verifica-email\?token=/);
    // The known account is as it was: its password unchanged.
    expect((await t.login(known, 'password-sicura-1')).token).toBeTruthy();
  });

  it('signs a new person in through Accedi from the check-your-mail page, in the same interaction', async () => {
    const email = `nuova.${Date.now()}@esempio.it`;
    const sent = await t.submitAtProvider('register', {
      firstName: 'Nina',
      lastName: 'Russo',
      email,
      password: 'password-sicura-6',
      terms: 'accepted',
    });
    const { url } = await t.signInAfterRegistration(sent.jar, sent, email, 'password-sicura-6');
    expect(url).toMatch(/^\/login-callback\?code=/);
    const tokens = await t.exchange(sent.jar, url);
    expect((await t.get('/api/User', tokens.token)).json()).toMatchObject({ email, emailVerified: false });
  });

  it('stores passwords hashed with scrypt at the configured cost, never in clear', async () => {
    const email = `hash.${Date.now()}@esempio.it`;
    await t.register({ email, password: 'password-in-chiaro' });
    const account = await t.accounts.findByEmail(email);
    // The test apps' PASSWORD_HASH_COST, 10 (tests/support/testApp.ts).
    expect(account!.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(account!.passwordHash).not.toContain('password-in-chiaro');
  });

  it('hashes at 2^15 unless PASSWORD_HASH_COST says otherwise, and verifies a hash of any cost it names', async () => {
    expect(loadConfig({}).passwordHashCost).toBe(15);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST/);
    const portalDefault = await hashPassword('password-sicura-4');
    expect(portalDefault).toMatch(/^scrypt\$32768\$8\$1\$/);
    await expect(verifyPassword('password-sicura-4', portalDefault)).resolves.toBe(true);
    await expect(verifyPassword('password-sicura-5', portalDefault)).resolves.toBe(false);
    // A password set before a change of cost still signs in.
    await expect(verifyPassword('password-sicura-4', await hashPassword('password-sicura-4', 10))).resolves.toBe(true);
  });

  it('answers a stale or foreign interaction with an Italian page, not an error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/idp/interaction/inesistente' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Sessione di accesso scaduta');
  });
});
