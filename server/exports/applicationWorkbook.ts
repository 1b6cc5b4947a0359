import type { Writable } from 'node:stream';
import { applicationStatusLabels, type ApplicationStatusCode, type Fund } from '../../domain/applicationStatus.ts';
import type { FundDefinition } from '../../domain/fundDefinition.ts';
import { exportsMessages as m, type ExportSource } from '../../domain/messages/exports.ts';
import { ORGANIZATION_FIELDS } from '../../domain/organization.ts';
import { answerCell, answerFormat, placeOf } from './answerCells.ts';
import { formatCells, romeWallClock, type CellValue } from './cells.ts';
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
    [ORGANIZATION_FIELDS.name.exportTitle, application.organization.name],
    [ORGANIZATION_FIELDS.pIva.exportTitle, application.organization.pIva],
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
    formatCells(row, [undefined, undefined, answerFormat(field)]);
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}
