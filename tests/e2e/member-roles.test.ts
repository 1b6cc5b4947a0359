import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRoleMessages } from '../../domain/messages/memberRoles.ts';
import type { MemberRole } from '../../domain/organization.ts';
import { organizationMembers } from '../../server/db/schema/organizations.ts';
import { users } from '../../server/db/schema/users.ts';
import { eq } from 'drizzle-orm';
import { signInApplicant, startPortalWithDatabase } from './support/applicationsPortal.ts';
import { signedInPerson } from './support/signedIn.ts';
import { expectAccessible, expectHeading } from './support/browser.ts';
import { usePortalAndBrowser } from './support/portalAndBrowser.ts';

/**
 * Issue 42 in the browser: each member sees what their role lets them do. A Sola lettura member finds the
 * application and the organisation read-only, with the reason; a Compilatore on the submit step reads who hands
 * over (the call's default rule: the Referenti, by name) instead of the button; the Referente gives a member
 * another role from the keyboard alone. axe on every page and dialog.
 */
const e2e = usePortalAndBrowser(startPortalWithDatabase);
const stamp = Date.now();
const ORGANIZATION = 'Comune dei Ruoli';
const TITLE = 'Candidatura Fondo Tematico Turismo Sostenibile';

interface Member {
  context: BrowserContext;
  page: Page;
}

let organizationId: string;
let referent: Member;
let compiler: Member;
let reader: Member;

/** A person registers (no organisation of their own) and joins A's organisation with `role`, as an accepted invitation would. */
async function join(firstName: string, lastName: string, role: MemberRole, fiscalCode: string | null = null): Promise<Member> {
  const email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}.${stamp}@esempio.it`;
  const { context, page } = await signedInPerson((options) => e2e.newPage(options), e2e.portal, { firstName, lastName, email });
  // The codice fiscale as SPID/CIE would have sent it at sign-in (tests/api/memberRoles.test.ts signs in through one).
  const [user] = await e2e.portal.db.update(users).set({ fiscalCode }).where(eq(users.email, email)).returning({ id: users.id });
  await e2e.portal.db.insert(organizationMembers).values({ organizationId, userId: user!.id, role });
  return { context, page };
}

const membersTable = (page: Page) => page.getByRole('table', { name: 'Membri dell’organizzazione' });

beforeAll(async () => {
  const { context, page } = await e2e.newPage();
  referent = { context, page };
  const ids = await signInApplicant(page, context, e2e.portal, {
    firstName: 'Giulia',
    lastName: 'Rossi',
    email: `giulia.rossi.${stamp}@esempio.it`,
    organizations: [ORGANIZATION],
  });
  organizationId = ids[ORGANIZATION]!;
  compiler = await join('Bruno', 'Verdi', 'editor');
  // Carla's codice fiscale is the legal representative's of the organisation (organizationPayload()).
  reader = await join('Carla', 'Neri', 'viewer', 'BNCMRA70C15H501Q');
}, 120_000);
afterAll(async () => {
  for (const member of [referent, compiler, reader]) await member?.context.close();
});

describe('a Sola lettura member', () => {
  it('sees the application read-only, with the reason, and no way to save or hand over', async () => {
    const { page } = reader;
    await page.goto(`${e2e.portal.url}/survey/TUR_candidatura`);
    await expectHeading(page, TITLE);
    await page.getByText(memberRoleMessages.readOnlyExplanation).waitFor();
    // Every answer is text to read, not a box.
    await page
      .locator('dt')
      .filter({ hasText: /^Nome del progetto$/ })
      .waitFor();
    await expect(page.getByRole('textbox', { name: /Nome del progetto/ }).count()).resolves.toBe(0);
    // The submit step is not among the steps of a read-only application.
    const steps = page.getByRole('navigation', { name: 'Passi della candidatura' });
    await expect(steps.getByRole('button', { name: /Invia Candidatura/ }).count()).resolves.toBe(0);
    await expectAccessible(page);
  });

  it('sees the organisation read-only: no edit, no invitation, no role change, with the reason', async () => {
    const { page } = reader;
    await page.goto(`${e2e.portal.url}/your-organization/${organizationId}`);
    await expectHeading(page, ORGANIZATION);
    await page.getByText(memberRoleMessages.readOnlyExplanation).waitFor();
    const own = membersTable(page).getByRole('row', { name: /Carla Neri/ });
    await own.getByText('Sola lettura', { exact: true }).waitFor();
    // Recognised as the legal representative by her codice fiscale: beside her name, and a line for her.
    await own.getByText(memberRoleMessages.legalRepresentative, { exact: true }).waitFor();
    await page.getByText(memberRoleMessages.youAreLegalRepresentative).waitFor();
    await expect(page.getByRole('button', { name: /^Modifica / }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /Cambia ruolo/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Invita collaboratori' }).count()).resolves.toBe(0);
    // Leaving is still theirs.
    await page.getByRole('button', { name: 'Lascia l’organizzazione' }).waitFor();
    await expectAccessible(page);

    // The invitations page says who invites instead of the form.
    await page.goto(`${e2e.portal.url}/invite-collaborate`);
    await expectHeading(page, 'Invita collaboratori');
    await page.getByText(memberRoleMessages.manageOnlyReferents).waitFor();
    await expect(page.getByRole('button', { name: /Invia/ }).count()).resolves.toBe(0);
    await expectAccessible(page);
  });
});

describe('a Compilatore', () => {
  it('reads on the submit step that the Referente hands over, by name, instead of the button', async () => {
    const { page } = compiler;
    await page.goto(`${e2e.portal.url}/survey/TUR_candidatura`);
    await expectHeading(page, TITLE);
    const name = page.getByRole('textbox', { name: /Nome del progetto/ });
    await expect(name.isEditable()).resolves.toBe(true);
    await page
      .getByRole('navigation', { name: 'Passi della candidatura' })
      .getByRole('button', { name: /Invia Candidatura/ })
      .click();
    await page.getByRole('heading', { level: 2, name: 'Invia Candidatura' }).waitFor();
    await page.getByText(memberRoleMessages.handOverByReferents('Giulia Rossi')).waitFor();
    await expect(page.getByRole('button', { name: 'Invia candidatura', exact: true }).count()).resolves.toBe(0);
    await expectAccessible(page);
  });
});

describe('the Referente', () => {
  it('gives the Compilatore the Sola lettura role from the keyboard alone', async () => {
    const { page } = referent;
    await page.goto(`${e2e.portal.url}/your-organization/${organizationId}`);
    await expectHeading(page, ORGANIZATION);
    const row = membersTable(page).getByRole('row', { name: /Bruno Verdi/ });
    await row.getByText('Compilatore', { exact: true }).waitFor();
    const carla = membersTable(page).getByRole('row', { name: /Carla Neri/ });
    await carla.getByText(memberRoleMessages.legalRepresentative, { exact: true }).waitFor();
    await expect(page.getByText(memberRoleMessages.youAreLegalRepresentative).count()).resolves.toBe(0);
    await membersTable(page)
      .getByRole('row', { name: /Giulia Rossi/ })
      .getByText('Referente (admin)', { exact: true })
      .waitFor();

    await page.getByRole('button', { name: 'Cambia ruolo Bruno Verdi' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cambia il ruolo di Bruno Verdi' });
    await dialog.waitFor();
    const group = dialog.getByRole('radiogroup', { name: 'Ruolo' });
    await expect(group.getByRole('radio', { name: 'Compilatore' }).isChecked()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Salva ruolo' }).isDisabled()).resolves.toBe(true);
    await expectAccessible(page);

    // Into the group (the chosen role), down to Sola lettura, then Tab to Annulla and Salva ruolo.
    await group.getByRole('radio', { name: 'Compilatore' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(group.getByRole('radio', { name: 'Sola lettura' }).isChecked()).resolves.toBe(true);
    await dialog.getByText(memberRoleMessages.may.viewer).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Salva ruolo' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');

    await page.getByText(memberRoleMessages.changed('Bruno Verdi', 'viewer')).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Sola lettura', { exact: true }).waitFor();
    await expectAccessible(page);

    // Bruno, now Sola lettura, sees the application read-only.
    await compiler.page.goto(`${e2e.portal.url}/survey/TUR_candidatura`);
    await compiler.page.getByText(memberRoleMessages.readOnlyExplanation).waitFor();
  });
});
