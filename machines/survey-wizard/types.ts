import type { SurveyIssue } from '../../domain/surveys.ts';
import type { SurveyAccess, SurveyStage } from '../application-lifecycle/selectors.ts';
import type { DraftSyncParentEvent, DraftSyncState } from '../draft-sync/types.ts';

/**
 * The review (istruttoria) and monitoring survey wizard (spec §2 Survey wizard, DNSH screen): steps Istruttoria,
 * Gresb, DNSH (not in monitoring), Invia survey (not when read-only or admin), then completed.
 */
export type SurveyStep = 'istruttoria' | 'gresb' | 'dnsh' | 'submit';
/** The two surveys of a fund, each saved by its own draft-sync child (`sync.istruttoria`, `sync.gresb`). */
export type SurveyPart = 'istruttoria' | 'gresb';

export interface SurveyWizardInput {
  /** Review (Istruttoria Sottomessa) or monitoring (Monitoraggio Sottomesso: three steps, no DNSH). */
  mode: SurveyStage;
  /** The lifecycle's answer (`surveyAccess`): edit while the stage is open, readOnly ("Visualizza"), admin. */
  access: SurveyAccess;
  /** The stored version of each survey's answers (0 when nothing is stored yet): where its sync starts. */
  versions: Record<SurveyPart, number>;
}

export interface SurveyWizardContext extends SurveyWizardInput {
  /** How each survey's draft sync last said it stands (machines/draft-sync). */
  sync: Record<SurveyPart, DraftSyncState>;
  /**
   * What the person last typed in each survey, saved or still on its way (or, after Ricarica, what is stored): a
   * survey shown again starts from it, since the stored answers lag behind while a save is under way.
   */
  typed: Partial<Record<SurveyPart, Record<string, unknown>>>;
  /** How many times the stored answers were reloaded after a conflict: a survey is built again from them each time. */
  reloads: number;
  /** Whether every mandatory attachment of the stage is uploaded (FilesUploadIstGresb…Validation). */
  attachmentsValid: boolean;
  /** A missing mandatory DNSH declaration is pointed out: once the person went on from DNSH or reached Invia. */
  showsMissingAttachments: boolean;
  /** The server's check of the stored answers and slots (the step indicators' done or incomplete); null until it answers. */
  check: SurveyCheck | null;
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
  /** SurveyJS reported a change: forwarded to that survey's draft-sync child, which saves it at once. */
  | { type: 'answers.change'; part: SurveyPart; answers: Record<string, unknown> }
  /** Ricarica after a conflict: each survey's sync in conflict loads the stored answers. */
  | { type: 'draft.reload' }
  /** From a draft-sync child: how it stands, and the stored answers (`payload`) after a reload. */
  | DraftSyncParentEvent
  /** The server's check of the stored answers and slots (re)loaded. */
  | { type: 'check.changed'; check: SurveyCheck }
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

/** What the server's check says (GetSurveyValidation): the surveys with a missing answer, and whether a mandatory slot is empty. */
export interface SurveyCheck {
  incomplete: SurveyPart[];
  missingAttachments: boolean;
}

/** The server's check of a stage, as the step indicators read it. */
export function surveyCheckOf(validation: {
  issues: readonly Pick<SurveyIssue, 'surveyName'>[];
  missingAttachments: readonly unknown[];
}): SurveyCheck {
  const parts = new Set(validation.issues.map(partOfIssue));
  return {
    incomplete: (['istruttoria', 'gresb'] as const).filter((part) => parts.has(part)),
    missingAttachments: validation.missingAttachments.length > 0,
  };
}

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

/** The draft-sync child (its invoke id) that saves `part`'s answers. */
export const SYNC_OF_PART = { istruttoria: 'sync.istruttoria', gresb: 'sync.gresb' } as const satisfies Record<SurveyPart, string>;

/** The survey a draft-sync child's report is about (its invoke id, `sync.<part>`). */
export function partOfSync(sync: string): SurveyPart {
  if (sync === SYNC_OF_PART.istruttoria) return 'istruttoria';
  if (sync === SYNC_OF_PART.gresb) return 'gresb';
  throw new Error(`survey-wizard machine: no survey is saved by "${sync}"`);
}

/** The survey an issue is about, by its survey's name ('Istruttoria-Pui', 'Gresb-Tur', …); null for neither. */
export function partOfIssue(issue: Pick<SurveyIssue, 'surveyName'>): SurveyPart | null {
  if (issue.surveyName.startsWith('Istruttoria')) return 'istruttoria';
  if (issue.surveyName.startsWith('Gresb')) return 'gresb';
  return null;
}
