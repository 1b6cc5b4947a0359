import { formatItalianNumber, type ItalianNumberKind } from './italianNumbers.ts';
import { numbersMessages } from './messages/numbers.ts';

/**
 * The numeric questions of the review and monitoring surveys (SurveyJS `"inputType": "number"`), read and shown the
 * Italian way by the browser's survey and checked the same way by the server. A question says how many decimals it
 * takes with SurveyJS's own `step` (server/reference/surveys/README.md): `1` for counts (posti letto, presenze), `0.01`
 * for amounts and quantities; a question without one (an older definition, a multipletext item, which has no `step`)
 * takes two, as amounts and quantities do in the rest of the portal (spec §5).
 */

/** The part of a survey-core question these rules read (QuestionTextModel has it; so does a multipletext item's editor). */
export interface SurveyQuestionShape {
  getType(): string;
  inputType?: string;
  step?: number | string;
}

const DEFAULT_DECIMALS = 2;
/** Beyond this, a number is no longer kept exactly (as domain/italianNumbers.ts refuses it when typed). */
const LARGEST = 10 ** 13;

export function isSurveyNumberQuestion(question: SurveyQuestionShape): boolean {
  return question.getType() === 'text' && question.inputType === 'number';
}

/** How many digits after the point a number written in the shortest way has: 12.5 → 1, 1250000 → 0. */
function decimalsOfNumber(value: number): number {
  const text = Math.abs(value) < 1e-6 && value !== 0 ? value.toFixed(20).replace(/0+$/, '') : String(value);
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
}

/** The decimals a question allows, from its `step`: 1 (or 5, 10) → none, 0.5 → one, 0.01 → two; none → two. */
export function surveyNumberDecimals(question: SurveyQuestionShape): number {
  const step = typeof question.step === 'string' ? Number(question.step) : question.step;
  if (step === undefined || !Number.isFinite(step) || step <= 0) return DEFAULT_DECIMALS;
  return decimalsOfNumber(step);
}

/** Counts or quantities: it names the example in the Italian error ("come 1.200" or "come 1.250,75"). */
export function surveyNumberKind(question: SurveyQuestionShape): ItalianNumberKind {
  return surveyNumberDecimals(question) === 0 ? 'integer' : 'decimal';
}

/**
 * A survey's number as Italian people read it, exactly as stored: "1.250.000", "12,5", "4,5". No decimals are
 * added or cut: an answer is shown as it was given, whatever the question allows now.
 */
export function formatSurveyNumber(value: number): string {
  return formatItalianNumber(value, 0, 20);
}

/**
 * Why a stored answer to a numeric question cannot be accepted (null when it can, or when there is none): it is
 * not a JSON number (a text such as "1.250.000"), has more decimals than the question takes, or is too large.
 */
export function surveyNumberAnswerError(question: SurveyQuestionShape, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const kind = surveyNumberKind(question);
  if (typeof value !== 'number' || !Number.isFinite(value)) return numbersMessages.form[kind];
  if (Math.abs(value) >= LARGEST) return numbersMessages.size;
  if (decimalsOfNumber(value) > surveyNumberDecimals(question)) return numbersMessages.decimals[kind];
  return null;
}

/** survey-core's onValidateQuestion options, as far as these rules read and write them. */
export interface SurveyValidationShape {
  question: SurveyQuestionShape;
  value: unknown;
  errors: unknown[];
  error: string | null;
}

/**
 * The check of a numeric question, for survey-core's onValidateQuestion (the browser's survey and the server's check
 * of the answers run it): an answer that is not a JSON number with the decimals its question takes has that one
 * Italian error, in place of survey-core's own ("Campo obbligatorio" beside a box that shows text, or "Inserisci un
 * valore che corrisponda alla dimensione del passo di 0.01"). `typedError`: in the browser, the error of a box left
 * holding a text that is not a number, which is no answer.
 */
export function validateSurveyNumber(options: SurveyValidationShape, typedError?: string): void {
  if (!isSurveyNumberQuestion(options.question)) return;
  const error = typedError ?? surveyNumberAnswerError(options.question, options.value);
  if (error === null) return;
  options.errors.splice(0, options.errors.length);
  options.error = error;
}
