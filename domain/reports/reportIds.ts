/**
 * The reports' addresses, apart from their texts: the browser's route tree validates `wid` and `rid` with these
 * on every page, so this file stays tiny and without zod (reportData.ts has the schema of `rid`) (the titles and readings load with the report pages only).
 * The workspace is the call (both funds); each report has a stable id.
 */
export const REPORT_WORKSPACE_ID = 'fondi-tematici';

export const REPORT_IDS = ['stato-candidature', 'importi', 'territorio', 'flusso-istruttoria', 'monitoraggio'] as const;
export type ReportId = (typeof REPORT_IDS)[number];
