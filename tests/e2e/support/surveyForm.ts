import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { typeLikeAPerson } from './typing.ts';

/**
 * Answering a SurveyJS survey as a person does: by the labels and roles the page exposes (the same ones a
 * screen reader announces), one question at a time. Each answer is checked on the page before the next.
 */
export function surveyForm(page: Page, scope: Locator = page.locator('main')) {
  const exact = (name: string) => ({ name, exact: true });
  return {
    /**
     * A text, number or comment field, typed a key at a time and left with Tab; `shown`: what the field shows once
     * left ("4.250.000" for "4250000").
     */
    async type(label: string, value: string, shown = value) {
      const field = scope.getByRole('textbox', exact(label));
      await typeLikeAPerson(field, value);
      await expect.poll(() => field.inputValue()).toBe(shown);
    },

    /** A text, number or comment field given its whole text at once, as a paste, an autofill or dictation does. */
    async paste(label: string, value: string, shown = value) {
      const field = scope.getByRole('textbox', exact(label));
      await field.fill(value);
      await field.blur();
      await expect.poll(() => field.inputValue()).toBe(shown);
    },

    /** A date (gg/mm/aaaa): its digits typed into the portal's date field, day first, then Tab until it is left. */
    async date(label: string, day: string) {
      const field = scope.getByRole('group', exact(label));
      await field.getByRole('spinbutton').first().click();
      await page.keyboard.type(day.replaceAll('/', ''));
      // The calendar's button is part of the field: the date is handed over when the field is left.
      for (let tabs = 0; tabs < 3 && (await field.evaluate((element) => element.contains(document.activeElement))); tabs++) {
        await page.keyboard.press('Tab');
      }
      await expect.poll(() => field.textContent()).toContain(day);
    },

    /** A dropdown: opens its list and picks the option by its text (opening again if the list closed meanwhile). */
    async choose(label: string, option: string) {
      const combobox = scope.getByRole('combobox', exact(label));
      const item = page.getByRole('option', exact(option));
      for (let attempt = 1; ; attempt++) {
        // The input sits under the box that shows the chosen value: a click lands on the box, as a person's does.
        if (!(await item.isVisible())) await combobox.click({ force: true });
        try {
          await item.click({ timeout: 5_000 });
          break;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
      await expect
        .poll(() =>
          combobox
            .locator('xpath=..')
            .textContent()
            .then((text) => text ?? ''),
        )
        .toContain(option);
    },

    /** One option of a radio group. */
    async pick(group: string, option: string) {
      const radio = scope.getByRole('radiogroup', exact(group)).getByRole('radio', exact(option));
      await radio.check({ force: true });
      await expect.poll(() => radio.isChecked()).toBe(true);
    },

    /** Options of a checkbox group. */
    async tick(group: string, options: string[]) {
      const fieldset = scope.getByRole('group', exact(group));
      for (const option of options) {
        const box = fieldset.getByRole('checkbox', exact(option));
        await box.check({ force: true });
        await expect.poll(() => box.isChecked()).toBe(true);
      }
    },

    /** A yes/no question (a switch that starts neither yes nor no): clicked until it says what is wanted. */
    async yesNo(label: string, value: boolean) {
      const toggle = scope.getByRole('switch', exact(label));
      const state = () => toggle.evaluate((input: HTMLInputElement) => (input.indeterminate ? 'mixed' : String(input.checked)));
      const wanted = String(value);
      for (let clicks = 0; clicks < 3 && (await state()) !== wanted; clicks++) await toggle.click({ force: true });
      await expect.poll(state).toBe(wanted);
    },
  };
}
