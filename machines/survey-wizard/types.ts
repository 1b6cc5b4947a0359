import type { SurveyIssue } from '../../domain/surveys.ts';

/**
 * The review (istruttoria) and monitoring survey wizard (spec §2 Survey wizard, DNSH screen): steps Istruttoria,
 * Gresb, DNSH (not in monitoring), Invia survey (not when read-only or admin), then completed.
 */
export type SurveyStep = 'istruttoria' | 'gresb' | 'dnsh' | 'submit';
/** The two surveys of a fund, each saved by its own answers-sync child. */
export type SurveyPart = 'istruttoria' | 'gresb';
/** What an answers-sync child reports: nothing pending, a save under way or waiting to retry, or a conflict (412). */
export type AnswersSyncState = 'idle' | 'saving' | 'conflict';

export interface SurveyWizardInput {
  /** Review (Istruttoria Sottomessa) or monitoring (Monitoraggio Sottomesso: three steps, no DNSH). */
  mode: 'review' | 'monitoring';
  /** edit: the applicant while the stage is open; readOnly: "Visualizza" or the isReadOnly flag; admin: the admin's view. */
  access: 'edit' | 'readOnly' | 'admin';
}

export interface SurveyWizardContext extends SurveyWizardInput {
  sync: Record<SurveyPart, AnswersSyncState>;
  /**
   * What the person last typed in each survey, saved or still on its way: a survey shown again starts from it,
   * since the stored answers lag behind while a save is under way.
   */
  typed: Partial<Record<SurveyPart, Record<string, unknown>>>;
  /** Whether every mandatory attachment of the stage is uploaded (FilesUploadIstGresb…Validation). */
  attachmentsValid: boolean;
  /** What the last submit was refused for: answers by survey and question. */
  issues: SurveyIssue[];
  /** The Italian reason of the last failure (load or submit). */
  error: string | null;
}

export type SurveyWizardEvent =
  | { type: 'step.next' }
  | { type: 'step.back' }
  /** A click on a step indicator. */
  | { type: 'step.select'; step: SurveyStep }
  /** SurveyJS reported a change: forwarded to that survey's answers-sync child. */
  | { type: 'answers.change'; part: SurveyPart; answers: Record<string, unknown> }
  /** From an answers-sync child. */
  | { type: 'sync.state'; part: SurveyPart; state: AnswersSyncState }
  /** The DNSH slots' state (re)loaded. */
  | { type: 'attachments.changed'; valid: boolean }
  /** Invia: opens the "Conferma" dialog. */
  | { type: 'submit.open' }
  /** Invia in the dialog. */
  | { type: 'submit.confirm' }
  /** Indietro in the dialog. */
  | { type: 'submit.cancel' }
  /** Closes the failure message and goes where the missing things are. */
  | { type: 'failure.dismiss' }
  | { type: 'retry' };

/** What loading the wizard answers: the stage's attachment state (definitions and answers are the view's queries). */
export interface SurveyWizardLoaded {
  attachmentsValid: boolean;
}

export interface SubmitSurveyInput {
  mode: SurveyWizardInput['mode'];
}

/** A refused submit: the server's reason and, for a 422, the answers missing by survey and question. */
export interface SubmitRefusal {
  message?: string;
  issues?: SurveyIssue[];
}

export interface AnswersSyncInput {
  part: SurveyPart;
  mode: SurveyWizardInput['mode'];
}

/** What the survey wizard sends its answers-sync children. */
export type AnswersSyncCommand = { type: 'answers.change'; answers: Record<string, unknown> };
