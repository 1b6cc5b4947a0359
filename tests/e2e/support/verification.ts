import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { verificationLinkFor } from '../../support/verificationMail.ts';

/** The registration page's consent checkbox, ticked as a keyboard user does: focus, then Space. */
export async function acceptTerms(page: Page) {
  const checkbox = page.getByRole('checkbox', { name: /Ho letto l’informativa/ });
  await checkbox.focus();
  await page.keyboard.press('Space');
  if (!(await checkbox.isChecked())) throw new Error('the consent checkbox did not take the Space key');
}

/**
 * Right after Registrati: the provider answers «Controlla la tua casella di posta» whether or not the address
 * was new, and signs nobody in; the person follows its Accedi link (the same login interaction) and signs in with
 * the address and password just chosen, landing where the portal sends them.
 */
export async function signInAfterRegistration(page: Page, email: string, password: string) {
  await page.getByRole('heading', { name: 'Controlla la tua casella di posta' }).waitFor();
  await page.getByRole('main').getByRole('link', { name: 'Accedi' }).click();
  await page.getByRole('heading', { name: 'Accedi' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

/**
 * The person opens the verification link mailed to them (read from the portal's outbox) in a new tab of the same
 * browser, then comes back: `portalPage`, if given, is the portal tab whose «Registrazione non verificata» banner
 * must go by itself.
 */
export async function verifyEmailFromOutbox(context: BrowserContext, portal: { dataDir: string }, email: string, portalPage?: Page) {
  // The banner loads on its own (only unverified people get its code): it must be there before it can go.
  const bannerHeading = portalPage?.getByRole('heading', { name: 'Registrazione non verificata' });
  await bannerHeading?.waitFor();
  const link = await verificationLinkFor(path.join(portal.dataDir, 'outbox'), email);
  const mailTab = await context.newPage();
  await mailTab.goto(link);
  // Opening the link verifies nothing (mail scanners open links too): the person presses the page's button.
  await mailTab.getByRole('button', { name: 'Conferma l’indirizzo email' }).click();
  await mailTab.getByRole('heading', { name: 'Indirizzo email verificato' }).waitFor();
  // The page tells the portal's tabs at the end of its body (/idp-assets/email-verified.js): the heading shows before
  // that script has run, and a tab closed in between never says it. A person reads the page; the test waits for it.
  await mailTab.waitForLoadState('load');
  await mailTab.close();
  if (portalPage) {
    await portalPage.bringToFront();
    await bannerHeading!.waitFor({ state: 'detached' });
  }
}
