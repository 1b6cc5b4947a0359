import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts, oidcPayloads } from '../../server/db/schema/identity.ts';
import { passwordResets } from '../../server/db/schema/passwordResets.ts';
import { CookieJar } from '../support/cookieJar.ts';
import { freePort } from '../support/portalProcess.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/** "Password dimenticata?" at the embedded provider, on the real server and the real migrations. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let people = 0;
const newAddress = () => `elena.bianchi.${++people}.${Date.now()}@esempio.it`;

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

const askForLink = (app: TestApp, email: string) => app.app.inject({ method: 'POST', url: '/idp/password/forgot', ...form({ email }) });

const chooseNewPassword = (token: string, password: string, passwordConfirm = password) =>
  t.app.inject({ method: 'POST', url: '/idp/password/reset', ...form({ token, password, passwordConfirm }) });

const refresh = (refreshToken: string) => t.post('/api/Jwt/refresh', { refresh_token: refreshToken });

/** The reset e-mails written to the outbox for `to`, oldest first, decoded. */
async function mailsTo(app: TestApp, to: string): Promise<string[]> {
  await app.passwordResets.settled();
  const dir = app.config.mail.outboxDir;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  // Registration mails its verification link too: only the reset e-mails count here.
  return mails
    .filter((eml) => new RegExp(`^To: ${to.replace(/[.]/g, '\\.')}$`, 'm').test(eml))
    .map(decodeQuotedPrintable)
    .filter((eml) => eml.includes('/idp/password/reset?token='));
}

/** The message as a person reads it: quoted-printable soft breaks joined and =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(eml: string): string {
  const bytes = eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function tokenIn(eml: string): string {
  const match = eml.match(/http:\/\/portale\.test\/idp\/password\/reset\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no reset link in\n${eml}`);
  return match[1]!;
}

/** Registers a person and asks for a link; returns their address and the link's token. */
async function personWithLink(password = 'password-vecchia-1') {
  const email = newAddress();
  const tokens = await t.register({ email, password });
  expect((await askForLink(t, email)).statusCode).toBe(200);
  const mails = await mailsTo(t, email);
  expect(mails).toHaveLength(1);
  return { email, password, tokens, token: tokenIn(mails[0]!) };
}

async function accountOf(email: string) {
  const [account] = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, email));
  return account!;
}

/** Whether a login at the provider's page with this password gets in (a code) or is refused. */
async function canLogIn(email: string, password: string): Promise<boolean> {
  const { url, response } = await t.submitAtProvider('login', { email, password });
  if (url.startsWith('/login-callback')) return true;
  expect(response.statusCode).toBe(401);
  return false;
}

/** Rows the provider keeps for the account (sessions, grants, refresh tokens), by model. */
async function providerRowsOf(accountId: string): Promise<string[]> {
  const rows = await t.db
    .select({ model: oidcPayloads.model })
    .from(oidcPayloads)
    .where(sql`${oidcPayloads.payload}->>'accountId' = ${accountId} and ${oidcPayloads.model} <> 'Interaction'`);
  return rows.map((row) => row.model).sort();
}

describe('"Password dimenticata?" from the login page', () => {
  it('the login page links to the request page, which leads back to that login', async () => {
    const jar = new CookieJar();
    const { response } = await t.browse(jar, { method: 'GET', url: '/api/Jwt/login?screen=login' });
    const uid = response.body.match(/action="\/idp\/interaction\/([^/"]+)\/login"/)![1]!;
    expect(response.body).toContain(`<a href="/idp/password/forgot?interaction=${uid}">Password dimenticata?</a>`);

    const page = await t.app.inject({ method: 'GET', url: `/idp/password/forgot?interaction=${uid}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="it">');
    expect(page.body).toContain('<h1>Password dimenticata</h1>');
    expect(page.body).toMatch(/<label for="email">Email<\/label>\n<input id="email" name="email" type="email"/);
    expect(page.body).toContain(`<input type="hidden" name="interaction" value="${uid}">`);
    expect(page.body).toContain(`<a href="/idp/interaction/${uid}/login">Torna all’accesso</a>`);
  });

  it('answers a known and an unknown address exactly alike, and mails only the known one', async () => {
    const known = newAddress();
    await t.register({ email: known, password: 'password-vecchia-1' });
    const unknown = newAddress();

    const answers = [await askForLink(t, known), await askForLink(t, unknown)];
    const comparable = (response: LightMyRequestResponse) => {
      const { date: _date, 'content-length': length, ...headers } = response.headers;
      return { status: response.statusCode, headers, length, body: response.body };
    };
    expect(comparable(answers[0]!)).toEqual(comparable(answers[1]!));
    expect(answers[0]!.statusCode).toBe(200);
    expect(answers[0]!.body).toContain('Controlla la tua posta');
    expect(answers[0]!.body).toContain('Se l’indirizzo corrisponde a un account del Portale Fondi');
    expect(answers[0]!.body).not.toContain(known);

    expect(await mailsTo(t, unknown)).toEqual([]);
    const [mail] = await mailsTo(t, known);
    expect(mail).toBeDefined();
    expect(mail).toMatch(/^Subject: Portale Fondi: scegli una nuova password$/m);
    expect(mail).toContain('Buongiorno,');
    expect(mail).toContain('Il collegamento vale 60 minuti e si può usare una sola volta.');
    expect(mail).toContain('Se non hai chiesto tu di cambiare la password puoi ignorare questa e-mail');
  });

  it('stores only a hash of the link, valid for 60 minutes', async () => {
    const { email, token } = await personWithLink();
    const account = await accountOf(email);
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.accountId, account.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(token);
    const minutes = (row!.expiresAt.getTime() - row!.requestedAt.getTime()) / 60_000;
    expect(minutes).toBe(60);
  });

  it('sends one e-mail for a double click, and one link only', async () => {
    const email = newAddress();
    await t.register({ email, password: 'password-vecchia-1' });
    const answers = await Promise.all([askForLink(t, email), askForLink(t, email), askForLink(t, email.toUpperCase())]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: `/idp/password/reset?token=${tokenIn(mails[0]!)}` })).statusCode).toBe(200);
  });

  it('refuses an address that is not one, on the same page', async () => {
    const response = await askForLink(t, 'non-un-indirizzo');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Inserisci un indirizzo email valido');
    expect(response.body).toContain('aria-invalid="true"');
  });
});

describe('the link', () => {
  it('opens the page to choose a new password, which keeps the registration’s rules', async () => {
    const { email, password, token } = await personWithLink();
    const page = await t.app.inject({ method: 'GET', url: `/idp/password/reset?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Scegli una nuova password</h1>');
    expect(page.body).toMatch(/<label for="password">Nuova password<\/label>\n<input id="password" name="password" type="password"/);
    expect(page.body).toContain('autocomplete="new-password"');

    const short = await chooseNewPassword(token, 'corta');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('La password deve contenere almeno 10 caratteri');
    // Refused before anything changed: the link still works and the old password too.
    expect((await t.app.inject({ method: 'GET', url: `/idp/password/reset?token=${token}` })).statusCode).toBe(200);
    expect(await canLogIn(email, password)).toBe(true);
  });

  it('asks the new password twice, and refuses two that differ without changing anything', async () => {
    const { email, password, token } = await personWithLink();
    const page = await t.app.inject({ method: 'GET', url: `/idp/password/reset?token=${token}` });
    expect(page.body).toMatch(
      /<label for="passwordConfirm">Conferma la nuova password<\/label>\n<input id="passwordConfirm" name="passwordConfirm" type="password" value="" autocomplete="new-password" required>/,
    );
    for (const confirm of ['password-nuova-23', '']) {
      const slip = await chooseNewPassword(token, 'password-nuova-22', confirm);
      expect(slip.statusCode).toBe(400);
      expect(slip.body).toContain('Correggi i campi indicati per salvare la nuova password.');
      expect(slip.body).toContain(
        '<p class="field-error" id="passwordConfirm-error">Le due password non coincidono: scrivi di nuovo la nuova password</p>',
      );
      expect(slip.body).toMatch(/id="passwordConfirm"[^>]*aria-invalid="true" aria-describedby="passwordConfirm-error"/);
    }
    expect(await canLogIn(email, password)).toBe(true);
    expect(await canLogIn(email, 'password-nuova-22')).toBe(false);
    expect((await chooseNewPassword(token, 'password-nuova-22')).statusCode).toBe(200);
  });

  it('opening the link (GET, or a scanner’s HEAD) resets nothing; its page leaks the token neither in Referer nor in the address', async () => {
    const { email, password, token } = await personWithLink();
    const link = `/idp/password/reset?token=${token}`;
    const head = await t.app.inject({ method: 'HEAD', url: link });
    expect(head.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    // The stylesheet, the fonts and the footer's links are requested from this page: no Referer may carry the token.
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    // The token stays in the form; a script file (no inline script: CSP) takes it out of the address bar.
    expect(page.body).toContain(`<input type="hidden" name="token" value="${token}">`);
    expect(page.body).toContain('<script src="/idp-assets/drop-token.js"></script>');
    const [row] = await t.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, createHash('sha256').update(token).digest('base64url')));
    expect(row!.usedAt).toBeNull();
    expect(await canLogIn(email, password)).toBe(true);
    // The form's answers carry no token in their address, but say no-referrer all the same.
    const short = await chooseNewPassword(token, 'corta');
    expect(short.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sets the new password once: the old one is refused, the link is used up', async () => {
    const { email, password, token } = await personWithLink();
    const done = await chooseNewPassword(token, 'password-nuova-22');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<h1>Password aggiornata</h1>');
    expect(done.body).toContain('<a href="http://portale.test/api/Jwt/login">Accedi al Portale Fondi</a>');

    expect(await canLogIn(email, password)).toBe(false);
    expect(await canLogIn(email, 'password-nuova-22')).toBe(true);

    for (const again of [
      await t.app.inject({ method: 'GET', url: `/idp/password/reset?token=${token}` }),
      await chooseNewPassword(token, 'password-terza-333'),
    ]) {
      expect(again.statusCode).toBe(410);
      expect(again.body).toContain('<h1>Collegamento già usato</h1>');
      expect(again.body).toContain('<a href="/idp/password/forgot">Chiedi un nuovo collegamento</a>');
    }
    expect(await canLogIn(email, 'password-terza-333')).toBe(false);
  });

  it('two uses at the same moment: one sets its password, the other is told the link is used', async () => {
    const { email, token } = await personWithLink();
    const answers = await Promise.all([chooseNewPassword(token, 'prima-password-1'), chooseNewPassword(token, 'seconda-password-2')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    const winner = answers[0]!.statusCode === 200 ? 'prima-password-1' : 'seconda-password-2';
    expect(await canLogIn(email, winner)).toBe(true);
  });

  it('expires after 60 minutes, says so and offers a new one', async () => {
    const { email, password, token } = await personWithLink();
    const account = await accountOf(email);
    await t.db
      .update(passwordResets)
      .set({ requestedAt: sql`now() - interval '61 minutes'`, expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResets.accountId, account.id));
    for (const expired of [
      await t.app.inject({ method: 'GET', url: `/idp/password/reset?token=${token}` }),
      await chooseNewPassword(token, 'password-nuova-22'),
    ]) {
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain('<h1>Collegamento scaduto</h1>');
      expect(expired.body).toContain('vale 60 minuti');
      expect(expired.body).toContain('Chiedi un nuovo collegamento');
    }
    expect(await canLogIn(email, password)).toBe(true);

    // A new request sends a new link at once (the expired one is no reason to wait).
    await askForLink(t, email);
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    expect(tokenIn(mails[1]!)).not.toBe(token);
  });

  it('a newer link replaces an older one; a made-up token is simply not valid', async () => {
    const { email, token } = await personWithLink();
    const account = await accountOf(email);
    // Past the double-click window.
    await t.db
      .update(passwordResets)
      .set({ requestedAt: sql`now() - interval '3 minutes'` })
      .where(eq(passwordResets.accountId, account.id));
    await askForLink(t, email);
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    const older = await t.app.inject({ method: 'GET', url: `/idp/password/reset?token=${token}` });
    expect(older.statusCode).toBe(404);
    expect(older.body).toContain('<h1>Collegamento non valido</h1>');
    expect((await t.app.inject({ method: 'GET', url: `/idp/password/reset?token=${tokenIn(mails[1]!)}` })).statusCode).toBe(200);
    for (const url of ['/idp/password/reset?token=inventato', '/idp/password/reset', `/idp/password/reset?token=${'A'.repeat(43)}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('Chiedi un nuovo collegamento');
    }
  });

  it('ends every session and refresh token of the person, including a renewal of the last seconds', async () => {
    const { email, password, tokens, token } = await personWithLink();
    const elsewhere = await t.login(email, password);
    // A renewal a moment ago: within the reuse window its old token would get the same new tokens again.
    const renewed = await refresh(elsewhere.refresh_token!);
    expect(renewed.statusCode).toBe(200);
    const account = await accountOf(email);
    expect(await providerRowsOf(account.id)).toContain('Session');

    expect((await chooseNewPassword(token, 'password-nuova-22')).statusCode).toBe(200);

    expect((await refresh(tokens.refresh_token!)).statusCode).toBe(401);
    expect((await refresh(renewed.json().refresh_token as string)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refresh_token!)).statusCode).toBe(401);
    expect(await providerRowsOf(account.id)).toEqual([]);
  });
});

describe('rate limits of "Password dimenticata?"', () => {
  it('per address, known or not, and per IP: 429 with Retry-After and the Italian message', async () => {
    const limited = await createTestApp({
      rateLimits: {
        passwordResetPerAddress: { limit: 2, windowSeconds: 3600 },
        passwordResetPerIp: { limit: 6, windowSeconds: 3600 },
      },
    });
    try {
      const expectTooMany = (response: LightMyRequestResponse) => {
        expect(response.statusCode).toBe(429);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.body).toMatch(/Troppe richieste in poco tempo[^<]*Riprova tra \d+ minut/);
        expect(response.body).toContain('<h1>Password dimenticata</h1>');
      };
      const known = `anna.${Date.now()}@esempio.it`;
      await limited.register({ email: known, password: 'password-vecchia-1' });
      const unknown = `nessuno.${Date.now()}@esempio.it`;
      for (const email of [known, unknown]) {
        expect((await askForLink(limited, email)).statusCode).toBe(200);
        expect((await askForLink(limited, email.toUpperCase())).statusCode).toBe(200);
        expectTooMany(await askForLink(limited, email));
      }
      // Every request counted for the IP address: the seventh is refused whatever it asks for.
      expectTooMany(await askForLink(limited, `altra.${Date.now()}@esempio.it`));
      expect(await mailsTo(limited, known)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});

describe('when the e-mail cannot be sent', () => {
  it('answers the same page, and keeps no link that would hold off the next request', async () => {
    // A mail server that is not there: nothing listens on this port.
    const unreachable = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
    try {
      const email = newAddress();
      await unreachable.register({ email, password: 'password-vecchia-1' });
      const response = await askForLink(unreachable, email);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Controlla la tua posta');
      await unreachable.passwordResets.settled();
      const [account] = await unreachable.db.select().from(idpAccounts).where(eq(idpAccounts.email, email));
      expect(await unreachable.db.select().from(passwordResets).where(eq(passwordResets.accountId, account!.id))).toEqual([]);
    } finally {
      await unreachable.close();
    }
  });
});
