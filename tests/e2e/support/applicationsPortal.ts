import type { BrowserContext, Page } from 'playwright-core';
import type { ApplicationStatusCode, Fund } from '../../../domain/applicationStatus.ts';
import { applications } from '../../../server/db/schema/applications.ts';
import { organizationPayload } from '../../support/organizationFixtures.ts';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, startPortal } from './portal.ts';
import { signIn } from './signedIn.ts';
import { acceptTerms, signInAfterRegistration, verifyEmailFromOutbox } from './verification.ts';

/**
 * startPortal() plus forceStatus: the funds and admin-panel tests put applications straight into a status
 * (without walking the journey that leads there), and the benchmark seeds 5,000 organisations through `db`.
 */
export async function startPortalWithDatabase(env: Record<string, string> = {}, options: Parameters<typeof startPortal>[1] = {}) {
  const portal = await startPortal(env, options);
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
  await page
    .getByRole('button', { name: 'Accedi' })
    .or(page.getByRole('link', { name: 'Accedi' }))
    .click();
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByLabel('Email').fill(E2E_ADMIN_EMAIL);
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.waitForURL(`${url}/admin-panel`);
}

/**
 * A new person registers at the embedded provider from the welcome page, signs in with Accedi from the
 * «Controlla la tua casella di posta» page (landing on /flow-organization), opens
 * the verification link mailed to them, then creates organisations through the API as the registration form
 * would. Answers their ids by name.
 */
export async function registerApplicant(
  page: Page,
  context: BrowserContext,
  portal: { url: string; dataDir: string },
  person: { firstName: string; lastName: string; email: string; organizations: string[] },
): Promise<Record<string, string>> {
  const { url } = portal;
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByLabel('Nome', { exact: true }).fill(person.firstName);
  await page.getByLabel('Cognome').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill('una-password-lunga');
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await signInAfterRegistration(page, person.email, 'una-password-lunga');
  await page.waitForURL(`${url}/flow-organization`);
  await verifyEmailFromOutbox(context, portal, person.email, page);
  const token = decodeURIComponent((await context.cookies(url)).find((cookie) => cookie.name === 'token')!.value);
  const ids: Record<string, string> = {};
  for (const name of person.organizations) {
    const response = await fetch(`${url}/api/Organization/CreateOrganization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(organizationPayload({ name })),
    });
    if (response.status !== 201) throw new Error(`CreateOrganization answered ${response.status}`);
    ids[name] = ((await response.json()) as { orgId: string }).orgId;
  }
  return ids;
}

/**
 * The same person and organisations as `registerApplicant`, without walking the registration's pages: registered and
 * verified at the provider over HTTP (tests/e2e/support/signedIn.ts), the organisations created through the API, and
 * the page opened on the portal, signed in. For the files about what applicants do once registered; the registration
 * itself is walked by auth, email-verification, fiscal-code, https-proxy and the wizards' journeys.
 */
export async function signInApplicant(
  page: Page,
  context: BrowserContext,
  portal: { url: string; dataDir: string },
  person: { firstName: string; lastName: string; email: string; organizations: string[] },
): Promise<Record<string, string>> {
  const token = await signIn(context, portal, person);
  const ids: Record<string, string> = {};
  for (const name of person.organizations) {
    const response = await fetch(`${portal.url}/api/Organization/CreateOrganization`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(organizationPayload({ name })),
    });
    if (response.status !== 201) throw new Error(`CreateOrganization answered ${response.status}`);
    ids[name] = ((await response.json()) as { orgId: string }).orgId;
  }
  await page.goto(`${portal.url}/`);
  await page.waitForURL(person.organizations.length > 0 ? `${portal.url}/calls` : `${portal.url}/flow-organization`);
  return ids;
}
