import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import type { Database } from '../../../server/db/client.ts';
import { openTestDatabase } from '../../support/testDatabase.ts';
import { limitsOff } from '../../support/testApp.ts';
import { freePort } from '../../support/portalProcess.ts';

export const E2E_ADMIN_EMAIL = 'admin@portale.test';
export const E2E_ADMIN_PASSWORD = 'amministra-e2e-2026';

/** The whole portal (built client, API, embedded provider) listening on a free port, as `npm start` runs it. */
/**
 * `env`: configuration beside the test defaults (e.g. MONITORING_PERIODS_FILE); `database`: another than the test
 * database (openTestDatabase), e.g. one on PostgreSQL whose locks the test holds.
 */
export async function startPortal(env: Record<string, string> = {}, options: { database?: Database } = {}) {
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pf-e2e-')),
    ADMIN_EMAIL: E2E_ADMIN_EMAIL,
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    // A cheaper scrypt, as the API tests' (tests/support/testApp.ts).
    PASSWORD_HASH_COST: '10',
    ...env,
  });
  // One browser address for every person of a suite: the rate limits are off (tests/api/rateLimits.test.ts checks them).
  const { app, accounts, db } = await buildApp({
    config,
    database: options.database ?? (await openTestDatabase()),
    rateLimits: limitsOff(),
  });
  await accounts.ensureAdmin(E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  await app.listen({ port, host: '127.0.0.1' });
  // dataDir: tests read the invitation e-mails the portal writes to dataDir/outbox;
  // db: tests put data in states no screen can reach yet.
  // port: where the portal itself listens (a TLS proxy in front of it forwards there; PUBLIC_URL is the proxy's).
  return { url: config.publicUrl, port, dataDir: config.dataDir, db, close: () => app.close() };
}
