/**
 * The Italian personal fiscal code (codice fiscale) as the Agenzia delle Entrate defines it: 16 characters — surname
 * (3 letters), name (3), year (2 digits), month (a letter of ABCDEHLMPRST), day (2 digits, plus 40 for women),
 * place (a letter and 3 digits), check character. When two people would get the same code (omocodia), digits of the
 * year, day and place are replaced, right to left, by the letters LMNPQRSTUV (0–9), and the check character is worked
 * out again. SPID and CIE send it as `TINIT-<code>` (the `fiscal_number` claim), as qualified certificates do.
 *
 * Pure: no zod here, so the welcome page and the shell can read it; the schemas that use it live with their entity.
 */
export const FISCAL_CODE_LENGTH = 16;

const OMOCODIA_LETTERS = 'LMNPQRSTUV';
const MONTH_LETTERS = 'ABCDEHLMPRST';
/** Positions (0-based) that hold digits, or their omocodia letters. */
const DIGIT_POSITIONS = [6, 7, 9, 10, 12, 13, 14];
const SHAPE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** The value a character at an odd position (1st, 3rd, … 15th) adds to the sum: 0–9 as A–J. */
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** 0–9 and A–Z as 0–25 (digits read as the letters A–J), the index into ODD_VALUES and an even position's value. */
function ordinal(char: string): number {
  const code = char.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 65;
}

/** The check character of the first 15 characters. */
export function fiscalCodeCheckCharacter(first15: string): string {
  let sum = 0;
  for (let at = 0; at < 15; at++) {
    const value = ordinal(first15[at]!);
    sum += at % 2 === 0 ? ODD_VALUES[value]! : value;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** The code as a person may type or a provider send it: spaces gone, upper case, without the `TINIT-` prefix. */
export function normaliseFiscalCode(value: string): string {
  return value
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/^TINIT-/, '');
}

/** A person's code in a form's box, key by key: upper case as typed, spaces dropped, 16 characters at most. */
export function fiscalCodeAsTyped(value: string): string {
  return value.toUpperCase().replace(/\s+/g, '').slice(0, FISCAL_CODE_LENGTH);
}

/** The code with its omocodia letters turned back into digits (the birth date and place as first assigned). */
function withDigits(code: string): string {
  const chars = [...code];
  for (const at of DIGIT_POSITIONS) {
    const omocodia = OMOCODIA_LETTERS.indexOf(chars[at]!);
    if (omocodia >= 0) chars[at] = String(omocodia);
  }
  return chars.join('');
}

export type FiscalCodeProblem = 'length' | 'shape' | 'date' | 'check';

/** What is wrong with a (normalised) personal fiscal code, or null if it is one. */
export function fiscalCodeProblem(code: string): FiscalCodeProblem | null {
  if (code.length !== FISCAL_CODE_LENGTH) return 'length';
  if (!SHAPE.test(code)) return 'shape';
  const plain = withDigits(code);
  const month = MONTH_LETTERS.indexOf(plain[8]!);
  const dayOfMonth = Number(plain.slice(9, 11)) % 40;
  const daysIn = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month]!;
  if (dayOfMonth < 1 || dayOfMonth > daysIn || Number(plain.slice(9, 11)) > 71) return 'date';
  if (fiscalCodeCheckCharacter(code.slice(0, 15)) !== code[15]) return 'check';
  return null;
}

export const isValidFiscalCode = (value: string): boolean => fiscalCodeProblem(normaliseFiscalCode(value)) === null;
