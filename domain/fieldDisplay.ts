import { formatItalianDate } from './italianDates.ts';
import { formatAmount, formatItalianNumber, formatPercent } from './italianNumbers.ts';
import { applicationFormMessages } from './messages/applicationForm.ts';
import type { FieldOption, FieldSpec } from './wizardFields.ts';

const form = applicationFormMessages;

/**
 * Where the names of a field's choices come from: the list the view loaded, or (on the server, which holds every
 * reference list) a lookup by the field's `source` and the stored id. A field's own `options` always win.
 */
export type ChoiceNames = readonly FieldOption[] | ((source: string, id: unknown) => string | undefined);

const isIsoDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

function formatNumber(value: number, display: FieldSpec['display']): string {
  if (display === 'percent') return formatPercent(value);
  if (display === 'amount') return formatAmount(value);
  return String(value);
}

/** The name of a chosen option, or the raw value when the list does not (yet) hold it. */
function optionName(value: unknown, field: FieldSpec, choices: ChoiceNames | undefined): string {
  const list = field.options ?? choices;
  if (typeof list === 'function') return (field.source === undefined ? undefined : list(field.source, value)) ?? String(value);
  return list?.find((option) => option.id === value)?.name ?? String(value);
}

function plainText(field: FieldSpec, value: unknown, choices: ChoiceNames | undefined): string {
  if (field.kind === 'computed' || field.derived) {
    // A derived choice (the PUI's region, from the city) is shown by its name, like one chosen.
    if (field.kind === 'select') return optionName(value, field, choices);
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
      return optionName(value, field, choices);
    case 'multiselect':
      return Array.isArray(value) ? value.map((item) => optionName(item, field, choices)).join('\n') : '';
    default:
      return String(value);
  }
}

/** The unit written after a number: the field's own, or the euro of a computed amount. */
function unitOf(field: FieldSpec): string | undefined {
  return field.unit ?? (field.display === 'amount' ? '\u20ac' : undefined);
}

/**
 * A field's value as a person reads it where it cannot be typed (computed and derived fields, the read-only
 * view, the Domanda the legal representative signs): amounts "1.234,50", percentages "40,00 %", dates
 * "28/02/2026", Sì / No, choices by name, several choices one per line; '' when empty. With `withUnit`, a number
 * carries its unit as the wizard shows it beside the box: "1.234,50 €", "6 mesi", "250 m".
 */
export function fieldDisplayText(
  field: FieldSpec,
  value: unknown,
  choices?: ChoiceNames,
  { withUnit = false }: { withUnit?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const text = plainText(field, value, choices);
  const unit = withUnit && typeof value === 'number' && text !== '' ? unitOf(field) : undefined;
  return unit ? `${text} ${unit}` : text;
}
