import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded by the first Excel the server writes rather than at start: most processes never write one,
 * and the library holds about 12 MB of the resident set once loaded (tests/bench/heavy-exports.bench.ts
 * prints the server's memory at rest). Node keeps the module: later calls only resolve it.
 */
export async function loadExcelJS(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
