import { createHash } from 'node:crypto';
import type { Question, SurveyModel } from 'survey-core';
import { validateSurveyNumber } from '../../domain/surveyNumbers.ts';
import type { SurveyIssue } from '../../domain/surveys.ts';
import { surveyMessages } from '../../domain/messages/survey.ts';
import { titleOf, type SurveyDefinitionRow } from './definitions.ts';
import { loadSurveyCore } from './surveyCore.ts';

/** How many checks are kept: one per survey and answers' content, for the surveys being answered right now. */
const CHECKS_CACHED = 512;
const checksByContent = new Map<string, readonly SurveyIssue[]>();

function textOf(question: Question): string {
  return (question.processedTitle || question.title || question.name).trim();
}

/**
 * What is missing or wrong in answers for their hand-over, checked against the definition they were given against
 * with survey-core as the browser runs it (required questions, types, validators, choices that exist, visibleIf,
 * numbers as JSON numbers): the issues name the survey, the question and its page, so the wizard can take the person
 * there. Answers whose hidden questions' values or unknown choices would be dropped count as without them.
 *
 * Building the survey's model is the server's costliest read (tens of ms, on the event loop), and the wizard asks for
 * the check on every step: a check is kept by the content of the definition and of the answers, which is all it
 * depends on, so the same answers are checked once.
 */
export async function answerIssues(
  definition: Pick<SurveyDefinitionRow, 'name' | 'json' | 'sha256'>,
  answers: Record<string, unknown>,
): Promise<readonly SurveyIssue[]> {
  const key = createHash('sha256').update(definition.sha256).update('\0').update(JSON.stringify(answers)).digest('hex');
  const kept = checksByContent.get(key);
  if (kept) {
    // Most recently used last: the oldest is the first to go.
    checksByContent.delete(key);
    checksByContent.set(key, kept);
    return kept;
  }
  const issues = Object.freeze(await checkAnswers(definition, answers));
  if (checksByContent.size >= CHECKS_CACHED) checksByContent.delete(checksByContent.keys().next().value!);
  checksByContent.set(key, issues);
  return issues;
}

async function checkAnswers(
  definition: Pick<SurveyDefinitionRow, 'name' | 'json'>,
  answers: Record<string, unknown>,
): Promise<SurveyIssue[]> {
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
  return issues;
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
