import type { Locator } from 'playwright-core';

/**
 * Types into a field the way a person does: a click into it, what was there selected and deleted, then one key
 * at a time, and Tab to leave. fill() sets the whole text at once, as only a paste or autofill does: keep it
 * for the tests that are about pasting.
 */
export async function typeLikeAPerson(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+A');
  await field.press('Backspace');
  // Each key re-renders the form: a long description, key by key, outlasts the default 30 s on a busy machine.
  await field.pressSequentially(text, { timeout: 30_000 + text.length * 100 });
  await field.press('Tab');
}
