/**
 * Numbers as Italian people write and read them: the one parser and formatter of every numeric box the portal
 * owns (the application wizards' amounts, quantities and counts, the surveys' numeric questions) and of every
 * number shown back (read-only views, exports).
 *
 * A dot or a space groups thousands ("1.200.000", "1 200 000"), a comma starts the decimals ("1.200.000,50").
 * A text is read the way an Italian reader reads it, or refused: "1.2" or "12,3,4" is never turned into some
 * other number. Reading never rewrites what was typed; the box shows the formatted number only once the person
 * has left it.
 */

/** What kind of number a box holds: it decides how many decimals are allowed and the example in the error. */
export type ItalianNumberKind = 'amount' | 'decimal' | 'integer';

export type ItalianNumberReading =
  /** The number meant; null for an empty box. */
  | { ok: true; value: number | null }
  /** 'form': not a number written the Italian way; 'decimals': more decimals than the box allows; 'size': too large to be kept exactly. */
  | { ok: false; problem: 'form' | 'decimals' | 'size' };

/** Group separators people use: a dot, a space, a no-break space (what Intl writes in some locales), a narrow one. */
const SPACES = /[ \u00A0\u202F]/g;
/** Digits only, one dot group or one space group per thousand: "1200000", "1.200.000", "1 200 000". */
const INTEGER_PART = /^(?:\d+|[1-9]\d{0,2}(?:\.\d{3})+|[1-9]\d{0,2}(?: \d{3})+)$/;
/** Above this, a number of cents is no longer an exact double: refused instead of silently rounded. */
const LARGEST_INTEGER_PART = 10 ** 13;

/**
 * Reads a text typed or pasted into a numeric box.
 *
 * - "1.200.000", "1200000", "1 200 000" → 1200000; "1.200.000,50", "1200000,5" → 1200000.5; ",5" → 0.5;
 *   "5," (a comma just typed) → 5; "" → null.
 * - A dot not followed by exactly three digits, two commas, letters, a sign, mixed separators → 'form'.
 * - More than `decimals` digits after the comma → 'decimals' (0: no comma at all).
 */
export function parseItalianNumber(text: string, decimals: number): ItalianNumberReading {
  const trimmed = text.trim().replace(SPACES, ' ');
  if (trimmed === '') return { ok: true, value: null };
  const comma = trimmed.indexOf(',');
  const integerPart = comma < 0 ? trimmed : trimmed.slice(0, comma);
  const fraction = comma < 0 ? '' : trimmed.slice(comma + 1);
  if (!/^\d*$/.test(fraction)) return { ok: false, problem: 'form' };
  if (integerPart === '' ? fraction === '' : !INTEGER_PART.test(integerPart)) return { ok: false, problem: 'form' };
  if (comma >= 0 && decimals === 0) return { ok: false, problem: 'decimals' };
  if (fraction.length > decimals) return { ok: false, problem: 'decimals' };
  const digits = integerPart.replace(/[. ]/g, '').replace(/^0+(?=\d)/, '');
  if (digits.length > String(LARGEST_INTEGER_PART).length - 1) return { ok: false, problem: 'size' };
  const value = Number(`${digits || '0'}.${fraction || '0'}`);
  return { ok: true, value };
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A number as Italian people read it: thousands grouped with dots from four digits on ("1.200", as amounts
 * are written in Italian documents, though CLDR groups only from five), a comma before the decimals, between
 * `minDecimals` and `maxDecimals` of them.
 */
export function formatItalianNumber(value: number, minDecimals: number, maxDecimals: number = minDecimals): string {
  const key = `${minDecimals}:${maxDecimals}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat('it-IT', {
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: maxDecimals,
      useGrouping: 'always',
    });
    formats.set(key, format);
  }
  return format.format(value);
}

/** 1234567.5 → "1.234.567,50": euro, always two decimals (spec §5). */
export function formatAmount(value: number): string {
  return formatItalianNumber(value, 2);
}

/** 12.345 → "12,35 %". */
export function formatPercent(value: number): string {
  return `${formatItalianNumber(value, 2)} %`;
}

/** A number of a given kind as a box shows it once left: amounts and quantities "1.250,50", counts "6.500". */
export function formatItalianNumberOfKind(value: number, kind: ItalianNumberKind): string {
  return kind === 'integer' ? formatItalianNumber(value, 0) : formatItalianNumber(value, 2);
}

/** How many decimals a kind allows: two for amounts and quantities (spec §5), none for counts. */
export function decimalsOf(kind: ItalianNumberKind): number {
  return kind === 'integer' ? 0 : 2;
}

/** Rounds to cents, avoiding 0.1 + 0.2 artefacts in sums people read. */
export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}
