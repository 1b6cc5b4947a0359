/**
 * The applicant's integration (spec §2 "Allegati Integrazione", §4 Integration): documents are added to the
 * open round, then "Completa integrazione" is confirmed and sent. Admins and completed rounds only read.
 */
export interface IntegrationInput {
  /** An admin, or no round waiting for documents (status other than In integrazione): nothing to complete. */
  readOnly: boolean;
}

export interface IntegrationContext {
  readOnly: boolean;
  /** Documents uploaded in the open round, as the slot list last said. */
  documents: number;
  /** Issue 44: how many fields and slots the open round asks to correct (0 for a request in free text only). */
  items: number;
  /** The labels of the items not yet answered (neither changed nor replied to), in their order. */
  unanswered: readonly string[];
  /** Why the last "Completa integrazione" did not go through, in Italian. */
  error: string | null;
}

export type IntegrationEvent =
  /** The integration slots' list (re)loaded: how many documents the open round holds. */
  | { type: 'documents.changed'; count: number }
  /** The round's items as the application now holds them: how many, and which are still unanswered. */
  | { type: 'items.changed'; total: number; unanswered: readonly string[] }
  /** "Completa integrazione": opens the confirmation (refused when nothing is uploaded). */
  | { type: 'complete.open' }
  /** Conferma in the dialog. */
  | { type: 'complete.confirm' }
  /** Annulla in the dialog. */
  | { type: 'complete.cancel' }
  /** Closes the failure message. */
  | { type: 'failure.dismiss' };

export interface CompleteIntegrationInput {
  documents: number;
}
