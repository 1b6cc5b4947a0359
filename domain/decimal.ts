/**
 * Numbers as people type and read them in the application wizards (spec §5: "numeric inputs accept only
 * digits, with a single comma or dot as decimal; amounts have 2 decimals with comma separator").
 */

/**
 * What a numeric box keeps of what was typed or pasted: digits and at most one decimal separator (comma or
 * dot, kept as typed), at most `decimals` digits after it; `decimals` 0 keeps digits only. Everything else is
 * simply not inserted. A pasted Italian figure keeps its value: dots are thousands separators when there is a
 * comma or more than one dot ("1.234.567,89" → "1234567,89").
 */
export function keepDecimalInput(typed: string, decimals: number): string {
  const dots = typed.split('.').length - 1;
  const source = typed.includes(',') || dots > 1 ? typed.replaceAll('.', '') : typed;
  let result = '';
  let separatorAt = -1;
  for (const char of source) {
    if (char >= '0' && char <= '9') {
      if (separatorAt >= 0 && result.length - separatorAt > decimals) continue;
      result += char;
    } else if ((char === ',' || char === '.') && separatorAt < 0 && decimals > 0) {
      separatorAt = result.length;
      result += char;
    }
  }
  return result;
}

/** "1234,56" or "1234.56" → 1234.56; empty or unreadable → null. */
export function parseDecimalInput(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+([.,]\d*)?$|^[.,]\d+$/.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

// 'always': Italian CLDR data groups only from five digits ("1234,50"); amounts read "1.234,50" (spec §5).
const amountFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
const percentFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });

/** 1234567.5 → "1.234.567,50" (it-IT, two decimals). */
export function formatAmount(value: number): string {
  return amountFormat.format(value);
}

/** 12.345 → "12,35 %". */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)} %`;
}

/** A stored number as the box shows it while editing: 1234.5 → "1234,5" (no grouping, comma). */
export function decimalInputText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return String(value).replace('.', ',');
}

/** Rounds to cents, avoiding 0.1 + 0.2 artefacts in sums people read. */
export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}
