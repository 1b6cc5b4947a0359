import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { organizationMembers, organizations } from '../../../server/db/schema/organizations.ts';
import { users } from '../../../server/db/schema/users.ts';
import { REPORT_IDS, REPORT_WORKSPACE_ID } from '../../../domain/reports/reportIds.ts';
import { seedDemo } from '../../../server/seed/demo.ts';
import { loginAsAdmin, registerApplicant, startPortalWithDatabase } from './applicationsPortal.ts';

/**
 * Every route of the spec's route table (§2), as a person of each role opens it, on the demo data of
 * `npm run seed:demo`. One table for the reflow tests (tests/e2e/support/reflow.ts) and for `npm run screenshots`:
 * a new screen is one more row.
 */

export type TourRole = 'visitor' | 'applicant' | 'admin';

/** The demo organisation the applicant belongs to, and one more the admin looks at. */
export interface TourIds {
  /** Comune di Assisi: TUR Aperta (a draft with values), PUI Ammissibile (its review survey is open). */
  applicantOrganization: string;
  /** Comune di Lecce: TUR Integrazione Sottomessa, PUI Deliberata, with history and warnings. */
  reviewedOrganization: string;
}

export interface TourRoute {
  /** A short name, used for file names: letters, digits and dashes. */
  name: string;
  role: TourRole;
  path(ids: TourIds): string;
  /** An application wizard: its steps are visited one by one (screenshots). */
  wizard?: boolean;
  /**
   * A reflow defect known and not fixed yet: the reflow test expects this route to fail (it.fails), so fixing it
   * turns the test red until this line goes.
   */
  knownReflowIssue?: string;
}

export const ROUTE_TABLE: readonly TourRoute[] = [
  { name: 'welcome', role: 'visitor', path: () => '/' },
  { name: 'not-found-visitor', role: 'visitor', path: () => '/pagina-che-non-esiste' },
  { name: 'privacy', role: 'visitor', path: () => '/privacy' },
  { name: 'accessibilita', role: 'visitor', path: () => '/accessibilita' },
  { name: 'calls', role: 'applicant', path: () => '/calls' },
  { name: 'flow-organization', role: 'applicant', path: () => '/flow-organization' },
  { name: 'register-org', role: 'applicant', path: () => '/register-org?pIva=12345678901' },
  { name: 'invite-collaborate', role: 'applicant', path: () => '/invite-collaborate' },
  { name: 'account', role: 'applicant', path: () => '/account' },
  { name: 'your-organization', role: 'applicant', path: (ids) => `/your-organization/${ids.applicantOrganization}` },
  { name: 'candidatura-completata', role: 'applicant', path: () => '/candidaturaCompletata' },
  { name: 'survey-istruttoria-completata', role: 'applicant', path: () => '/surveyIstruttoriaCompletata' },
  { name: 'tur-candidatura', role: 'applicant', path: () => '/survey/TUR_candidatura', wizard: true },
  { name: 'pui-candidatura', role: 'applicant', path: () => '/survey/PUI_candidatura', wizard: true },
  {
    name: 'pui-istruttoria',
    role: 'applicant',
    path: (ids) => `/survey/PUI_istruttoria/${ids.applicantOrganization}`,
  },
  {
    name: 'tur-istruttoria',
    role: 'applicant',
    path: (ids) => `/survey/TUR_istruttoria/${ids.applicantOrganization}`,
  },
  { name: 'not-found-applicant', role: 'applicant', path: () => '/pagina-che-non-esiste' },
  { name: 'admin-panel', role: 'admin', path: () => '/admin-panel' },
  { name: 'admin-organization', role: 'admin', path: (ids) => `/admin-organization/${ids.reviewedOrganization}` },
  { name: 'admin-survey-tur', role: 'admin', path: (ids) => `/admin-organization/survey-tur/${ids.reviewedOrganization}`, wizard: true },
  { name: 'admin-survey-pui', role: 'admin', path: (ids) => `/admin-organization/survey-pui/${ids.reviewedOrganization}`, wizard: true },
  {
    name: 'admin-tur-istruttoria',
    role: 'admin',
    path: (ids) => `/admin-organization/TUR_istruttoria/${ids.reviewedOrganization}`,
  },
  {
    name: 'admin-pui-istruttoria',
    role: 'admin',
    path: (ids) => `/admin-organization/PUI_istruttoria/${ids.reviewedOrganization}`,
  },
  { name: 'monitoraggio', role: 'applicant', path: () => '/monitoraggio' },
  { name: 'admin-panel-reports', role: 'admin', path: () => '/admin-panel?tab=reports' },
  ...REPORT_IDS.map((reportId): TourRoute => ({
    name: `admin-report-${reportId}`,
    role: 'admin',
    path: () => `/admin-panel/report?wid=${REPORT_WORKSPACE_ID}&rid=${reportId}`,
  })),
  { name: 'admin-account', role: 'admin', path: () => '/account' },
  { name: 'admin-api-docs', role: 'admin', path: () => '/api/docs' },
];

/** Widths the tour is looked at: phones (WCAG 1.4.10 reflow at 320 CSS px) and a desktop. */
export const VIEWPORTS = {
  narrow: { width: 320, height: 720 },
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

async function organizationId(portal: Awaited<ReturnType<typeof startPortalWithDatabase>>, name: string): Promise<string> {
  const [row] = await portal.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name));
  if (!row) throw new Error(`demo organisation ${name} missing`);
  return row.id;
}

/**
 * Where the tour's people browse: `launch` gives one browser whose contexts are theirs (incognito contexts, as the
 * tests use), `profile` gives each person a browser profile of their own (as people browse: see launchProfile).
 */
export type TourBrowsers = { launch: () => Promise<Browser> } | { profile: (options: BrowserContextOptions) => Promise<BrowserContext> };

/**
 * The portal with the demo data, a browser, an applicant who belongs to Comune di Assisi and the admin, each
 * logged in in a context of their own. `open(route, viewport)` answers a page showing the route, settled.
 */
export async function startTour(browsers: TourBrowsers) {
  const portal = await startPortalWithDatabase();
  await seedDemo(portal.db);
  const ids: TourIds = {
    applicantOrganization: await organizationId(portal, 'Comune di Assisi'),
    reviewedOrganization: await organizationId(portal, 'Comune di Lecce'),
  };
  const options: BrowserContextOptions = { locale: 'it-IT', timezoneId: 'Europe/Rome' };
  let browser: Browser | null = null;
  let openContext: () => Promise<BrowserContext>;
  if ('launch' in browsers) {
    const launched = await browsers.launch();
    browser = launched;
    openContext = () => launched.newContext(options);
  } else {
    openContext = () => browsers.profile(options);
  }
  const contexts: Record<TourRole, BrowserContext> = {
    visitor: await openContext(),
    applicant: await openContext(),
    admin: await openContext(),
  };

  const email = `giulia.rossi.${Date.now()}@esempio.it`;
  const applicantPage = await contexts.applicant.newPage();
  await registerApplicant(applicantPage, contexts.applicant, portal, {
    firstName: 'Giulia',
    lastName: 'Rossi',
    email,
    organizations: [],
  });
  const [person] = await portal.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await portal.db.insert(organizationMembers).values({ organizationId: ids.applicantOrganization, userId: person!.id, role: 'admin' });
  const [membership] = await portal.db
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, ids.applicantOrganization), eq(organizationMembers.userId, person!.id)));
  if (!membership) throw new Error('the applicant could not join the demo organisation');
  await applicantPage.close();

  const adminPage = await contexts.admin.newPage();
  await loginAsAdmin(adminPage, portal.url);
  await adminPage.close();

  /** A new tab in the session of a person of the role, at the viewport. */
  async function newPage(role: TourRole, viewport: ViewportName): Promise<Page> {
    const page = await contexts[role].newPage();
    await page.setViewportSize(VIEWPORTS[viewport]);
    return page;
  }

  /**
   * A page of the route's role at the viewport, once the route has rendered and stopped loading; what its console
   * reported as errors from the first request on is `consoleErrorsOf(page)`.
   */
  async function open(route: TourRoute, viewport: ViewportName): Promise<Page> {
    const page = await newPage(route.role, viewport);
    const errors: string[] = [];
    consoleErrors.set(page, errors);
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${portal.url}${route.path(ids)}`);
    await settle(page);
    return page;
  }

  return {
    portal,
    ids,
    newPage,
    open,
    async close() {
      if (browser) await browser.close();
      else for (const context of Object.values(contexts)) await context.close();
      await portal.close();
    },
  };
}

const consoleErrors = new WeakMap<Page, string[]>();

/** The errors the console of a page the tour opened reported (a script that failed to load, an uncaught error). */
export function consoleErrorsOf(page: Page): readonly string[] {
  return consoleErrors.get(page) ?? [];
}

/** The page's heading is there, nothing is loading, fonts and animations are done. */
export async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[role="status"][aria-label]')].every(
        (el) => !/caricamento/i.test(el.getAttribute('aria-label') ?? ''),
      ) && document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await page.evaluate(() => document.fonts.ready);
}

/** The step buttons of an application wizard ('Passi della candidatura'), in order. */
export function wizardStepButtons(page: Page) {
  return page.getByRole('navigation', { name: 'Passi della candidatura' }).getByRole('button');
}

/**
 * On a phone a wizard shows "Passo 2 di 6 · …" and folds its steps behind a button (src/ui/StepIndicator.tsx):
 * unfolds them when folded, so the step buttons can be pressed at any width.
 */
export async function unfoldWizardSteps(page: Page) {
  const toggle = page.getByRole('button', { name: 'Mostra tutti i passi' });
  if (await toggle.isVisible()) await toggle.click();
}
