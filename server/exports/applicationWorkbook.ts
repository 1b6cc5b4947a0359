import type { Writable } from 'node:stream';
import { applicationStatusLabels, type ApplicationStatusCode, type Fund } from '../../domain/applicationStatus.ts';
import type { FundDefinition } from '../../domain/fundDefinition.ts';
import { exportsMessages as m, type ExportSource } from '../../domain/messages/exports.ts';
import { readPath, type FieldSpec } from '../../domain/wizardFields.ts';
import { cellValueOf, DATE_FORMAT, formatCells, romeWallClock, type CellValue } from './cells.ts';
import type { ReferenceNames } from './referenceNames.ts';
import { loadWorkbookWriter } from './excel.ts';

export interface ApplicationExport {
  fund: Fund;
  organization: { name: string; pIva: string };
  status: ApplicationStatusCode;
  submittedAt: Date | null;
  statusChangedAt: Date;
  warnings: string[];
  /** The submitted application, or the draft while there is none. */
  data: Record<string, unknown> | null;
  source: ExportSource | null;
}

/** A calendar day 'YYYY-MM-DD' as a spreadsheet date (no time zone: the day as written). */
function calendarDay(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

/**
 * An answer as a person reads it: the chosen options' names (fixed options, or the reference list the field's
 * `source` names), Sì / No, a date, the number or the text.
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

/** Where a field sits, as the wizard shows it: "Valutazione d'Impatto — Mobilità sostenibile". */
function placeOf(definition: FundDefinition<Record<string, unknown>>, field: FieldSpec): string {
  const step = definition.steps.find((candidate) => candidate.id === field.step)?.title ?? field.step;
  return field.section ? `${step} — ${field.section}` : step;
}

/**
 * Streams "Candidatura{Tur|Pui}-{orgName}.xlsx" (spec §9): the application's facts on top, then one row per field
 * of the fund's definition in the wizard's order — where it sits, its Italian label, the answer, the spec's
 * field name. Answers chosen from reference lists show their Italian names (`names`), as the wizard does. Text
 * is written as text, so nothing an applicant typed is ever evaluated as a formula.
 */
export async function writeApplicationWorkbook(
  out: Writable,
  definition: FundDefinition<Record<string, unknown>>,
  application: ApplicationExport,
  names: ReferenceNames,
): Promise<void> {
  const WorkbookWriter = await loadWorkbookWriter();
  const workbook = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  workbook.creator = m.creator;
  const sheet = workbook.addWorksheet(m.applicationSheet(application.fund));
  sheet.columns = [{ width: 44 }, { width: 56 }, { width: 60 }, { width: 36 }];

  const facts: [string, CellValue][] = [
    [m.facts.organization, application.organization.name],
    [m.facts.pIva, application.organization.pIva],
    [m.facts.fund, application.fund],
    [m.facts.status, applicationStatusLabels[application.status]],
    [m.facts.submittedAt, application.submittedAt ? romeWallClock(application.submittedAt) : null],
    [m.facts.statusChangedAt, romeWallClock(application.statusChangedAt)],
    [m.facts.source, application.source],
    [m.facts.warnings, application.warnings.join('\n') || null],
  ];
  for (const [label, value] of facts) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    formatCells(row);
    row.commit();
  }
  sheet.addRow([]).commit();

  const header = sheet.addRow([m.fieldColumns.place, m.fieldColumns.label, m.fieldColumns.value, m.fieldColumns.name]);
  header.font = { bold: true };
  formatCells(header);
  header.commit();
  for (const field of definition.fields) {
    const row = sheet.addRow([placeOf(definition, field), field.label, answerCell(field, application.data, names), field.name]);
    formatCells(row, DATE_FORMAT);
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}
