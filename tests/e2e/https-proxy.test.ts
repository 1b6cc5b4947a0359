import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_COOKIE, TOKEN_COOKIE } from '../../domain/authCookies.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { freePort } from '../support/portalProcess.ts';
import { registerApplicant } from './support/applicationsPortal.ts';
import { expectAccessible, expectHeading, launchBrowser } from './support/browser.ts';
import { startPortal } from './support/portal.ts';
import { startTlsProxy, type TlsProxy } from './support/tlsProxy.ts';
import { typeLikeAPerson } from './support/typing.ts';
import { wizardActions } from './support/wizard.ts';

/**
 * The portal where it will really run: behind a TLS-terminating proxy, PUBLIC_URL on https, TRUST_PROXY=true.
 * Chromium trusts the proxy's certificate (made at run time) and nothing else; the proxy's public port also listens
 * for plain HTTP, which must receive nothing: no secret of the sign-in (client secret, code and verifier, refresh
 * token, revocation) and no page may travel in clear. Access tokens live 5 seconds, so the session renews while the
 * person works, in two tabs.
 */
let proxy: TlsProxy;
let portal: Awaited<ReturnType<typeof startPortal>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The portal's own port, for the test's reads of what the server stored (Node does not trust the test's certificate). */
let backend: string;
/** Every URL the browser asked for. */
const requested: string[] = [];
const renewals: number[] = [];

const person = {
  firstName: 'Serena',
  lastName: 'Galli',
  email: `serena.galli.${Date.now()}@esempio.it`,
  organizations: [],
};
/** registerApplicant's password. */
const FIRST_PASSWORD = 'una-password-lunga';
const NEW_PASSWORD = 'scelta-dopo-il-reset-9';

beforeAll(async () => {
  const publicPort = await freePort();
  portal = await startPortal({
    PUBLIC_URL: `https://127.0.0.1:${publicPort}`,
    TRUST_PROXY: 'true',
    IDP_ACCESS_TOKEN_TTL_SECONDS: '5',
  });
  backend = `http://127.0.0.1:${portal.port}`;
  proxy = await startTlsProxy(publicPort, { host: '127.0.0.1', port: portal.port });
  expect(portal.url).toBe(proxy.url);
  browser = await launchBrowser([`--ignore-certificate-errors-spki-list=${proxy.spkiHash}`]);
  context = await browser.newContext({ locale: 'it-IT' });
  context.on('request', (request: Request) => {
    requested.push(request.url());
    if (new URL(request.url()).pathname === '/api/Jwt/refresh') {
      void request.response().then((response) => renewals.push(response?.status() ?? 0));
    }
  });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await portal?.close();
});

async function tokenCookie(name: string): Promise<string> {
  const cookie = (await context.cookies(portal.url)).find((c) => c.name === name);
  return decodeURIComponent(cookie?.value ?? '');
}

/** Until the API refuses the access token the browser holds now (its 5 seconds, plus the clock tolerance). */
async function untilTokenExpired() {
  const token = await tokenCookie(TOKEN_COOKIE);
  while ((await fetch(`${backend}/api/User`, { headers: { authorization: `Bearer ${token}` } })).status !== 401) await sleep(250);
}

/** The reset link mailed to the person (written to the outbox just after the answer). */
async function resetLinkInOutbox(): Promise<string> {
  const dir = path.join(portal.dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const file of (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
      const body = (await readFile(path.join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = body.match(/https?:\/\/[^\s]+\/idp\/password\/reset\?token=[A-Za-z0-9_-]+/);
      if (match && body.includes(`To: ${person.email}`)) return match[0];
    }
    await sleep(100);
  }
  throw new Error(`no reset e-mail for ${person.email}`);
}

async function logOut(on: Page) {
  await on.getByRole('button', { name: new RegExp(person.firstName) }).click();
  await on.getByRole('menuitem', { name: 'Esci' }).click();
  await on.waitForURL(`${portal.url}/`);
}

async function logIn(on: Page, password: string) {
  await on.goto(`${portal.url}/`);
  await on
    .getByRole('button', { name: 'Accedi' })
    .or(on.getByRole('link', { name: 'Accedi' }))
    .click();
  await on.waitForURL(new RegExp(`^${portal.url}/idp/interaction/`));
  await typeLikeAPerson(on.getByLabel('Email'), person.email);
  await typeLikeAPerson(on.getByLabel('Password'), password);
  await on.getByRole('button', { name: 'Accedi' }).click();
}

describe('behind a TLS-terminating proxy', () => {
  it('a person signs up and verifies the address, every page on https', async () => {
    await registerApplicant(page, context, portal, person);
    expect(page.url().startsWith(`${portal.url}/`)).toBe(true);
    expect(await tokenCookie(REFRESH_TOKEN_COOKIE)).not.toBe('');
    const cookies = await context.cookies(portal.url);
    for (const name of [TOKEN_COOKIE, REFRESH_TOKEN_COOKIE]) expect(cookies.find((c) => c.name === name)?.secure, name).toBe(true);
    await expectAccessible(page);
  });

  it('applies: the TUR wizard saves what is typed, and the session renews on its own', async () => {
    const created = await fetch(`${backend}/api/Organization/CreateOrganization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenCookie(TOKEN_COOKIE)}`, 'content-type': 'application/json' },
      body: JSON.stringify(organizationPayload({ name: 'Ostello del Borgo' })),
    });
    expect(created.status).toBe(201);
    const { orgId } = (await created.json()) as { orgId: string };
    await untilTokenExpired();

    await page.goto(`${portal.url}/`);
    await page.waitForURL(`${portal.url}/calls`);
    await page
      .getByRole('article', { name: 'Fondo Tematico Turismo Sostenibile' })
      .getByRole('button', { name: /Candidati/ })
      .click();
    await page.waitForURL(`${portal.url}/survey/TUR_candidatura`);
    await wizardActions(page).type(/Nome del progetto/, 'Ostello diffuso nel borgo');
    expect(renewals.length).toBeGreaterThan(0);
    expect(renewals.every((status) => status === 200)).toBe(true);

    const token = await tokenCookie(TOKEN_COOKIE);
    await expect
      .poll(
        async () => {
          const answer = await fetch(`${backend}/api/DraftCompilazione/GetTurDraft?orgId=${orgId}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          return answer.status === 200
            ? (JSON.parse(((await answer.json()) as { json: string }).json) as { progNome?: string }).progNome
            : '';
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe('Ostello diffuso nel borgo');
    await expectAccessible(page);
  });

  it('two tabs reload after the token expired and both stay signed in', async () => {
    const second = await context.newPage();
    await second.goto(`${portal.url}/calls`);
    await expectHeading(second, 'Fondi');
    await untilTokenExpired();
    renewals.length = 0;
    await Promise.all([page.reload(), second.reload()]);
    for (const tab of [page, second]) {
      await tab.getByRole('button', { name: new RegExp(person.firstName) }).waitFor();
      expect(tab.url().startsWith(`${portal.url}/`)).toBe(true);
    }
    expect(renewals.length).toBeGreaterThan(0);
    expect(renewals.every((status) => status === 200)).toBe(true);
    await second.close();
  });

  it('signs out, resets the password from the e-mailed https link and signs in with it', async () => {
    await logOut(page);
    await page
      .getByRole('button', { name: 'Accedi' })
      .or(page.getByRole('link', { name: 'Accedi' }))
      .click();
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await typeLikeAPerson(page.getByLabel('Email'), person.email);
    await page.getByRole('button', { name: 'Invia il collegamento' }).click();
    await expectHeading(page, 'Controlla la tua posta');

    const link = await resetLinkInOutbox();
    expect(link.startsWith(`${portal.url}/idp/password/reset?token=`)).toBe(true);
    await page.goto(link);
    await typeLikeAPerson(page.getByLabel('Nuova password', { exact: true }), NEW_PASSWORD);
    await typeLikeAPerson(page.getByLabel('Conferma la nuova password'), NEW_PASSWORD);
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await expectHeading(page, 'Password aggiornata');
    await expectAccessible(page);

    await logIn(page, FIRST_PASSWORD);
    await page.getByRole('alert').filter({ hasText: 'Credenziali non valide' }).waitFor();
    await typeLikeAPerson(page.getByLabel('Password'), NEW_PASSWORD);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await page.waitForURL(`${portal.url}/calls`);
  });

  it('signs out at the provider: the refresh token is revoked and the browser is back on the https welcome page', async () => {
    const refreshToken = await tokenCookie(REFRESH_TOKEN_COOKIE);
    await logOut(page);
    expect(page.url()).toBe(`${portal.url}/`);
    const refused = await fetch(`${backend}/api/Jwt/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(refused.status).toBe(401);
    await expectAccessible(page);
  });

  it('nothing travelled in clear: the public port received no plain-HTTP request, the browser asked for https only', () => {
    expect(proxy.plainHttpRequests).toEqual([]);
    const outside = requested.filter((url) => !url.startsWith(`${portal.url}/`) && !/^(data|blob):/.test(url));
    expect(outside).toEqual([]);
    // The sign-in's own secrets went through the portal's server, in process: the proxy carried the browser's calls only.
    expect(proxy.forwarded.some((line) => line.startsWith('POST /api/Jwt/token-exchange'))).toBe(true);
    expect(proxy.forwarded.filter((line) => /^POST \/idp\/(token|token\/revocation)\b/.test(line))).toEqual([]);
  });
});
