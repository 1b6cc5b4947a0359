import { formatItalianDate } from '../../../domain/italianDates.ts';
import { formatAmount, formatItalianNumber, formatPercent } from '../../../domain/italianNumbers.ts';
import { applicationFormMessages } from '../../../domain/messages/applicationForm.ts';
import type { FieldOption, FieldSpec } from '../../../domain/wizardFields.ts';

const form = applicationFormMessages;

const isIsoDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

function formatNumber(value: number, display: FieldSpec['display']): string {
  if (display === 'percent') return formatPercent(value);
  if (display === 'amount') return formatAmount(value);
  return String(value);
}

/** The name of a chosen option, or the raw value when the list does not (yet) hold it. */
function optionName(value: unknown, choices: readonly FieldOption[] | undefined): string {
  return choices?.find((option) => option.id === value)?.name ?? String(value);
}

/**
 * A field's value as a person reads it where it cannot be typed (computed and derived fields, the read-only
 * view): amounts "1.234,50", percentages "40,00 %", dates "28/02/2026", choices by name; '' when empty.
 */
export function fieldDisplayText(field: FieldSpec, value: unknown, choices?: readonly FieldOption[]): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.kind === 'computed' || field.derived) {
    if (typeof value === 'number') return formatNumber(value, field.display ?? 'text');
    if (field.display === 'date' && isIsoDate(value)) return formatItalianDate(value);
    return String(value);
  }
  switch (field.kind) {
    case 'amount':
    case 'decimal':
      return typeof value === 'number' ? formatAmount(value) : String(value);
    case 'integer':
      return typeof value === 'number' ? formatItalianNumber(value, 0) : String(value);
    case 'date':
      return isIsoDate(value) ? formatItalianDate(value) : String(value);
    case 'boolean':
      return value === true ? form.yes : value === false ? form.no : '';
    case 'yesNo': {
      // Stored as the contract has it ('SI'/'NO', or TUR's 'true'/'false'); read as people say it.
      const { yes, no } = field.answers ?? { yes: 'SI', no: 'NO' };
      return value === yes ? form.yes : value === no ? form.no : '';
    }
    case 'select':
      return optionName(value, choices);
    case 'multiselect':
      return Array.isArray(value) ? value.map((item) => optionName(item, choices)).join('\n') : '';
    default:
      return String(value);
  }
}
