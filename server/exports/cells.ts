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
export const AMOUNT_FORMAT = '#,##0.00 "\u20ac"';
export const DECIMAL_FORMAT = '#,##0.00';
export const INTEGER_FORMAT = '#,##0';
/** A share held as a percentage (40 is 40 %), not as Excel's fraction. */
export const PERCENT_FORMAT = '0.00" %"';

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

/** Any stored value as a cell: empty as blank, booleans as Sì / No, lists joined with "; ", objects as JSON text. */
export function cellValueOf(value: unknown): CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? exportsMessages.yes : exportsMessages.no;
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.join('; ');
  return JSON.stringify(value);
}

/**
 * Text cells get the text format; dates and numbers their column's format (`formats[0]` is column A), a date
 * without one the date and time.
 */
export function formatCells(row: ExcelJS.Row, formats: readonly (string | undefined)[] = []): void {
  row.eachCell((cell, column) => {
    const format = formats[column - 1];
    if (typeof cell.value === 'string') cell.numFmt = TEXT_FORMAT;
    else if (cell.value instanceof Date) cell.numFmt = format ?? DATE_TIME_FORMAT;
    else if (typeof cell.value === 'number' && format) cell.numFmt = format;
  });
}
