/** How long the person must stop typing before their changes are saved. */
export const AUTOSAVE_DEBOUNCE_MS = 1500;

/** First wait after a failed save (no answer or 5xx); doubles on each failure in a row up to the cap. */
export const SAVE_RETRY_BASE_MS = 2000;
export const SAVE_RETRY_MAX_MS = 30_000;

/** The wait before retry number `attempt` (1 = after the first failure). Never stops retrying: input is not dropped. */
export function saveRetryDelay(attempt: number): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(SAVE_RETRY_BASE_MS * 2 ** Math.min(exponent, 16), SAVE_RETRY_MAX_MS);
}
