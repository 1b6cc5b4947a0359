import type { DomandaSignature, DomandaStatus } from '../../domain/domandaSignature.ts';

/** The signed file the person chose: a browser `File` is one. */
export interface ChosenSignedFile {
  name: string;
  size: number;
}

export interface DomandaSignatureInput {
  organizationId: string;
  fund: string;
}

export interface DomandaSignatureContext extends DomandaSignatureInput {
  /** The server's last word: the Domanda of the current content, the signed file, the call's rule. */
  status: DomandaStatus | null;
  /** Why the status could not be read (Italian), until it is read again. */
  loadError: string | null;
  /** Why the last signed file (or trial signature) was refused, naming the check that failed (Italian). */
  refusal: string | null;
  /** Why the last download failed (Italian). */
  downloadError: string | null;
  /** The Domanda was downloaded in this visit: the page then says what to do with it. */
  downloaded: boolean;
}

export type DomandaSignatureEvent =
  /** The application may have changed (the submit step opened, a save was stored): the Domanda is made again. */
  | { type: 'domanda.refresh' }
  /** "Scarica la domanda da firmare". */
  | { type: 'domanda.download' }
  /** A signed file chosen in the slot "Domanda firmata digitalmente". */
  | { type: 'domanda.upload'; file: ChosenSignedFile }
  /** "Firma con certificato di prova" (only while the portal has no trust list). */
  | { type: 'domanda.trialSign' };

/** What each invoked actor resolves with; the keys are also the actor ids. */
export interface DomandaSignatureActorOutputs {
  loadStatus: DomandaStatus;
  downloadDomanda: undefined;
  uploadSigned: DomandaSignature;
  trialSign: DomandaSignature;
}

export interface DomandaSignatureActorInputs {
  loadStatus: DomandaSignatureInput;
  downloadDomanda: DomandaSignatureInput & { fileName: string };
  uploadSigned: DomandaSignatureInput & { file: ChosenSignedFile };
  trialSign: DomandaSignatureInput;
}

export type DomandaSignatureActorId = keyof DomandaSignatureActorOutputs;
