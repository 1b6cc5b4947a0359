import type { FundDefinition } from '../../domain/fundDefinition.ts';
import { exportsMessages as m } from '../../domain/messages/exports.ts';
import { readPath, type FieldSpec } from '../../domain/wizardFields.ts';
import { AMOUNT_FORMAT, cellValueOf, DATE_FORMAT, DECIMAL_FORMAT, INTEGER_FORMAT, PERCENT_FORMAT, type CellValue } from './cells.ts';
import type { ReferenceNames } from './referenceNames.ts';

/**
 * How the portal's workbooks write an application's answers, field by field of the fund's definition: the one
 * way shared by the single application's workbook (a row per field) and the administrators' list (a column per
 * field).
 */

type Definition = Pick<FundDefinition<Record<string, unknown>>, 'steps' | 'fields'>;

/** A calendar day 'YYYY-MM-DD' as a spreadsheet date (no time zone: the day as written). */
function calendarDay(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

/**
 * An answer as a person reads it: the chosen options' names (fixed options, or the reference list the field's
 * `source` names; several joined with "; "), Sì / No, a date, the number or the text.
 */
export function answerCell(field: FieldSpec, values: unknown, names?: ReferenceNames): CellValue {
  const value = readPath(values, field.name);
  if (field.kind === 'date' || field.display === 'date') return calendarDay(value) ?? cellValueOf(value);
  if (field.kind === 'yesNo') {
    if (value === (field.answers?.yes ?? 'SI')) return m.yes;
    if (value === (field.answers?.no ?? 'NO')) return m.no;
    return cellValueOf(value);
  }
  if (field.options) {
    const nameOf = (id: unknown) => field.options!.find((option) => String(option.id) === String(id))?.name ?? id;
    return cellValueOf(Array.isArray(value) ? value.map(nameOf) : value === null || value === '' ? value : nameOf(value));
  }
  if (field.source && names) {
    const source = field.source;
    const nameOf = (id: unknown) => names(source, id) ?? id;
    return cellValueOf(Array.isArray(value) ? value.map(nameOf) : value === null || value === '' ? value : nameOf(value));
  }
  return cellValueOf(value);
}

/** The number format of a field's answer: euro for amounts, the Italian day for dates, percentages as shown. */
export function answerFormat(field: FieldSpec): string | undefined {
  if (field.kind === 'date' || field.display === 'date') return DATE_FORMAT;
  if (field.kind === 'amount' || field.display === 'amount') return AMOUNT_FORMAT;
  if (field.display === 'percent') return PERCENT_FORMAT;
  if (field.kind === 'decimal') return DECIMAL_FORMAT;
  if (field.kind === 'integer') return INTEGER_FORMAT;
  return undefined;
}

/** Where a field sits, as the wizard shows it: "Valutazione d'Impatto — Mobilità sostenibile". */
export function placeOf(definition: Definition, field: FieldSpec): string {
  const step = definition.steps.find((candidate) => candidate.id === field.step)?.title ?? field.step;
  return field.section ? `${step} — ${field.section}` : step;
}

/**
 * Each field's column header in the list: its Italian label, or, where several fields share it (every indicator's
 * "Note"), the label after its section (or step): "Housing — Note".
 */
export function answerHeaders(definition: Definition): string[] {
  const count = new Map<string, number>();
  for (const field of definition.fields) count.set(field.label, (count.get(field.label) ?? 0) + 1);
  return definition.fields.map((field) => {
    if (count.get(field.label) === 1) return field.label;
    const where = field.section ?? definition.steps.find((candidate) => candidate.id === field.step)?.title ?? field.step;
    return `${where} — ${field.label}`;
  });
}
