import type { Page } from 'playwright-core';
import type { ApplicationStatusCode, Fund } from '../../../domain/applicationStatus.ts';
import { applications } from '../../../server/db/schema/applications.ts';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, startPortal } from './portal.ts';

/**
 * startPortal() plus forceStatus: the funds and admin-panel tests put applications straight into a status
 * (without walking the journey that leads there), and the benchmark seeds 5,000 organisations through `db`.
 */
export async function startPortalWithDatabase() {
  const portal = await startPortal();
  const { db } = portal;

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

  return { ...portal, forceStatus };
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
