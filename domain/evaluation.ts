import { z } from 'zod';
import { idSchema } from './idSchema.ts';
import type { FundEntry } from './funds.ts';
import { surveyDefinitionSchema } from './surveys.ts';
import { EVALUATION_OUTCOMES } from './evaluationProposal.ts';
import { fieldMessageSchema } from './validation.ts';

/**
 * The reviewers' own assessment of an application (issue 44): a SurveyJS form per fund, for administrators only,
 * saved as it is typed and handed over once, then read-only. Its definition is a survey file like the review
 * surveys ('Valutazione-Pui.json'), replaceable by an operator; the portal reads three of its questions by name:
 * the proposed outcome, its note and the weighted score (an expression question).
 */
export const EVALUATION_SURVEY_KIND = 'Valutazione';

/** 'Valutazione-Pui' for the PUI fund's evaluation form. */
export function evaluationSurveyName(fund: Pick<FundEntry, 'controller'>): string {
  return `${EVALUATION_SURVEY_KIND}-${fund.controller}`;
}

/** Whether a survey name is an evaluation form's: such a definition is the administrators' only. */
export const isEvaluationSurveyName = (name: string): boolean => name.startsWith(`${EVALUATION_SURVEY_KIND}-`);

/** The questions of the form the portal reads by name (server/reference/surveys/README.md). */
export const EVALUATION_QUESTIONS = {
  outcome: 'esitoProposto',
  note: 'notaEsito',
  weightedScore: 'punteggioPonderato',
} as const;

/** The application's evaluation as administrators read it; `version` 0 before the first save. */
export const evaluationSchema = z.object({
  compilazioneId: z.string(),
  /** The form answered: the version the answers are pinned to, or the latest before the first save. */
  definition: surveyDefinitionSchema,
  answers: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
  handedOverAt: z.string().nullable(),
  handedOverByName: z.string().nullable(),
  /** Once handed over: the proposed outcome, its note and the weighted score, as the server read them. */
  outcome: z.enum(EVALUATION_OUTCOMES).nullable(),
  outcomeNote: z.string().nullable(),
  weightedScore: z.number().nullable(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

export const evaluationQuerySchema = z.object({ compilazioneId: idSchema });

/** The answers so far, with the version they are based on (0 before the first save): 412 when somebody saved meanwhile. */
export const saveEvaluationBodySchema = z.object({
  compilazioneId: idSchema,
  answers: z.record(z.string(), z.unknown()),
  version: z.number().int().min(0),
});

export const savedEvaluationSchema = z.object({ version: z.number().int(), updatedAt: z.string() });
export type SavedEvaluation = z.infer<typeof savedEvaluationSchema>;

/** Hands over what is stored, when it is still the version the administrator last saw. */
export const handOverEvaluationBodySchema = z.object({ compilazioneId: idSchema, version: z.number().int().min(1) });

/**
 * 422 of the hand-over: what is missing or wrong, by question (checked with survey-core, as the browser does): each
 * issue's `field` is the question's name, its `message` names the question as the form titles it.
 */
export const evaluationIncompleteSchema = z.object({
  error: z.literal('evaluation_incomplete'),
  message: z.string(),
  issues: z.array(fieldMessageSchema),
});
