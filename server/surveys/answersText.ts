import type { PanelModel, Question, QuestionPanelDynamicModel } from 'survey-core';
import { italianDateTime } from '../../domain/italianDates.ts';
import { exportsMessages as m } from '../../domain/messages/exports.ts';
import { formatSurveyNumber } from '../../domain/surveyNumbers.ts';
import { titleOf, type SurveyDefinitionRow } from './definitions.ts';
import { loadSurveyCore } from './surveyCore.ts';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A value as text: a number the Italian way ("1.250.000", "12,5": only numeric answers are numbers here, as a
 * choice reads as its text), a date field's ISO day as an Italian date (DD/MM/YYYY).
 */
function scalarText(value: unknown): string {
  if (typeof value === 'number') return formatSurveyNumber(value);
  const text = String(value);
  const day = ISO_DAY.exec(text);
  return day ? `${day[3]}/${day[2]}/${day[1]}` : text;
}

/** How an answer reads: texts of the chosen options, "Sì"/"No", nested rows and panels indented. */
function answerLines(value: unknown, indent: string): string[] {
  if (value === undefined || value === null || value === '') return [`${indent}${m.noAnswer}`];
  if (typeof value === 'boolean') return [`${indent}${value ? m.yes : m.no}`];
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== 'object' || item === null)) return [`${indent}${value.map(scalarText).join('; ')}`];
    return value.flatMap((item, index) => [`${indent}${index + 1}.`, ...answerLines(item, `${indent}   `)]);
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
      typeof inner === 'object' && inner !== null
        ? [`${indent}${key}:`, ...answerLines(inner, `${indent}   `)]
        : [`${indent}${key}: ${answerLines(inner, '')[0]}`],
    );
  }
  return [`${indent}${scalarText(value)}`];
}

function titleText(question: Question): string {
  return (question.processedTitle || question.title || question.name).trim();
}

/** A question's title and answer; a dynamic panel's answers panel by panel, each with its questions' titles. */
function questionLines(question: Question, indent: string): string[] {
  if (question.getType() === 'paneldynamic') {
    const panels = (question as QuestionPanelDynamicModel).panels as PanelModel[];
    if (panels.length === 0) return [`${indent}${titleText(question)}`, `${indent}   ${m.noAnswer}`];
    return [
      `${indent}${titleText(question)}`,
      ...panels.flatMap((panel, index) => [
        `${indent}   ${(panel.processedTitle || `${index + 1}.`).trim()}`,
        ...panel.questions.filter((inner) => inner.isVisible).flatMap((inner) => questionLines(inner, `${indent}      `)),
      ]),
    ];
  }
  return [`${indent}${titleText(question)}`, ...answerLines(question.isEmpty() ? undefined : question.displayValue, `${indent}   `)];
}

/**
 * A survey's answers as a person reads them, page by page (for the administrator's archive): each visible
 * question's title and its display value — the choices' texts, not their codes — as survey-core renders them.
 */
export async function answersAsText(
  definition: Pick<SurveyDefinitionRow, 'name' | 'json' | 'version'>,
  answers: Record<string, unknown>,
  submittedAt: Date | null,
): Promise<string> {
  const { Model } = await loadSurveyCore();
  const model = new Model(definition.json);
  model.locale = 'it';
  model.data = answers;
  const lines = [
    titleOf(definition),
    m.surveyVersion(definition.version),
    submittedAt ? m.surveySubmittedOn(italianDateTime(submittedAt)) : m.surveyNotSubmitted,
  ];
  for (const page of model.visiblePages) {
    lines.push('', `== ${(page.title || page.name).trim()} ==`);
    for (const question of page.questions) {
      if (!question.isVisible) continue;
      lines.push('', ...questionLines(question, ''));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
