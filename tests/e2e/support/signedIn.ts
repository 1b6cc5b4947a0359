import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { ID_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, TOKEN_COOKIE } from '../../../domain/authCookies.ts';
import { sendOverHttp } from '../../support/portalProcess.ts';
import { providerLogin } from '../../support/providerLogin.ts';

/**
 * A person who registered at the embedded provider, opened the verification link mailed to them and signed in — the
 * same requests the provider's pages send (tests/support/providerLogin.ts), over HTTP — in a browser of their own
 * holding the portal's token cookies, as the login callback leaves them. For the files about what signed-in people do
 * (roles, join requests, the signed Domanda): registering through the pages, key by key, is the registration's own
 * tests' business (auth, email-verification, fiscal-code), and costs each person several seconds of browser.
 */
/** Registers the person at the provider over HTTP and puts their tokens in `context`, as the login callback would. */
export async function signIn(
  context: BrowserContext,
  portal: { url: string; dataDir: string },
  person: { firstName: string; lastName: string; email: string; fiscalCode?: string },
): Promise<string> {
  const send = sendOverHttp(portal.url);
  const tokens = await providerLogin(send, portal.url, send, { outboxDir: path.join(portal.dataDir, 'outbox') }).register({
    ...person,
    password: 'una-password-lunga',
  });
  const cookie = (name: string, value: string | null) =>
    value === null ? [] : [{ name, value: encodeURIComponent(value), url: portal.url, sameSite: 'Strict' as const }];
  await context.addCookies([
    ...cookie(TOKEN_COOKIE, tokens.token),
    ...cookie(REFRESH_TOKEN_COOKIE, tokens.refresh_token),
    ...cookie(ID_TOKEN_COOKIE, tokens.id_token),
  ]);
  return tokens.token;
}

export async function signedInPerson(
  open: (options?: BrowserContextOptions) => Promise<{ context: BrowserContext; page: Page }>,
  portal: { url: string; dataDir: string },
  person: { firstName: string; lastName: string; email: string; fiscalCode?: string },
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const { context, page } = await open(options);
  return { context, page, token: await signIn(context, portal, person) };
}
