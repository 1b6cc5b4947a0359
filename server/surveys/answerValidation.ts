import type { Question } from 'survey-core';
import { validateSurveyNumber } from '../../domain/surveyNumbers.ts';
import type { SurveyIssue } from '../../domain/surveys.ts';
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
      message: own[0] ?? 'Risposta mancante o non valida',
    });
  }
  return { answers: model.data as Record<string, unknown>, issues };
}
