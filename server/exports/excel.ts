import type { stream } from 'exceljs';

type WorkbookWriter = typeof stream.xlsx.WorkbookWriter;

/**
 * exceljs's streaming workbook writer, the only part of exceljs the server uses, loaded by the first Excel the
 * server writes rather than at start: most processes never write one. Only the writer's own module is loaded
 * (about 6 MB of the resident set) instead of the package's entry, which also loads the in-memory workbook,
 * the readers and CSV (about 17 MB). Node keeps the module: later calls only resolve it.
 */
export async function loadWorkbookWriter(): Promise<WorkbookWriter> {
  return (await import('exceljs/lib/stream/xlsx/workbook-writer.js')).default;
}
