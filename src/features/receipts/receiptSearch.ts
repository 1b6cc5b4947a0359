import { UUID_PATTERN } from '../../../domain/uuid.ts';

/**
 * The confirmation pages' `?ricevuta=<id>`: the receipt the hand-over just issued. Checked by hand, not with zod
 * (the route tree is in every page's first load); anything else is dropped.
 */
export function parseReceiptSearch(search: Record<string, unknown>): { ricevuta?: string } {
  const { ricevuta } = search;
  return { ricevuta: typeof ricevuta === 'string' && UUID_PATTERN.test(ricevuta) ? ricevuta : undefined };
}
