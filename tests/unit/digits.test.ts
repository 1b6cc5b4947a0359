import { describe, expect, it } from 'vitest';
import { keepDigits } from '../../domain/digits.ts';

describe('a digits-only box', () => {
  it('does not insert anything but digits', () => {
    expect(keepDigits('12a3-4 5')).toBe('12345');
    expect(keepDigits('abc')).toBe('');
  });

  it('keeps the first digits up to the limit, so a pasted "IT" prefix or extra digits do no harm', () => {
    expect(keepDigits('IT 01234567897', 11)).toBe('01234567897');
    expect(keepDigits('0123456789799', 11)).toBe('01234567897');
    expect(keepDigits('06 1234 5678 90', 10)).toBe('0612345678');
  });
});
