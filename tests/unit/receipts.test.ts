import { describe, expect, it } from 'vitest';
import { protocolNumber, RECEIPT_KIND_OF_STATUS } from '../../domain/receipts.ts';
import { lifecycleTransitions } from '../../machines/application-lifecycle/transitions.ts';
import { parseReceiptSearch } from '../../src/features/receipts/receiptSearch.ts';

describe('receipts', () => {
  it('every status an applicant hands something over into issues a receipt, and no other', () => {
    // What an applicant moves to by their own event, the autosave's Aperta aside: what they hand over.
    const handOvers = new Set(
      lifecycleTransitions.filter((t) => t.role === 'applicant' && t.event !== 'applicant.draft.autosave').map((t) => t.to),
    );
    expect([...handOvers].sort()).toEqual(Object.keys(RECEIPT_KIND_OF_STATUS).sort());
    // Nobody else reaches those statuses, so every way into them is a hand-over.
    for (const transition of lifecycleTransitions.filter((t) => t.to in RECEIPT_KIND_OF_STATUS && t.from !== t.to)) {
      expect(transition.role, `${transition.from} → ${transition.to}`).toBe('applicant');
    }
  });

  it('protocol numbers: fund, year, six digits', () => {
    expect(protocolNumber('TUR', 2026, 123)).toBe('TUR-2026-000123');
    expect(protocolNumber('PUI', 2027, 1)).toBe('PUI-2027-000001');
    expect(protocolNumber('PUI', 2027, 1_234_567)).toBe('PUI-2027-1234567');
  });

  it('the confirmation pages keep only a receipt id in ?ricevuta=', () => {
    const id = '0b6f2a1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(parseReceiptSearch({ ricevuta: id })).toEqual({ ricevuta: id });
    for (const bad of ['', 'nonsense', 42, null, ['x'], `${id}x`])
      expect(parseReceiptSearch({ ricevuta: bad })).toEqual({ ricevuta: undefined });
    expect(parseReceiptSearch({})).toEqual({ ricevuta: undefined });
  });
});
