import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { CookieJar } from '../support/cookieJar.ts';
import { loadConfig } from '../../server/config.ts';
import { hashPassword, verifyPassword } from '../../server/idp/passwords.ts';

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

  it('refuses an e-mail that is already registered', async () => {
    const email = `paolo.${Date.now()}@esempio.it`;
    await t.register({ email });
    const { jar, action } = await openScreen('register');
    const { response } = await t.browse(jar, {
      method: 'POST',
      url: action,
      form: { firstName: 'Paolo', lastName: 'Neri', email: email.toUpperCase(), password: 'password-sicura-4', terms: 'accepted' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Esiste già un account con questa email');
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
