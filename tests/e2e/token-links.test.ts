import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts } from '../../server/db/schema/identity.ts';
import { mailsTo, verificationLinkFor } from '../support/verificationMail.ts';
import { registerApplicant } from './support/applicationsPortal.ts';
import { expectAccessible } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';
import { acceptTerms, signInAfterRegistration } from './support/verification.ts';

/**
 * The links the portal mails carry a token (a password reset, an address's verification, an invitation). In
 * Chromium, every request the opened page makes is recorded: none names the token in its Referer, and once the
 * page has loaded the address bar no longer shows it (issue 41).
 */

const e2e = usePortalAndBrowser();
const stamp = Date.now();
const outbox = () => path.join(e2e.portal.dataDir, 'outbox');

const newcomer = { firstName: 'Livia', lastName: 'Conti', email: `livia.conti.${stamp}@esempio.it`, password: 'una-password-lunga' };
const inviter = {
  firstName: 'Ettore',
  lastName: 'Sala',
  email: `ettore.sala.${stamp}@esempio.it`,
  organizations: ['Comune di Roccaverde'],
};
const invited = { firstName: 'Nora', lastName: 'Villa', email: `nora.villa.${stamp}@esempio.it`, password: 'un-altra-password' };

/** Every request of the context, with its Referer (read from all the headers Chromium sent). */
function recordReferers(context: BrowserContext) {
  const pending: Array<Promise<{ url: string; referer: string | undefined }>> = [];
  const listener = (request: Request) => {
    pending.push(request.allHeaders().then((headers) => ({ url: request.url(), referer: headers.referer })));
  };
  context.on('request', listener);
  return {
    async stop() {
      context.off('request', listener);
      return Promise.all(pending);
    },
  };
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function expectNoRefererCarries(requests: Array<{ url: string; referer: string | undefined }>, token: string) {
  // The page loaded its stylesheet, fonts, scripts: there were requests to look at.
  expect(requests.length).toBeGreaterThan(2);
  const leaking = requests.filter(({ referer }) => referer?.includes(token) || referer?.includes(encodeURIComponent(token)));
  expect(leaking).toEqual([]);
}

async function linkInOutbox(to: string, pattern: RegExp): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    for (const mail of (await mailsTo(outbox(), to)).reverse()) {
      const match = pattern.exec(mail.text);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no link matching ${pattern} for ${to}`);
}

describe('the provider’s link pages', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await e2e.newPage());
    // A new person registers; the page says to check the mail, whatever the address.
    await page.goto(`${e2e.portal.url}/`);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.waitForURL(/\/idp\/interaction\//);
    await page.getByLabel('Nome', { exact: true }).fill(newcomer.firstName);
    await page.getByLabel('Cognome').fill(newcomer.lastName);
    await page.getByLabel('Email').fill(newcomer.email);
    await page.getByLabel('Password').fill(newcomer.password);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await page.getByRole('heading', { name: 'Controlla la tua casella di posta' }).waitFor();
  });
  afterAll(() => context.close());

  it('the verification link: no Referer carries its token, the address bar loses it, only the button verifies', async () => {
    const link = await verificationLinkFor(outbox(), newcomer.email);
    const { context: mailClient, page: tab } = await e2e.newPage();
    try {
      const recording = recordReferers(mailClient);
      await tab.goto(link);
      await tab.getByRole('button', { name: 'Conferma l’indirizzo email' }).waitFor();
      await tab.waitForLoadState('load');
      expect(tab.url()).toBe(`${e2e.portal.url}/idp/verifica-email`);
      await expectAccessible(tab);
      const [before] = await e2e.portal.db.select().from(idpAccounts).where(eq(idpAccounts.email, newcomer.email));
      expect(before!.emailVerifiedAt).toBeNull();

      await tab.getByRole('button', { name: 'Conferma l’indirizzo email' }).click();
      await tab.getByRole('heading', { name: 'Indirizzo email verificato' }).waitFor();
      // The page's footer link too: followed, it names no token.
      await tab.getByRole('link', { name: 'Informativa sulla privacy' }).click();
      await tab.waitForURL(`${e2e.portal.url}/privacy`);
      await expectNoRefererCarries(await recording.stop(), tokenOf(link));
      const [after] = await e2e.portal.db.select().from(idpAccounts).where(eq(idpAccounts.email, newcomer.email));
      expect(after!.emailVerifiedAt).toBeInstanceOf(Date);
    } finally {
      await mailClient.close();
    }
  });

  it('the reset link: no Referer carries its token, and the address bar loses it once the page has it', async () => {
    const asked = await fetch(`${e2e.portal.url}/idp/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: newcomer.email }).toString(),
    });
    expect(asked.status).toBe(200);
    const link = await linkInOutbox(newcomer.email, /https?:\/\/\S+\/idp\/password\/reset\?token=[A-Za-z0-9_-]+/);
    const { context: mailClient, page: tab } = await e2e.newPage();
    try {
      const recording = recordReferers(mailClient);
      await tab.goto(link);
      await tab.getByRole('heading', { name: 'Scegli una nuova password' }).waitFor();
      await tab.waitForLoadState('load');
      expect(tab.url()).toBe(`${e2e.portal.url}/idp/password/reset`);
      await expectAccessible(tab);
      await tab.getByRole('link', { name: 'Informativa sulla privacy' }).click();
      await tab.waitForURL(`${e2e.portal.url}/privacy`);
      await expectNoRefererCarries(await recording.stop(), tokenOf(link));
    } finally {
      await mailClient.close();
    }
    // Opening the link changed nothing: the password is the one chosen at registration.
    const [account] = await e2e.portal.db.select().from(idpAccounts).where(eq(idpAccounts.email, newcomer.email));
    expect(account!.passwordHash).toMatch(/^scrypt\$/);
  });
});

describe('the invitation link', () => {
  let link: string;

  beforeAll(async () => {
    // A verified person with an organisation invites an address that has no account yet.
    const { context, page } = await e2e.newPage();
    const ids = await registerApplicant(page, context, e2e.portal, inviter);
    const token = decodeURIComponent((await context.cookies(e2e.portal.url)).find((cookie) => cookie.name === 'token')!.value);
    const me = (await (await fetch(`${e2e.portal.url}/api/User`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      id: string;
    };
    const sent = await fetch(`${e2e.portal.url}/api/SendEmail/SendEmail`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        SelectedOrganizationId: ids['Comune di Roccaverde']!,
      },
      body: JSON.stringify({ emails: [invited.email], userId: me.id, subject: 'Invito', message: '' }),
    });
    expect(sent.status).toBe(200);
    await context.close();
    link = await linkInOutbox(invited.email, /https?:\/\/\S+\/accetta-invito\?token=[A-Za-z0-9_%-]+/);
  });

  it('anonymous, through the welcome page, registration and Accedi, back to the invitation: no Referer and no address keeps the token', async () => {
    const { context, page } = await e2e.newPage();
    try {
      const recording = recordReferers(context);
      const addresses: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) addresses.push(frame.url());
      });
      await page.goto(link);
      // The guard sends the visitor to the welcome page, which keeps where they were going out of its address.
      await page.waitForURL((url) => url.pathname === '/' && url.search === '');
      await page.getByRole('button', { name: 'Registrati' }).click();
      await page.waitForURL(/\/idp\/interaction\//);
      await page.getByLabel('Nome', { exact: true }).fill(invited.firstName);
      await page.getByLabel('Cognome').fill(invited.lastName);
      await page.getByLabel('Email').fill(invited.email);
      await page.getByLabel('Password').fill(invited.password);
      await acceptTerms(page);
      await page.getByRole('button', { name: 'Registrati' }).click();
      await signInAfterRegistration(page, invited.email, invited.password);
      await page.waitForURL((url) => url.pathname === '/accetta-invito');
      await page.getByText('Comune di Roccaverde').first().waitFor();
      await page.getByText(`L’invito è per l’indirizzo ${invited.email}.`).waitFor();
      await page.waitForLoadState('load');
      expect(page.url()).toBe(`${e2e.portal.url}/accetta-invito`);
      await expectAccessible(page);

      const token = tokenOf(link);
      await expectNoRefererCarries(await recording.stop(), token);
      // The login round trip kept the token in this tab's storage: no address of the provider (or of the login's
      // redirects) ever carried it.
      const provider = addresses.filter((address) => /\/(idp|api)\//.test(new URL(address).pathname));
      expect(provider.length).toBeGreaterThan(0);
      expect(provider.filter((address) => address.includes(token))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signed in already: the page drops the token from the address before it loads anything', async () => {
    const { context, page } = await e2e.newPage();
    try {
      await page.goto(`${e2e.portal.url}/`);
      await page.getByRole('button', { name: 'Accedi' }).click();
      await page.waitForURL(/\/idp\/interaction\//);
      await page.getByLabel('Email').fill(invited.email);
      await page.getByLabel('Password').fill(invited.password);
      await page.getByRole('button', { name: 'Accedi' }).click();
      await page.waitForURL((url) => url.pathname === '/flow-organization');

      const recording = recordReferers(context);
      await page.goto(link);
      await page.getByText(`L’invito è per l’indirizzo ${invited.email}.`).waitFor();
      await page.waitForLoadState('load');
      expect(page.url()).toBe(`${e2e.portal.url}/accetta-invito`);
      await page.getByRole('link', { name: 'Informativa sulla privacy' }).first().click();
      await page.waitForURL(`${e2e.portal.url}/privacy`);
      await expectNoRefererCarries(await recording.stop(), tokenOf(link));
    } finally {
      await context.close();
    }
  });
});
