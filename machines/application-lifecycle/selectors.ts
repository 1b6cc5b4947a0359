import { statusLabel, type ApplicationStatusCode, type ApplicationStatusLabel } from '../../domain/applicationStatus.ts';
import { callPhase, type CallPhase, type CallWindow } from '../../domain/callWindow.ts';
import { LIFECYCLE_EVENT_TYPES, lifecycleSnapshotAt, statusAfter, statusHasTag } from './transitions.ts';
import type { ApplicationLifecycleEventType } from './types.ts';

/** What the applicant's fund card on /calls shows for an application in `status` (spec §4, User card). */
export interface FundCardView {
  /**
   * Candidati · Compila · Visualizza · Visualizza domanda (with review/monitoring) · Vai agli allegati; null for an
   * application never started while its call is not open (nothing to fill in, nothing to read).
   */
  application: 'candidati' | 'compila' | 'visualizza' | 'visualizzaDomanda' | 'vaiAgliAllegati' | null;
  /** Review section: 'compila' (Compila istruttoria), 'visualizza' (read-only) or absent. */
  review: 'compila' | 'visualizza' | null;
  /** Monitoring section: 'compila' (Monitora il tuo progetto), 'visualizza' (read-only) or absent. */
  monitoring: 'compila' | 'visualizza' | null;
}

export function fundCardView(status: ApplicationStatusCode, draftPhase: CallPhase = 'open'): FundCardView {
  const snapshot = lifecycleSnapshotAt(status);
  // Outside the call's window a draft can be read, not filled in (issue 44).
  const writable = draftPhase === 'open';
  if (snapshot.matches('NON_AVVIATA')) return { application: writable ? 'candidati' : null, review: null, monitoring: null };
  if (snapshot.hasTag('editable')) return { application: writable ? 'compila' : 'visualizza', review: null, monitoring: null };
  if (snapshot.can({ type: 'applicant.integration.complete' })) return { application: 'vaiAgliAllegati', review: null, monitoring: null };
  if (snapshot.hasTag('monitoring')) {
    return {
      application: 'visualizzaDomanda',
      review: 'visualizza',
      monitoring: snapshot.can({ type: surveySubmitEvent.monitoring }) ? 'compila' : 'visualizza',
    };
  }
  if (snapshot.hasTag('review')) {
    return {
      application: 'visualizzaDomanda',
      review: snapshot.can({ type: surveySubmitEvent.review }) ? 'compila' : 'visualizza',
      monitoring: null,
    };
  }
  return { application: 'visualizza', review: null, monitoring: null };
}

/**
 * Where a draft stands against its call's window (issue 44): before the opening or from the closing time on, a draft
 * never handed over can be read but not changed or handed over. An application handed over before (past the draft,
 * or reopened by the administrators) is not held to the window: 'open'.
 */
export function draftWindowPhase(
  call: CallWindow,
  application: { statusCode: ApplicationStatusCode; submittedAt: string | null } | undefined,
  now: Date,
): CallPhase {
  if (application && (application.submittedAt !== null || !statusHasTag(application.statusCode, 'editable'))) return 'open';
  return callPhase(call, now);
}

/**
 * The label (the domain's catalogue of statuses, spec §4) of the status each event leads to: what a hand-over
 * sends as `status` to Update…CompilazioneStatus ('Integrazione Sottomessa', 'Istruttoria Sottomessa', …).
 */
export const statusLabelAfter = Object.fromEntries(
  LIFECYCLE_EVENT_TYPES.map((event) => [event, statusLabel(statusAfter(event))]),
) as Record<ApplicationLifecycleEventType, ApplicationStatusLabel>;

/** Spec §4 Integration: the applicant adds documents and completes the integration while the machine accepts it (In integrazione). */
export function isIntegrationOpen(status: ApplicationStatusCode): boolean {
  return lifecycleSnapshotAt(status).can({ type: 'applicant.integration.complete' });
}

/** The survey wizard's two stages: the review (istruttoria) and a monitoring period. */
export type SurveyStage = 'review' | 'monitoring';

/** The applicant's event that hands each stage's surveys over. */
export const surveySubmitEvent = {
  review: 'applicant.review.submit',
  monitoring: 'applicant.monitoring.submit',
} as const satisfies Record<SurveyStage, ApplicationLifecycleEventType>;

/** The stage's answers may change (server and client): exactly while the machine accepts the hand-over. */
export function isSurveyOpen(status: ApplicationStatusCode, stage: SurveyStage): boolean {
  return lifecycleSnapshotAt(status).can({ type: surveySubmitEvent[stage] });
}

/** How a person sees the survey wizard: answering, reading, or as the admin (reading, with the admin's links). */
export type SurveyAccess = 'edit' | 'readOnly' | 'admin';

/**
 * Spec §2 Survey wizard: the admin reads; the applicant answers while the stage is open (a monitoring period
 * only while it is the current one and not handed over) unless the page was opened read-only ("Visualizza").
 */
export function surveyAccess(
  status: ApplicationStatusCode,
  options: {
    stage: SurveyStage;
    viewer: 'applicant' | 'admin';
    readOnly: boolean;
    /** Monitoring: the period shown, when there is one. */
    period?: { current: boolean; compilata: boolean } | undefined;
  },
): SurveyAccess {
  if (options.viewer === 'admin') return 'admin';
  const { period } = options;
  const periodOpen = options.stage === 'review' || (period !== undefined && period.current && !period.compilata);
  return !options.readOnly && periodOpen && isSurveyOpen(status, options.stage) ? 'edit' : 'readOnly';
}
