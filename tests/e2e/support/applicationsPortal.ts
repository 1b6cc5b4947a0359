import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ApplicationStatusCode, Fund } from '../../../domain/applicationStatus.ts';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { applications } from '../../../server/db/schema/applications.ts';
import { openTestDatabase } from '../../support/testDatabase.ts';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './portal.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The portal as startPortal() runs it, plus its database: the funds and admin-panel tests put applications
 * straight into a status (there is no wizard yet to submit one) and the benchmark seeds 5,000 organisations.
 */
export async function startPortalWithDatabase() {
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pf-e2e-')),
    ADMIN_EMAIL: E2E_ADMIN_EMAIL,
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
  });
  const { app, accounts, db } = await buildApp({ config, database: await openTestDatabase() });
  await accounts.ensureAdmin(E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  await app.listen({ port, host: '127.0.0.1' });

  /** Puts the organisation's application into `status`, bypassing the lifecycle (tests only). */
  async function forceStatus(organizationId: string, fund: Fund, status: ApplicationStatusCode, submittedAt: Date | null = null) {
    const values = { status, updatedAt: new Date(), statusChangedAt: new Date(), submittedAt };
    const [row] = await db
      .insert(applications)
      .values({ organizationId, fund, ...values })
      .onConflictDoUpdate({ target: [applications.organizationId, applications.fund], set: values })
      .returning({ id: applications.id });
    return row!.id;
  }

  return { url: config.publicUrl, dataDir: config.dataDir, db, forceStatus, close: () => app.close() };
}

/** The admin logs in at the embedded provider from the welcome page and lands on the panel. */
export async function loginAsAdmin(page: Page, url: string) {
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Accedi' }).or(page.getByRole('link', { name: 'Accedi' })).click();
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(`${url}/admin-panel`);
}
