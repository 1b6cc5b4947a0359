import type ExcelJS from 'exceljs';
import { exportsMessages } from '../../domain/messages/exports.ts';

/**
 * How the portal's spreadsheets write a value: text as text (with the text format, so a cell starting with =, +,
 * -, @ is shown as typed and never evaluated, even once edited), numbers as numbers, moments as Italian
 * wall-clock dates. Shared by the list export and the single application's export.
 */

export const TEXT_FORMAT = '@';
export const DATE_TIME_FORMAT = 'dd/mm/yyyy hh:mm';
export const DATE_FORMAT = 'dd/mm/yyyy';

const romeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Spreadsheet dates have no time zone: write the wall-clock time in Italy. */
export function romeWallClock(date: Date): Date {
  const parts = Object.fromEntries(romeParts.formatToParts(date).map((p) => [p.type, p.value]));
  return new Date(Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!));
}

export type CellValue = string | number | Date | null;

/** Any stored value as a cell: empty as blank, booleans as Sì / No, lists joined, objects as JSON text. */
export function cellValueOf(value: unknown): CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? exportsMessages.yes : exportsMessages.no;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.join(', ');
  return JSON.stringify(value);
}

/** Text cells get the text format, dates the date format (with the time unless `dateOnly`). */
export function formatCells(row: ExcelJS.Row, dateFormat: string = DATE_TIME_FORMAT): void {
  row.eachCell((cell) => {
    if (typeof cell.value === 'string') cell.numFmt = TEXT_FORMAT;
    else if (cell.value instanceof Date) cell.numFmt = dateFormat;
  });
}
