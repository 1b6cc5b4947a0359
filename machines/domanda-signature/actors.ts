import { fromPromise } from 'xstate';
import type { DomandaSignature, DomandaStatus } from '../../domain/domandaSignature.ts';
import type { DomandaSignatureActorInputs, DomandaSignatureActorOutputs } from './types.ts';

/** The calls the machine needs; they reject with what the API client throws (an Italian `message`). */
export interface DomandaSignatureApi {
  /** GET /api/Domanda/GetDomandaStatus. */
  loadStatus(input: DomandaSignatureActorInputs['loadStatus']): Promise<DomandaStatus>;
  /** GET /api/Domanda/DownloadDomanda, handed to the browser as a download. */
  downloadDomanda(input: DomandaSignatureActorInputs['downloadDomanda']): Promise<void>;
  /** POST /api/Domanda/UploadSignedDomanda: 422 names the check the file failed. */
  uploadSigned(input: DomandaSignatureActorInputs['uploadSigned']): Promise<DomandaSignature>;
  /** POST /api/Domanda/TrialSignDomanda. */
  trialSign(input: DomandaSignatureActorInputs['trialSign']): Promise<DomandaSignature>;
}

/** The server's Italian message, or null to let the page say it generically. */
export function signatureFailureMessage(error: unknown): string | null {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : null;
}

export function createDomandaSignatureActors(api: DomandaSignatureApi) {
  const promise = <K extends keyof DomandaSignatureApi>(call: K) =>
    fromPromise<DomandaSignatureActorOutputs[K], DomandaSignatureActorInputs[K]>(({ input }) =>
      (api[call] as (input: DomandaSignatureActorInputs[K]) => Promise<DomandaSignatureActorOutputs[K]>)(input),
    );
  return {
    loadStatus: promise('loadStatus'),
    downloadDomanda: promise('downloadDomanda'),
    uploadSigned: promise('uploadSigned'),
    trialSign: promise('trialSign'),
  };
}
