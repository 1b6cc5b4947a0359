import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/rateLimits/rateLimiter.ts';
import type { Database } from '../../server/db/client.ts';
import type { TokenSet } from '../../domain/auth.ts';
import { CookieJar } from './cookieJar.ts';
import { openTestDatabase } from './testDatabase.ts';

export const PUBLIC_URL = 'http://portale.test';
export const ADMIN_EMAIL = 'admin@portale.test';
export const ADMIN_PASSWORD = 'amministra-2026';

/** Every rate limit so high no suite reaches it; tests/api/rateLimits.test.ts sets low ones. */
export function limitsOff(): RateLimits {
  return Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { limit: 1_000_000, windowSeconds: 60 }])) as RateLimits;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The real server on a fresh database with the real migrations, talked to through app.inject. */
export async function createTestApp(
  options: { database?: Database; env?: Record<string, string> } & Pick<BuildAppOptions, 'missingRequiredAttachments' | 'extraFunds' | 'logger' | 'rateLimits'> = {},
) {
  const database = options.database ?? (await openTestDatabase());
  const config = loadConfig({
    PUBLIC_URL,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pf-test-')),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const built = await buildApp({
    config,
    database,
    missingRequiredAttachments: options.missingRequiredAttachments,
    extraFunds: options.extraFunds,
    logger: options.logger,
    // Suites register dozens of people from one address: limits are off unless a test sets the ones it checks.
    rateLimits: { ...limitsOff(), ...options.rateLimits },
  });
  await built.accounts.ensureAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
  await built.app.ready();
  const { app } = built;

  const pathOf = (location: string) => {
    const url = new URL(location, PUBLIC_URL);
    return url.pathname + url.search;
  };

  /** A browser: follows redirects within the portal and keeps cookies, stopping at /login-callback. */
  async function browse(jar: CookieJar, first: { method: 'GET' | 'POST'; url: string; form?: Record<string, string> }) {
    let request = first;
    for (let hop = 0; hop < 15; hop++) {
      const response: LightMyRequestResponse = await app.inject({
        method: request.method,
        url: request.url,
        headers: {
          cookie: jar.headerFor(request.url.split('?')[0]!),
          ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        payload: request.form ? new URLSearchParams(request.form).toString() : undefined,
      });
      jar.store(response.headers['set-cookie']);
      const location = response.headers.location;
      if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string') return { response, url: request.url };
      const next = pathOf(location);
      if (next.startsWith('/login-callback')) return { response, url: next };
      request = { method: 'GET', url: next };
    }
    throw new Error('too many redirects');
  }

  /** Opens the provider's page for `screen` and submits its form; returns where the browser ended. */
  async function submitAtProvider(screen: 'login' | 'register', form: Record<string, string>) {
    const jar = new CookieJar();
    const page = await browse(jar, { method: 'GET', url: `/api/Jwt/login?screen=${screen}` });
    const action = page.response.body.match(/<form method="post" action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`no form on the ${screen} page: ${page.response.statusCode}`);
    const result = await browse(jar, { method: 'POST', url: action, form });
    return { jar, ...result };
  }

  async function exchange(jar: CookieJar, callbackPath: string): Promise<TokenSet> {
    const callback = new URL(callbackPath, PUBLIC_URL);
    const response = await app.inject({
      method: 'POST',
      url: '/api/Jwt/token-exchange',
      headers: { cookie: jar.headerFor('/api/Jwt/token-exchange') },
      payload: {
        code: callback.searchParams.get('code'),
        state: callback.searchParams.get('state'),
        iss: callback.searchParams.get('iss'),
        redirectUri: `${PUBLIC_URL}/login-callback`,
      },
    });
    if (response.statusCode !== 200) throw new Error(`token exchange failed: ${response.statusCode} ${response.body}`);
    return response.json() as TokenSet;
  }

  let registered = 0;
  return {
    app,
    db: built.db,
    accounts: built.accounts,
    config,
    browse,
    submitAtProvider,
    exchange,
    /** Registers a new person at the embedded provider and returns their tokens. */
    async register(person: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {}) {
      registered += 1;
      const form = {
        firstName: 'Giulia',
        lastName: 'Rossi',
        email: `giulia.rossi.${registered}.${Date.now()}@esempio.it`,
        password: 'password-sicura-1',
        ...person,
      };
      const { jar, url } = await submitAtProvider('register', form);
      return { ...(await exchange(jar, url)), email: form.email };
    },
    async login(email: string, password: string) {
      const { jar, url } = await submitAtProvider('login', { email, password });
      return exchange(jar, url);
    },
    loginAsAdmin() {
      return this.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    },
    get(url: string, token?: string, headers: Record<string, string> = {}) {
      return app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
    },
    /** A JSON POST as the client sends it (body omitted: no payload). */
    post(url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
      return app.inject({
        method: 'POST',
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },
    async close() {
      await app.close();
    },
  };
}
