/*
 * Plain constants and types, without zod: the browser's shell imports them on every first load. Their zod
 * schemas, for the server and the domain's payloads, are in applicationStatusSchemas.ts.
 */

import { FUND_REGISTRY, FUNDS, type Fund } from './funds.ts';

/**
 * The funds of the call (spec §1) and their codes are the table of funds (domain/funds.ts): the numeric
 * `compilazioneType` the spec's payloads use (spec §3, §9), the title, the controller.
 */
export { FUNDS, type Fund };

export const COMPILAZIONE_TYPE = Object.fromEntries(FUNDS.map((fund) => [fund, FUND_REGISTRY[fund].compilazioneType])) as {
  readonly [F in Fund]: (typeof FUND_REGISTRY)[F]['compilazioneType'];
};

/** The funds' names as people read them (spec §2: the wizards' titles). */
export const fundTitles = Object.fromEntries(FUNDS.map((fund) => [fund, FUND_REGISTRY[fund].title])) as Record<Fund, string>;

/**
 * The thirteen application statuses of spec §4, in the spec's order. The codes are stable (stored in the
 * database, sent by programs); the Italian labels are what people read and may be reworded.
 */
export const APPLICATION_STATUS_CODES = [
  'NON_AVVIATA',
  'APERTA',
  'CANDIDATURA_SOTTOMESSA',
  'IN_INTEGRAZIONE',
  'INTEGRAZIONE_SOTTOMESSA',
  'IN_VALUTAZIONE',
  'AMMISSIBILE',
  'RIFIUTATA',
  'ISTRUTTORIA_SOTTOMESSA',
  'DELIBERATA',
  'MONITORAGGIO_APERTO',
  'MONITORAGGIO_SOTTOMESSO',
  'MONITORAGGIO_CHIUSO',
] as const;
export type ApplicationStatusCode = (typeof APPLICATION_STATUS_CODES)[number];

/** The statuses an applicant reaches by handing something over: the application, integration documents, the review, a monitoring period. */
export const HAND_OVER_STATUSES = [
  'CANDIDATURA_SOTTOMESSA',
  'INTEGRAZIONE_SOTTOMESSA',
  'ISTRUTTORIA_SOTTOMESSA',
  'MONITORAGGIO_SOTTOMESSO',
] as const satisfies readonly ApplicationStatusCode[];

export const applicationStatusLabels = {
  NON_AVVIATA: 'Non avviata',
  APERTA: 'Aperta',
  CANDIDATURA_SOTTOMESSA: 'Candidatura Sottomessa',
  IN_INTEGRAZIONE: 'In integrazione',
  INTEGRAZIONE_SOTTOMESSA: 'Integrazione Sottomessa',
  IN_VALUTAZIONE: 'In valutazione',
  AMMISSIBILE: 'Ammissibile',
  RIFIUTATA: 'Rifiutata',
  ISTRUTTORIA_SOTTOMESSA: 'Istruttoria Sottomessa',
  DELIBERATA: 'Deliberata',
  MONITORAGGIO_APERTO: 'Monitoraggio Aperto',
  MONITORAGGIO_SOTTOMESSO: 'Monitoraggio Sottomesso',
  MONITORAGGIO_CHIUSO: 'Monitoraggio Chiuso',
} as const satisfies Record<ApplicationStatusCode, string>;
export type ApplicationStatusLabel = (typeof applicationStatusLabels)[ApplicationStatusCode];

export function statusLabel(code: ApplicationStatusCode): ApplicationStatusLabel {
  return applicationStatusLabels[code];
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('it');
const codeByNormalisedName = new Map<string, ApplicationStatusCode>(
  APPLICATION_STATUS_CODES.flatMap((code) => [
    [normalise(applicationStatusLabels[code]), code],
    [normalise(code), code],
  ]),
);

/**
 * A status as a client sends it: the Italian label the spec's clients use ('Integrazione Sottomessa', in any
 * case and spacing) or the stable code ('INTEGRAZIONE_SOTTOMESSA'). Undefined for anything else.
 */
export function parseApplicationStatus(text: string): ApplicationStatusCode | undefined {
  return codeByNormalisedName.get(normalise(text));
}

/** Position in the spec's order, for sorting by status. */
export function statusOrder(code: ApplicationStatusCode): number {
  return APPLICATION_STATUS_CODES.indexOf(code);
}

/** Who caused a status change, as recorded in the history. 'system' is the portal itself (demo data, migrations). */
export const STATUS_ACTOR_ROLES = ['applicant', 'admin', 'system'] as const;
export type StatusActorRole = (typeof STATUS_ACTOR_ROLES)[number];

/** The longest note a status change may carry. */
export const STATUS_NOTE_MAX_LENGTH = 1000;

/** An application id meaning "none exists yet" (spec §3). */
export const NO_APPLICATION_ID = '00000000-0000-0000-0000-000000000000';
