import type { SnapshotFrom } from 'xstate';
import type { DomandaSignature } from '../../domain/domandaSignature.ts';
import type { domandaSignatureMachine } from './domandaSignature.machine.ts';

export type DomandaSignatureSnapshot = SnapshotFrom<typeof domandaSignatureMachine>;

/** What the submit step's section shows, and what the wizard is told about the hand-over. */
export interface DomandaSignatureView {
  /** The first status is being read (later reads keep showing the last one). */
  isLoading: boolean;
  loadError: string | null;
  /** Whether the call requires the signature; the section is shown only then. */
  signatureRequired: boolean;
  /** The reason there is no Domanda yet (a missing field, no legal representative). */
  notReadyReason: string | null;
  domanda: { sha256: string; fileName: string; signers: string[]; allMustSign: boolean } | null;
  signature: DomandaSignature | null;
  isDownloading: boolean;
  isVerifying: boolean;
  isTrialSigning: boolean;
  refusal: string | null;
  downloadError: string | null;
  downloaded: boolean;
  canDownload: boolean;
  canUpload: boolean;
  canTrialSign: boolean;
  /** The hand-over may go ahead as far as the signature goes: not required, or a signature of the current content. */
  satisfied: boolean;
}

export function selectDomandaSignatureView(snapshot: DomandaSignatureSnapshot): DomandaSignatureView {
  const { status, loadError, refusal, downloadError, downloaded } = snapshot.context;
  const signature = status?.signature ?? null;
  const busy = snapshot.matches('downloading') || snapshot.matches('verifying') || snapshot.matches('trialSigning');
  return {
    isLoading: status === null && snapshot.matches('generating'),
    loadError: snapshot.matches('unavailable') ? loadError : null,
    signatureRequired: status?.signatureRequired ?? false,
    notReadyReason: status?.notReadyReason ?? null,
    domanda: status?.domanda ?? null,
    signature,
    isDownloading: snapshot.matches('downloading'),
    isVerifying: snapshot.matches('verifying'),
    isTrialSigning: snapshot.matches('trialSigning'),
    refusal: snapshot.matches('invalid') ? refusal : null,
    downloadError,
    downloaded,
    canDownload: !busy && snapshot.can({ type: 'domanda.download' }),
    canUpload: !busy && snapshot.can({ type: 'domanda.upload', file: { name: '', size: 0 } }),
    // Offered until a signature of the current Domanda is kept (then only a new upload replaces it).
    canTrialSign: !busy && snapshot.can({ type: 'domanda.trialSign' }) && (signature === null || signature.stale),
    satisfied: status !== null && (!status.signatureRequired || (signature !== null && !signature.stale && status.domanda !== null)),
  };
}
