import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { typeLikeAPerson } from './typing.ts';

/** What a person does in the application wizard, by the labels they read. */
export function wizardActions(page: Page) {
  const stepHeading = (title: string) => page.getByRole('heading', { level: 2, name: title });
  return {
    stepHeading,
    /** Avanti, then waits for the next step's title. */
    async next(title: string) {
      await page.getByRole('button', { name: 'Avanti' }).click();
      await stepHeading(title).waitFor();
    },
    /** A choice of a select list, by the list's label and the option's text. */
    async choose(label: string | RegExp, option: string) {
      await page.getByRole('button', { name: label }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    },
    /** A choice of a long list (a combo box): its name typed a key at a time, then picked from the list. */
    async pick(label: string | RegExp, option: string) {
      const box = page.getByRole('combobox', { name: label });
      await box.click();
      await box.press('ControlOrMeta+A');
      await box.press('Backspace');
      await box.pressSequentially(option);
      await page.getByRole('option', { name: option, exact: true }).click();
    },
    /** A text box (a number, a name, a description) typed as a person types, then left with Tab. */
    async type(label: RegExp, text: string) {
      await typeLikeAPerson(page.getByRole('textbox', { name: label }), text);
    },
    /** What a text box shows now. */
    shown(label: RegExp): Promise<string> {
      return page.getByRole('textbox', { name: label }).inputValue();
    },
    /** A radio button as a person picks it: by its visible label. */
    async answer(question: RegExp, label: string) {
      const group = page.getByRole('radiogroup', { name: question });
      await group.getByText(label, { exact: true }).click();
      await expect(group.getByRole('radio', { name: label }).isChecked()).resolves.toBe(true);
    },
    /** A date typed into its segments (day, month, year). */
    async typeDate(label: string, digits: string) {
      const group = page.getByRole('group', { name: label });
      await group.getByRole('spinbutton').first().click();
      await page.keyboard.type(digits);
    },
    /**
     * The submit step of the trial set-up (no trust list, as `npm start` runs): Invia waits for the signed Domanda, and
     * the trial certificate signs it as the organisation's legal representative (issue 43).
     */
    async signWithTrialCertificate(representative: string) {
      const section = page.getByRole('region', { name: 'Firma digitale della domanda' });
      await section.getByText(/^Impronta SHA-256 della domanda: [0-9a-f]{64}$/).waitFor();
      const invia = page.getByRole('button', { name: 'Invia candidatura', exact: true });
      await expect(invia.isDisabled()).resolves.toBe(true);
      await page.getByText('Manca la domanda firmata digitalmente dal legale rappresentante.').waitFor();
      await section.getByRole('button', { name: 'Firma con certificato di prova' }).click();
      await section.getByText('Firma verificata', { exact: true }).waitFor();
      await section.getByText('firma di prova, senza valore legale').waitFor();
      await section.getByText(representative).waitFor();
      await expect(invia.isEnabled()).resolves.toBe(true);
    },
  };
}
