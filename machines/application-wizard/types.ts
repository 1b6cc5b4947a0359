import type { ApplicationStatusCode, Fund } from '../../domain/applicationStatus.ts';
import type { FieldIssue, FundWizardDefinition } from '../../domain/wizard.ts';
import type { DraftSyncParentEvent, DraftSyncReport, SaveFailure } from '../draft-sync/types.ts';

/** The values of any fund's application, as the machine handles them: the definition knows their shape. */
export type WizardValues = Record<string, unknown>;
/** Any fund's definition (a `FundWizardDefinition<PuiValues>` is one). */
export type WizardDefinition = FundWizardDefinition<WizardValues>;

export interface ApplicationWizardInput {
  definition: WizardDefinition;
  organizationId: string;
  /** Admins see the application read-only (spec §2). */
  isAdmin: boolean;
  /** False for a Sola lettura member, who sees the application read-only as an admin does. */
  memberMayWrite: boolean;
  /** The navigation state's `numberStep`: an index into `definition.steps` (PUI: 4 opens Allegati). */
  startStep: number;
  /** Last allowed end of works, ISO date, from the call (spec §5 Blocking date). */
  endOfWorksLimit: string;
  /** Today on Italy's calendar (YYYY-MM-DD): a forecast start of works cannot be before it. */
  today: string;
  /** The call hands over only an application whose Domanda its legal representative signed (decision 0008). */
  signatureRequired: boolean;
}

/** What `loadApplication` answers: whether the application was submitted and the values to show. */
export interface LoadedApplication {
  submitted: boolean;
  statusCode: ApplicationStatusCode | null;
  /**
   * The values to show, as stored: the latest draft, or (submitted) the application's body; null for a new
   * application. `version` is the draft's version for the next save (0 when none).
   */
  draft: { json: unknown; version: number } | null;
}

export interface LoadApplicationInput {
  organizationId: string;
  fund: Fund;
}

/**
 * Why an autosave failed (the draft sync's classification). 'conflict': 412, the draft changed elsewhere;
 * 'network' (no answer) and 'server' (5xx) are retried; 'rejected' (any other 4xx) is not.
 */
export type SaveDraftFailure = SaveFailure;

export interface SubmitApplicationInput {
  organizationId: string;
  fund: Fund;
  values: WizardValues;
}

/**
 * Why submitting failed. 'incomplete': a 422 with what the server found missing. 'queued': a click day's queue was
 * full (503 «Sei in coda…», issue 45): the same application goes again after `retryAfterMs`; `triedAt` is when
 * this try left (ISO).
 */
export type SubmitApplicationFailure =
  | { kind: 'incomplete'; message: string; issues: FieldIssue[] }
  | { kind: 'network' | 'other'; message: string }
  | { kind: 'queued'; message: string; triedAt: string; retryAfterMs: number };

/** A hand-over waiting in the click day's queue: when it was first tried (ISO), how long until the next try, what the server said. */
export interface SubmitQueue {
  firstTriedAt: string;
  retryAfterMs: number;
  /** The server's «Sei in coda…», as it said it. */
  message: string;
}

export interface ApplicationWizardActorInputs {
  loadApplication: LoadApplicationInput;
  submitApplication: SubmitApplicationInput;
}
export interface ApplicationWizardActorOutputs {
  loadApplication: LoadedApplication;
  submitApplication: void;
}

export interface ApplicationWizardContext {
  definition: WizardDefinition;
  organizationId: string;
  isAdmin: boolean;
  memberMayWrite: boolean;
  startStep: number;
  endOfWorksLimit: string;
  today: string;
  /** Known once loaded. */
  submitted: boolean;
  statusCode: ApplicationStatusCode | null;
  /** Admin, a Sola lettura member, or submitted: nothing can be changed, saved or submitted. */
  readOnly: boolean;
  /** Index into `definition.steps`. */
  stepIndex: number;
  /**
   * The steps the person has visited and left since the wizard loaded (indices), as a form's touched fields: a
   * step's problems show once it was left. With the current step, the steps opened: only a step that was opened,
   * or has answers, shows done.
   */
  visitedSteps: readonly number[];
  values: WizardValues;
  /** What `definition.validate` finds wrong with `values`: recomputed on every change. */
  issues: FieldIssue[];
  /** What the server listed as missing when it refused the submit (422); a field's entry goes once it changes. */
  serverIssues: FieldIssue[];
  /** The server's FileUploadValidation answer: every mandatory attachment is there. */
  attachmentsComplete: boolean;
  /** The call requires the signed Domanda (decision 0008). */
  signatureRequired: boolean;
  /**
   * The signed Domanda signs the application as it is (machines/domanda-signature, told by the submit step);
   * true when the call requires none, false again at any change until the submit step has checked anew.
   */
  signatureSatisfied: boolean;
  /** The loaded draft's version: where the draft sync starts (it keeps the version from then on). */
  draftVersion: number;
  /** How the draft sync last said it stands (machines/draft-sync, its report): saves and conflicts are its business. */
  sync: DraftSyncReport;
  loadError: string | null;
  /** The Italian message of the last refused submit. */
  submitError: string | null;
  /** Set while the server's queue has the hand-over wait: the browser sends it again by itself. */
  submitQueue: SubmitQueue | null;
}

export type ApplicationWizardEvent =
  /** After loadFailed: try loading again. */
  | { type: 'load.retry' }
  /** A field changed (ignored when read-only). */
  | { type: 'field.change'; field: string; value: unknown }
  /** Avanti. */
  | { type: 'step.next' }
  /** Indietro. */
  | { type: 'step.back' }
  /** A step indicator was clicked. */
  | { type: 'step.go'; index: number }
  /**
   * Save now if anything is unsaved (also retries at once while waiting to retry). The machine asks for it on
   * every step change; the view may send it too (page hidden, browser back online, "Salva ora").
   */
  | { type: 'draft.save' }
  /**
   * The draft sync's report of how it stands, and the stored draft it loaded after a conflict (Ricarica): its
   * payload is the `LoadedApplication` the host's reloadDraft answered.
   */
  | DraftSyncParentEvent
  /** Conflict: load the stored draft, dropping this page's unsaved changes. */
  | { type: 'draft.reload' }
  /** Conflict: close the dialog and keep editing here, with autosave suspended. */
  | { type: 'conflict.keepEditing' }
  /** The server's FileUploadValidation answer for this organisation and fund. */
  | { type: 'attachments.status'; complete: boolean }
  /** The submit step's signature section (machines/domanda-signature): whether the signed Domanda signs the application as it is. */
  | { type: 'signature.status'; satisfied: boolean }
  /** Invia Candidatura: opens the confirmation dialog when the application may be submitted. */
  | { type: 'submit.open' }
  /** Invia in the dialog. */
  | { type: 'submit.confirm' }
  /** Indietro in the dialog. */
  | { type: 'submit.cancel' }
  /** Closes the failure message. */
  | { type: 'submit.dismiss' };
