import type { ApplicationStatusCode } from './applicationStatus.ts';

/**
 * The statuses the organisation's members are told of by e-mail, each once per change: the four
 * hand-overs, and every decision of the reviewers. Aperta and Non avviata are the applicant's own work in
 * progress, not news. Monitoraggio Aperto is told too, by the monitoring job's "opened" reminder
 * (server/monitoring/reminders.ts), which is sent once per period opened: it is not recorded here again.
 */
export const STATUS_MAIL_STATUSES = [
  'CANDIDATURA_SOTTOMESSA',
  'INTEGRAZIONE_SOTTOMESSA',
  'ISTRUTTORIA_SOTTOMESSA',
  'MONITORAGGIO_SOTTOMESSO',
  'IN_VALUTAZIONE',
  'AMMISSIBILE',
  'RIFIUTATA',
  'IN_INTEGRAZIONE',
  'DELIBERATA',
  'MONITORAGGIO_CHIUSO',
] as const satisfies readonly ApplicationStatusCode[];
export type StatusMailStatus = (typeof STATUS_MAIL_STATUSES)[number];

export function isStatusMailStatus(status: ApplicationStatusCode): status is StatusMailStatus {
  return (STATUS_MAIL_STATUSES as readonly ApplicationStatusCode[]).includes(status);
}

/**
 * The statuses the applicant is told about, by the status e-mail or by the monitoring reminder: on the fund
 * card's history these show the reviewers' note. The others (Aperta, Non avviata) are internal steps.
 */
export function isToldToApplicant(status: ApplicationStatusCode): boolean {
  return isStatusMailStatus(status) || status === 'MONITORAGGIO_APERTO';
}
