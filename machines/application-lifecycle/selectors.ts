import type { ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import { lifecycleSnapshotAt } from './transitions.ts';

/** What the applicant's fund card on /calls shows for an application in `status` (spec §4, User card). */
export interface FundCardView {
  /** Candidati · Compila · Visualizza · Visualizza domanda (with review/monitoring) · Vai agli allegati. */
  application: 'candidati' | 'compila' | 'visualizza' | 'visualizzaDomanda' | 'vaiAgliAllegati';
  /** Review section: 'compila' (Compila istruttoria), 'visualizza' (read-only) or absent. */
  review: 'compila' | 'visualizza' | null;
  /** Monitoring section: 'compila' (Monitora il tuo progetto), 'visualizza' (read-only) or absent. */
  monitoring: 'compila' | 'visualizza' | null;
}

export function fundCardView(status: ApplicationStatusCode): FundCardView {
  const snapshot = lifecycleSnapshotAt(status);
  if (snapshot.matches('NON_AVVIATA')) return { application: 'candidati', review: null, monitoring: null };
  if (snapshot.hasTag('editable')) return { application: 'compila', review: null, monitoring: null };
  if (snapshot.can({ type: 'applicant.integration.complete' })) return { application: 'vaiAgliAllegati', review: null, monitoring: null };
  if (snapshot.hasTag('monitoring')) {
    return {
      application: 'visualizzaDomanda',
      review: 'visualizza',
      monitoring: snapshot.can({ type: 'applicant.monitoring.submit' }) ? 'compila' : 'visualizza',
    };
  }
  if (snapshot.hasTag('review')) {
    return {
      application: 'visualizzaDomanda',
      review: snapshot.can({ type: 'applicant.review.submit' }) ? 'compila' : 'visualizza',
      monitoring: null,
    };
  }
  return { application: 'visualizza', review: null, monitoring: null };
}
