/**
 * The reports' addresses, apart from their texts: the browser's route tree validates `wid` and `rid` with these
 * on every page, so this file stays tiny and without zod (reportData.ts has the schema of `rid`) (the titles and readings load with the report pages only).
 * The workspace is the call (both funds); each report has a stable id.
 */
export const REPORT_WORKSPACE_ID = 'fondi-tematici';

export const REPORT_IDS = ['stato-candidature', 'importi', 'territorio', 'flusso-istruttoria', 'monitoraggio'] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** A real calendar day, YYYY-MM-DD (2026-02-31 is not). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
