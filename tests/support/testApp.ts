import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import { DEFAULT_CALLS_FILE } from '../../server/reference/calls.ts';
import { loadConfig } from '../../server/config.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/rateLimits/rateLimiter.ts';
import type { Database } from '../../server/db/client.ts';
import { providerLogin, type SendToPortal } from './providerLogin.ts';
import { openTestDatabase } from './testDatabase.ts';

export const PUBLIC_URL = 'http://portale.test';
export const ADMIN_EMAIL = 'admin@portale.test';
export const ADMIN_PASSWORD = 'amministra-2026';

/** Every rate limit so high no suite reaches it; tests/api/rateLimits.test.ts sets low ones. */
export function limitsOff(): RateLimits {
  return Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { limit: 1_000_000, windowSeconds: 60 }])) as RateLimits;
}

/**
 * The shipped calls file with its `signatureRequired` set for every call, written into `dataDir`. The shipped file
 * requires the signed Domanda (issue 43); the suites about other things hand applications over without one, and
 * tests/api/signedDomanda.test.ts (and every end-to-end journey) keeps the shipped rule.
 */
export function callsFileWithSignature(dataDir: string, signatureRequired: boolean): string {
  const calls = JSON.parse(readFileSync(DEFAULT_CALLS_FILE, 'utf8')) as Record<string, unknown>[];
  const file = path.join(dataDir, 'calls.json');
  writeFileSync(file, JSON.stringify(calls.map((call) => ({ ...call, signatureRequired }))));
  return file;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The real server on a fresh database with the real migrations, talked to through app.inject. */
export async function createTestApp(
  options: {
    database?: Database;
    env?: Record<string, string>;
    dataDir?: string;
    /** The calls require the signed Domanda as shipped (issue 43); false unless asked (see callsFileWithSignature). */
    signatureRequired?: boolean;
  } & Pick<
    BuildAppOptions,
    | 'missingRequiredAttachments'
    | 'extraFunds'
    | 'storage'
    | 'logger'
    | 'uploadSweep'
    | 'startReminderJob'
    | 'rateLimits'
    | 'onRoute'
    | 'attachmentsFor'
  > = {},
) {
  const database = options.database ?? (await openTestDatabase());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'pf-test-'));
  const config = loadConfig({
    PUBLIC_URL,
    DATA_DIR: dataDir,
    CALLS_FILE: callsFileWithSignature(dataDir, options.signatureRequired ?? false),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    // The same scrypt at a cost of 2^10 instead of 2^15: suites register and sign in hundreds of people, and at the
    // portal's cost the hashing was a fifth of the API suite's time. tests/api/idp.test.ts checks the default.
    PASSWORD_HASH_COST: '10',
    ...options.env,
  });
  const built = await buildApp({
    config,
    database,
    missingRequiredAttachments: options.missingRequiredAttachments,
    extraFunds: options.extraFunds,
    storage: options.storage,
    logger: options.logger,
    uploadSweep: options.uploadSweep,
    startReminderJob: options.startReminderJob ?? false,
    // Suites register dozens of people from one address: limits are off unless a test sets the ones it checks.
    rateLimits: { ...limitsOff(), ...options.rateLimits },
    onRoute: options.onRoute,
    attachmentsFor: options.attachmentsFor,
  });
  await built.accounts.ensureAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
  await built.app.ready();
  const { app } = built;

  const inject: SendToPortal = async (request) => {
    const response = await app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload });
    return { statusCode: response.statusCode, headers: response.headers, body: response.body };
  };
  const provider = providerLogin(inject, config.publicUrl, inject, { outboxDir: config.mail.smtpUrl ? undefined : config.mail.outboxDir });

  return {
    app,
    db: built.db,
    accounts: built.accounts,
    /** "Password dimenticata?" of the embedded provider: `settled()` waits for the links asked for so far. */
    passwordResets: built.passwordResets!,
    /** The monitoring reminders job of this instance (tests run it at chosen times). */
    reminders: built.reminders,
    /** The job of the reminders before a call closes (issue 44), run by the tests at chosen times. */
    closingReminders: built.closingReminders,
    /** The status e-mails' sender of this instance (tests run it to see what a change sent). */
    notifications: built.notifications,
    /** Join requests of this instance: `expireDue(at)` runs the expiry job at a chosen instant. */
    joinRequests: built.joinRequests,
    /** The actions on many applications at once (issue 44): `idle()` waits for the work asked for so far. */
    bulkActions: built.bulkActions,
    /** What /readyz reports, and the drain a SIGTERM starts. */
    readiness: built.readiness,
    config,
    browse: provider.browse,
    submitAtProvider: provider.submitAtProvider,
    signInAfterRegistration: provider.signInAfterRegistration,
    exchange: provider.exchange,
    register: provider.register,
    verifyEmail: provider.verifyEmail,
    login: provider.login,
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
