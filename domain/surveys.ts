import { z } from 'zod';
import { idSchema } from './idSchema.ts';
import type { FundEntry } from './funds.ts';

/**
 * The review (istruttoria) and monitoring surveys (spec §2 Survey wizard, §3 Survey submission, §7 SJSurvey).
 * Each fund has two surveys, Istruttoria and Gresb, named '<kind>-<Controller>' ('Istruttoria-Pui',
 * 'Gresb-Tur'); the monitoring stage repeats them with `monitoraggio` true.
 */
export const SURVEY_KINDS = ['Istruttoria', 'Gresb'] as const;
export type SurveyKind = (typeof SURVEY_KINDS)[number];

/** 'Istruttoria-Pui' for the PUI fund's Istruttoria survey. */
export function surveyNameOf(kind: SurveyKind, fund: Pick<FundEntry, 'controller'>): string {
  return `${kind}-${fund.controller}`;
}

/** The surveys a fund's review asks for, in the wizard's order. */
export function reviewSurveyNames(fund: Pick<FundEntry, 'controller'>): string[] {
  return SURVEY_KINDS.map((kind) => surveyNameOf(kind, fund));
}

/** A survey name from the files: letters, digits and dashes ('Istruttoria-Pui'). */
export const SURVEY_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*$/;

export const surveyDefinitionSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.number().int(),
  /** The survey's title, as its definition gives it. */
  title: z.string(),
});
export type SurveyDefinitionSummary = z.infer<typeof surveyDefinitionSummarySchema>;

export const surveyDefinitionSchema = surveyDefinitionSummarySchema.extend({
  /** The SurveyJS definition. */
  json: z.record(z.string(), z.unknown()),
});
export type SurveyDefinition = z.infer<typeof surveyDefinitionSchema>;

/** One survey's answers for one application (spec §3 Survey submission). */
export const surveySubmissionSchema = z.object({
  id: z.string(),
  /** The definition (and so the version) the answers were given against. */
  surveyId: z.number().int(),
  surveyName: z.string(),
  candidaturaId: z.string(),
  compilazioneType: z.number().int(),
  monitoraggio: z.boolean(),
  /** The monitoring period the answers are for; null for the review. */
  monitoringPeriodId: z.string().nullable().default(null),
  json: z.record(z.string(), z.unknown()),
  /** Saves so far: send it back with the next save (412 when somebody saved meanwhile). */
  version: z.number().int(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type SurveySubmission = z.infer<typeof surveySubmissionSchema>;

/** The largest answers object accepted, in characters of JSON. */
export const SURVEY_ANSWERS_MAX_CHARS = 200_000;

/**
 * POST /api/SJSurvey/CreateSurveyAnswers (spec §7): surveySubmissionID (null for the first save), json (the
 * answers, an object or its JSON text), candidaturaId, compilazioneType, monitoraggio; plus surveyId (the
 * definition answered) and version (the submission's version the client last saw, 0 before the first save).
 */
export const createSurveyAnswersBodySchema = z.object({
  surveySubmissionID: idSchema.nullish(),
  surveyId: z.coerce.number().int().positive(),
  json: z.union([z.record(z.string(), z.unknown()), z.string().max(SURVEY_ANSWERS_MAX_CHARS)]),
  candidaturaId: idSchema,
  compilazioneType: z.coerce.number().int(),
  monitoraggio: z.boolean().default(false),
  /** Monitoring: the period the client is answering (the current one when omitted; another one is 409). */
  monitoringPeriodId: idSchema.optional(),
  version: z.coerce.number().int().min(0).optional(),
});
export type CreateSurveyAnswersBody = z.input<typeof createSurveyAnswersBodySchema>;

/** A required answer missing or a wrong one, where the person finds it. */
export const surveyIssueSchema = z.object({
  surveyName: z.string(),
  surveyTitle: z.string(),
  /** The question's name in the definition. */
  question: z.string(),
  /** The question's title as the person reads it. */
  title: z.string(),
  /** The page's name, so the wizard can take the person there. */
  page: z.string().nullable(),
  message: z.string(),
});
export type SurveyIssue = z.infer<typeof surveyIssueSchema>;

export const surveyValidationSchema = z.object({
  complete: z.boolean(),
  issues: z.array(surveyIssueSchema),
  /** The mandatory review attachments still missing (names). */
  missingAttachments: z.array(z.string()),
});
export type SurveyValidation = z.infer<typeof surveyValidationSchema>;
