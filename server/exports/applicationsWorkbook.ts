import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { italianAcceptanceTime } from '../../domain/acceptanceTime.ts';
import { applicationStatusLabels, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import { isEvaluationOutcome } from '../../domain/evaluationProposal.ts';
import { domandaSignatureMessages } from '../../domain/messages/domandaSignature.ts';
import { evaluationMessages } from '../../domain/messages/evaluation.ts';
import { exportsMessages, type ExportSource } from '../../domain/messages/exports.ts';
import type { FundDefinition } from '../../domain/fundDefinition.ts';
import { ORGANIZATION_FIELDS } from '../../domain/organization.ts';
import { answerCell, answerFormat, answerHeaders } from './answerCells.ts';
import { DATE_TIME_FORMAT, formatCells, romeWallClock, TEXT_FORMAT, type CellValue } from './cells.ts';
import { createPacer, type Queue } from './pacing.ts';
import { loadWorkbookWriter } from './excel.ts';
import type { ReferenceNames } from './referenceNames.ts';

/** "06/12/2026 10:15:03,123456", on Italy's clock: sorts like the protocol numbers within a day. */
function acceptanceCell(acceptedAt: string): string {
  const { date, time } = italianAcceptanceTime(acceptedAt);
  return `${date} ${time}`;
}

export interface ExportRow {
  organization: { name: string; pIva: string; email: string | null };
  status: ApplicationStatusCode;
  submittedAt: Date | null;
  statusChangedAt: Date;
  /** The protocol number of the application's hand-over (its latest, after a reopening); null before one. */
  protocol: string | null;
  /** When the server accepted that hand-over, as PostgreSQL wrote it to the microsecond; null before one. */
  acceptedAt: string | null;
  warnings: string[];
  /** The submitted application, or the draft while there is none. */
  data: Record<string, unknown> | null;
  source: ExportSource | null;
  /** The signed Domanda's signers ("Nome Cognome (codice fiscale)") and when they signed (issue 43); null when unsigned. */
  signature: { signers: string; signingTime: Date | null } | null;
  /** The reviewers' handed-over evaluation (issue 44): proposed outcome, weighted score, when; null before its hand-over. */
  evaluation: { outcome: string | null; weightedScore: number | null; handedOverAt: Date } | null;
}

/**
 * Where exceljs's streaming writer hands a sheet's XML to its zip: archiver's input stream (readable-stream 2,
 * hence its `_writableState`). exceljs writes into it without waiting (its StreamBuf ignores backpressure), so
 * the pacer watches it: otherwise rows written faster than they are compressed would queue there, tens of MB for
 * a large export. Undefined if exceljs no longer works this way (tests/api/excelExport.test.ts checks it does).
 */
export function zipInputOf(sheet: object): Queue | undefined {
  const input = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as
    (EventEmitter & { _writableState?: { needDrain?: unknown } }) | undefined;
  const state = input?._writableState;
  if (typeof input?.on !== 'function' || typeof state?.needDrain !== 'boolean') return undefined;
  return {
    get full() {
      return state.needDrain === true;
    },
    events: input,
  };
}

/** A weighted score out of 100, with up to two decimals. */
const SCORE_FORMAT = '0.##';

/** What the list's columns are made from: the fund's steps and fields, in the wizard's order. */
export type ListedDefinition = Pick<FundDefinition<Record<string, unknown>>, 'steps' | 'fields'>;

/**
 * Streams "Lista-candidature-{fund}.xlsx": one row per application, the application's facts first (organisation,
 * P.IVA, status, protocol number, hand-over, signature), then one column per field of the fund's definition in the
 * wizard's order, headed by its Italian label, each answer written as the single application's workbook writes it
 * (answerCells.ts: names instead of ids, Sì / No, days as dates, euro amounts). The header row stays in view and
 * carries filters. Rows are fetched and written a batch at a time, so memory stays flat whatever the number of
 * applications: exceljs's streaming writer with inline strings (a shared-strings table would keep every distinct
 * text in memory until the end), each row committed as it is written, production paused while the client is not
 * reading, the event loop given back every few milliseconds.
 */
export async function writeApplicationsWorkbook(
  out: Writable,
  options: { sheets: readonly ListSheet[]; names: ReferenceNames },
): Promise<void> {
  const WorkbookWriter = await loadWorkbookWriter();
  const workbook = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = exportsMessages.creator;
  // One sheet after the other: the streaming writer keeps only the sheet being written.
  for (const listed of options.sheets) await writeSheet(workbook, listed, options.names, out);
  await workbook.commit();
}

/** One fund's applications as one sheet of the list workbook. */
export interface ListSheet {
  sheetName: string;
  definition: ListedDefinition | null;
  batches: AsyncIterable<ExportRow[]>;
}

async function writeSheet(
  workbook: InstanceType<Awaited<ReturnType<typeof loadWorkbookWriter>>>,
  options: ListSheet,
  names: ReferenceNames,
  out: Writable,
): Promise<void> {
  const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });

  const { facts } = exportsMessages;
  const fixed: { header: string; width: number; format?: string }[] = [
    { header: ORGANIZATION_FIELDS.name.exportTitle, width: 36 },
    { header: ORGANIZATION_FIELDS.pIva.exportTitle, width: 14 },
    { header: ORGANIZATION_FIELDS.email.exportTitle, width: 30 },
    { header: facts.status, width: 24 },
    { header: facts.protocol, width: 20 },
    // Text, not an Excel date: Excel keeps milliseconds at most, and a click day is ranked by microseconds.
    { header: facts.acceptedAt, width: 26, format: TEXT_FORMAT },
    { header: facts.submittedAt, width: 18, format: DATE_TIME_FORMAT },
    { header: facts.statusChangedAt, width: 22, format: DATE_TIME_FORMAT },
    { header: facts.warnings, width: 50 },
    { header: facts.source, width: 12 },
    { header: domandaSignatureMessages.signerColumn, width: 40 },
    { header: domandaSignatureMessages.signingTimeColumn, width: 20, format: DATE_TIME_FORMAT },
    { header: evaluationMessages.outcomeColumn, width: 18 },
    { header: evaluationMessages.scoreColumn, width: 16, format: SCORE_FORMAT },
    { header: evaluationMessages.handedOverColumn, width: 20, format: DATE_TIME_FORMAT },
  ];
  const fields = options.definition?.fields ?? [];
  const headers = options.definition ? answerHeaders(options.definition) : [];
  const answers = fields.map((field, index) => ({
    header: headers[index]!,
    width: field.kind === 'textarea' ? 40 : 24,
    format: answerFormat(field),
  }));
  const columns = [...fixed, ...answers];
  sheet.columns = columns.map((column, index) => ({ header: column.header, key: String(index), width: column.width }));
  const formats = columns.map((column) => column.format);
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.numFmt = TEXT_FORMAT;
  });
  header.commit();

  const pacer = createPacer(out, () => zipInputOf(sheet));
  let rows = 0;
  for await (const batch of options.batches) {
    for (const row of batch) {
      await pacer.pace();
      const values: CellValue[] = [
        row.organization.name,
        row.organization.pIva,
        row.organization.email,
        applicationStatusLabels[row.status],
        row.protocol,
        row.acceptedAt ? acceptanceCell(row.acceptedAt) : null,
        row.submittedAt ? romeWallClock(row.submittedAt) : null,
        romeWallClock(row.statusChangedAt),
        row.warnings.join('\n') || null,
        row.source,
        row.signature?.signers ?? null,
        row.signature?.signingTime ? romeWallClock(row.signature.signingTime) : null,
        isEvaluationOutcome(row.evaluation?.outcome) ? applicationStatusLabels[row.evaluation.outcome] : null,
        row.evaluation?.weightedScore ?? null,
        row.evaluation ? romeWallClock(row.evaluation.handedOverAt) : null,
        ...fields.map((field) => answerCell(field, row.data, names)),
      ];
      const added = sheet.addRow(values);
      formatCells(added, formats);
      added.commit();
      rows++;
    }
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows + 1, column: columns.length } };
  sheet.commit();
}
