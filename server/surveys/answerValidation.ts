import type { Question, SurveyModel } from 'survey-core';
import { validateSurveyNumber } from '../../domain/surveyNumbers.ts';
import type { SurveyIssue } from '../../domain/surveys.ts';
import { surveyMessages } from '../../domain/messages/survey.ts';
import { titleOf, type SurveyDefinitionRow } from './definitions.ts';
import { loadSurveyCore } from './surveyCore.ts';

export interface AnswersCheck {
  /** The answers as they count: unknown keys, choices that do not exist and hidden questions' answers dropped. */
  answers: Record<string, unknown>;
  issues: SurveyIssue[];
}

function textOf(question: Question): string {
  return (question.processedTitle || question.title || question.name).trim();
}

/**
 * Checks answers against the definition they were given against, with survey-core as the browser runs it
 * (required questions, types, validators, choices that exist, visibleIf, numbers as JSON numbers): the issues
 * name the survey, the question and its page, so the wizard can take the person there.
 */
export async function checkAnswers(
  definition: Pick<SurveyDefinitionRow, 'name' | 'json'>,
  answers: Record<string, unknown>,
): Promise<AnswersCheck> {
  const { Model } = await loadSurveyCore();
  const model = new Model(definition.json);
  model.locale = 'it';
  // A numeric answer is a JSON number with the decimals its question takes, as the browser's survey stores it.
  model.onValidateQuestion.add((_survey, options) => validateSurveyNumber(options));
  model.data = answers;
  model.clearIncorrectValues(true);
  for (const question of model.getAllQuestions()) {
    if (!question.isVisible && !question.isEmpty()) question.clearValue();
  }
  model.validate(true);
  const surveyTitle = titleOf(definition);
  const issues: SurveyIssue[] = [];
  for (const question of model.getAllQuestions(true)) {
    if (!question.hasErrors(false)) continue;
    const own = question.errors.map((error) => error.getText());
    issues.push({
      surveyName: definition.name,
      surveyTitle,
      question: question.name,
      title: textOf(question),
      page: question.page?.name ?? null,
      message: own[0] ?? surveyMessages.missingAnswer,
    });
  }
  return { answers: model.data as Record<string, unknown>, issues };
}

/** Whether a root key of the answers belongs to the definition, for each definition content (its SHA-256). */
const knownKeysByContent = new Map<string, (key: string) => boolean>();
const KNOWN_KEYS_CACHED = 64;

/**
 * SurveyJS's own rule for the answers' root keys (`clearIncorrectValues(true)`, which the hand-over check runs):
 * a question's value name, that name with the comment suffix (a comment, "Altro") or the matrix totals
 * suffix, or a calculated value included in the results.
 */
function knownKeysOf(model: SurveyModel, totalsSuffix: string): (key: string) => boolean {
  const suffixed = (key: string, suffix: string) =>
    key.length > suffix.length && key.endsWith(suffix) && !!model.getQuestionByValueName(key.slice(0, -suffix.length));
  return (key) =>
    !!model.getQuestionByValueName(key) ||
    suffixed(key, model.commentSuffix) ||
    suffixed(key, totalsSuffix) ||
    !!model.getCalculatedValueByName(key)?.includeIntoResult;
}

/**
 * The answers to questions of `definition` only: what answers no question (`{"nonEsiste": …}`) is dropped
 * before it is stored. Choices and hidden questions are left alone while the person is still answering; the
 * hand-over check (checkAnswers) judges them. The definition's model is built once per content.
 */
export async function answersToQuestionsOf(
  definition: Pick<SurveyDefinitionRow, 'json' | 'sha256'>,
  answers: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  let isKnown = knownKeysByContent.get(definition.sha256);
  if (!isKnown) {
    const { Model, settings } = await loadSurveyCore();
    isKnown = knownKeysOf(new Model(definition.json), settings.matrix.totalsSuffix);
    if (knownKeysByContent.size >= KNOWN_KEYS_CACHED) knownKeysByContent.delete(knownKeysByContent.keys().next().value!);
    knownKeysByContent.set(definition.sha256, isKnown);
  }
  return Object.fromEntries(Object.entries(answers).filter(([key]) => isKnown(key)));
}
