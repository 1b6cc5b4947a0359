import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatItalianNumber, formatPercent, parseItalianNumber } from '../../domain/italianNumbers.ts';
import { italianNumberError } from '../../domain/messages/numbers.ts';

const read = (text: string, decimals = 2) => parseItalianNumber(text, decimals);

describe('an Italian number as people type it (spec §5)', () => {
  it.each([
    ['1.200.000', 1_200_000],
    ['1200000', 1_200_000],
    ['1.200.000,50', 1_200_000.5],
    ['1200000,5', 1_200_000.5],
    ['1 200 000', 1_200_000],
    ['1\u00A0200\u00A0000,25', 1_200_000.25],
    ['1.250', 1250],
    ['6.500', 6500],
    ['12,5', 12.5],
    ['4,5', 4.5],
    [',5', 0.5],
    ['5,', 5],
    ['0,07', 0.07],
    ['007', 7],
    ['  42  ', 42],
  ])('reads %j as %d', (text, value) => {
    expect(read(text)).toEqual({ ok: true, value });
  });

  it('reads an empty box as no number', () => {
    expect(read('')).toEqual({ ok: true, value: null });
    expect(read('   ')).toEqual({ ok: true, value: null });
  });

  it.each([
    '1.2',
    '1.20',
    '1.2000',
    '1200000.5',
    '12,3,4',
    '1.200,000.5',
    '12a',
    'abc',
    '-5',
    '+5',
    '1.200 000',
    '0.500',
    ',',
    '.5',
    '1,2.3',
    '1..200',
  ])('refuses %j instead of reading another number', (text) => {
    expect(read(text)).toEqual({ ok: false, problem: 'form' });
  });

  it('refuses more decimals than the box allows, and any decimal in a count', () => {
    expect(read('1,234')).toEqual({ ok: false, problem: 'decimals' });
    expect(read('12,5', 0)).toEqual({ ok: false, problem: 'decimals' });
    expect(read('1.200', 0)).toEqual({ ok: true, value: 1200 });
  });

  it('refuses a number too large to be kept to the cent', () => {
    expect(read('99.999.999.999.999')).toEqual({ ok: false, problem: 'size' });
    expect(read('9.999.999.999.999,99')).toEqual({ ok: true, value: 9_999_999_999_999.99 });
  });

  it('names the expected form in the error, in Italian', () => {
    expect(italianNumberError(read('1.2'), 'amount')).toBe('Inserisci un importo come 1.200.000,50');
    expect(italianNumberError(read('1.2'), 'integer')).toBe('Inserisci un numero intero come 1.200');
    expect(italianNumberError(read('4,5', 0), 'integer')).toBe('Inserisci un numero intero, senza decimali, come 1.200');
    expect(italianNumberError(read('1.200'), 'amount')).toBeNull();
  });

  it('writes numbers the Italian way', () => {
    expect(formatAmount(1_234_567.5)).toBe('1.234.567,50');
    expect(formatAmount(1200)).toBe('1.200,00');
    expect(formatPercent(12.345)).toBe('12,35 %');
    expect(formatItalianNumber(1_250_000, 0, 2)).toBe('1.250.000');
    expect(formatItalianNumber(4.5, 0, 2)).toBe('4,5');
  });
});

describe('properties of the Italian number reader', () => {
  const cents = fc.integer({ min: 0, max: 999_999_999_999_99 }).map((n) => n / 100);

  it('reads back every number it writes, grouped or not, with dots or spaces', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 2 }), (value, decimals) => {
        const rounded = Number(value.toFixed(decimals));
        const written = formatItalianNumber(rounded, decimals);
        expect(read(written, decimals)).toEqual({ ok: true, value: rounded });
        expect(read(written.replaceAll('.', ' '), decimals)).toEqual({ ok: true, value: rounded });
        expect(read(written.replaceAll('.', ''), decimals)).toEqual({ ok: true, value: rounded });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads every prefix typed on the way to a number as that prefix means, or refuses it', () => {
    fc.assert(
      fc.property(cents, (value) => {
        const written = formatAmount(value);
        for (let end = 1; end <= written.length; end++) {
          const reading = read(written.slice(0, end));
          if (reading.ok) expect(reading.value).toBe(italianReading(written.slice(0, end)));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never reads a random text as a number other than the one an Italian reader reads', () => {
    const text = fc.string({ unit: fc.constantFrom(...'0123456789.,  -+eE'.split('')), maxLength: 16 });
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 2 }), (typed, decimals) => {
        const reading = read(typed, decimals);
        if (reading.ok) expect(reading.value).toBe(italianReading(typed));
      }),
      { numRuns: 5000 },
    );
  });
});

/**
 * An Italian reader's reading, written independently of the parser: thousands in groups of three after the
 * first, a dot or a space between them, a comma before the decimals; anything else is not a number.
 */
function italianReading(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d+|[1-9]\d{0,2}(?:\.\d{3})+|[1-9]\d{0,2}(?: \d{3})+)?(?:,(\d*))?$/.exec(trimmed);
  if (!match || (match[1] === undefined && !match[2])) return undefined;
  const whole = (match[1] ?? '0').replace(/[. ]/g, '');
  return Number(`${whole}.${match[2] || '0'}`);
}
