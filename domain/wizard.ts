import type { Fund } from './applicationStatus.ts';

/**
 * What an application wizard needs to know about a fund (spec §2 Application wizard PUI / TUR, Common
 * wizard behaviour). One machine (machines/application-wizard) runs every fund from such a definition, so
 * the TUR wizard is a new definition, not a copy of the PUI one.
 */

/** 'form': fields of the application; 'attachments': the Allegati step; 'submit': Invia Candidatura. */
export type WizardStepKind = 'form' | 'attachments' | 'submit';

export interface WizardStep {
  /** Stable id, e.g. 'progetto'. */
  id: string;
  /** What the step indicator shows, e.g. 'Progetto'. */
  title: string;
  kind: WizardStepKind;
}

/**
 * The steps of an application wizard (spec §2: PUI 1 Progetto … 6 Invia Candidatura; TUR "same step structure").
 * `numberStep` 4 opens Allegati.
 */
export const APPLICATION_STEPS = [
  { id: 'progetto', title: 'Progetto', kind: 'form' },
  { id: 'fontiImpieghi', title: 'Fonti e Impieghi', kind: 'form' },
  { id: 'tempistiche', title: 'Tempistiche', kind: 'form' },
  { id: 'impatto', title: "Valutazione d'Impatto", kind: 'form' },
  { id: 'allegati', title: 'Allegati', kind: 'attachments' },
  { id: 'invia', title: 'Invia Candidatura', kind: 'submit' },
] as const satisfies readonly WizardStep[];

/** One problem with the values: which field (a dotted path for nested ones), on which step, in Italian. */
export interface FieldIssue {
  field: string;
  step: string;
  message: string;
}

/** Facts from outside the values that some rules need (spec §5 Blocking date). */
export interface WizardRuleContext {
  /** Last allowed end of works, ISO date (YYYY-MM-DD), from the call. */
  endOfWorksLimit: string;
  /** Today on Italy's calendar (YYYY-MM-DD, italianCalendarDay): a forecast start of works cannot be before it. */
  today: string;
}

export interface FundWizardDefinition<Values extends Record<string, unknown>> {
  fund: Fund;
  /** 'Candidatura Fondo Tematico Piani Urbani Integrati'. */
  title: string;
  /**
   * The steps in order. The navigation state's `numberStep` is an index into this list (PUI: 4 opens
   * Allegati); a 'submit' step is shown only to applicants whose application is not submitted.
   */
  steps: readonly WizardStep[];
  /** A new application's values for an organisation. */
  emptyValues(organizationId: string): Values;
  /**
   * A stored draft's values (any JSON, maybe written by an older version of the portal) as current values:
   * known fields kept when their type fits, the rest left empty. Never throws.
   */
  fromDraft(json: unknown, organizationId: string): Values;
  /** One field changed: the new values with dependent fields reset and computed values recomputed (spec §4). */
  applyChange(values: Values, field: string, value: unknown): Values;
  /**
   * Every rule of spec §5 that the values break, for every form step (required fields, lengths, the blocking
   * date). Attachments are checked by the server (FileUploadValidation…), not here. An empty list means the
   * form steps are complete and the application may be submitted.
   */
  validate(values: Values, context: WizardRuleContext): FieldIssue[];
  /**
   * Whether the person has given any answer on a form step (typed fields only, not computed ones): such a step
   * counts as started even if it was not opened in this visit, so its indicator may show done.
   */
  stepHasValues(values: Values, stepId: string): boolean;
}

/** Whether a step has no issue (its indicator shows done). */
export function isStepComplete(issues: readonly FieldIssue[], stepId: string): boolean {
  return !issues.some((issue) => issue.step === stepId);
}
