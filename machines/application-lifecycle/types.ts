import type { ApplicationStatusCode } from '../../domain/applicationStatus.ts';

/**
 * What can happen to an application. The first segment of each event type says who may cause it:
 * `applicant.*` a member of the applying organisation, `admin.*` a platform administrator. Each event leads
 * to exactly one status, whatever the status it leaves (checked when the module loads).
 */
export type ApplicationLifecycleEvent =
  /** Every autosave of the draft (each wizard step change): the application is Aperta. */
  | { type: 'applicant.draft.autosave' }
  /** Invia candidatura. */
  | { type: 'applicant.application.submit' }
  /** Completa integrazione: irreversible. */
  | { type: 'applicant.integration.complete' }
  /** Submit of the review (istruttoria) survey. */
  | { type: 'applicant.review.submit' }
  /** Submit of the survey in monitoring mode. */
  | { type: 'applicant.monitoring.submit' }
  /** Admin table (spec §4): back to Aperta, so the applicant can edit and submit again. */
  | { type: 'admin.reopen' }
  /** Admin table: In valutazione. */
  | { type: 'admin.evaluate' }
  /** Admin table: In integrazione (supplementary attachments requested). */
  | { type: 'admin.integration.request' }
  /** Admin table: Ammissibile. */
  | { type: 'admin.admit' }
  /** Admin table: Rifiutata. */
  | { type: 'admin.reject' }
  /** Admin table: Deliberata. */
  | { type: 'admin.deliberate' }
  /** Not in the spec's table: opens (or reopens) the monitoring stage. */
  | { type: 'admin.monitoring.open' }
  /** Not in the spec's table: closes the monitoring stage. */
  | { type: 'admin.monitoring.close' };

export type ApplicationLifecycleEventType = ApplicationLifecycleEvent['type'];

/** Who causes a lifecycle event: the first segment of its type. */
export type LifecycleRole = 'applicant' | 'admin';

/** What the client's status dialog and the server's refusal need to know about one possible change. */
export interface LifecycleTransition {
  from: ApplicationStatusCode;
  event: ApplicationLifecycleEventType;
  role: LifecycleRole;
  to: ApplicationStatusCode;
}
