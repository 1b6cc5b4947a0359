import type { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import { applicationStatusLabels, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import { domandaSignatureMessages } from '../../domain/messages/domandaSignature.ts';
import { exportsMessages, type ExportSource } from '../../domain/messages/exports.ts';
import { cellValueOf, formatCells, romeWallClock, TEXT_FORMAT, type CellValue } from './cells.ts';
import { createPacer, type Queue } from './pacing.ts';
import { loadWorkbookWriter } from './excel.ts';

export interface ExportRow {
  organization: { name: string; pIva: string; email: string | null };
  status: ApplicationStatusCode;
  submittedAt: Date | null;
  statusChangedAt: Date;
  warnings: string[];
  /** The submitted application, or the draft while there is none. */
  data: Record<string, unknown> | null;
  source: ExportSource | null;
  /** The signed Domanda's signers ("Nome Cognome (codice fiscale)") and when they signed (issue 43); null when unsigned. */
  signature: { signers: string; signingTime: Date | null } | null;
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

/**
 * Streams "Lista-candidature-{fund}.xlsx": one row per application, fixed columns first, then one column per
 * field of the application's data (the spec's field names). Rows are fetched and written a batch at a time,
 * so memory stays flat whatever the number of applications: exceljs's streaming writer with inline strings (a
 * shared-strings table would keep every distinct text in memory until the end), each row committed as it is
 * written, production paused while the client is not reading, the event loop given back every few milliseconds.
 */
export async function writeApplicationsWorkbook(
  out: Writable,
  options: { sheetName: string; dataKeys: string[]; batches: AsyncIterable<ExportRow[]> },
): Promise<void> {
  const WorkbookWriter = await loadWorkbookWriter();
  const workbook = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = exportsMessages.creator;
  const sheet = workbook.addWorksheet(options.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });

  const { facts } = exportsMessages;
  const fixed = [
    facts.organization,
    facts.pIva,
    facts.email,
    facts.status,
    facts.submittedAt,
    facts.statusChangedAt,
    facts.warnings,
    facts.source,
    domandaSignatureMessages.signerColumn,
    domandaSignatureMessages.signingTimeColumn,
  ];
  sheet.columns = [...fixed, ...options.dataKeys].map((header, index) => ({
    header,
    key: String(index),
    width: index < fixed.length ? [36, 14, 30, 24, 18, 22, 50, 12, 40, 20][index] : 22,
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.numFmt = TEXT_FORMAT;
  });
  header.commit();

  const pacer = createPacer(out, () => zipInputOf(sheet));
  for await (const batch of options.batches) {
    for (const row of batch) {
      await pacer.pace();
      const values: CellValue[] = [
        row.organization.name,
        row.organization.pIva,
        row.organization.email,
        applicationStatusLabels[row.status],
        row.submittedAt ? romeWallClock(row.submittedAt) : null,
        romeWallClock(row.statusChangedAt),
        row.warnings.join('\n') || null,
        row.source,
        row.signature?.signers ?? null,
        row.signature?.signingTime ? romeWallClock(row.signature.signingTime) : null,
        ...options.dataKeys.map((key) => cellValueOf(row.data?.[key])),
      ];
      const added = sheet.addRow(values);
      formatCells(added);
      added.commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}
