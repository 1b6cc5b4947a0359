import type { Page } from 'playwright-core';
import { expect } from 'vitest';

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
    /** A choice of a long list (a combo box), typed and picked. */
    async pick(label: string | RegExp, option: string) {
      await page.getByRole('combobox', { name: label }).fill(option);
      await page.getByRole('option', { name: option, exact: true }).click();
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
  };
}
