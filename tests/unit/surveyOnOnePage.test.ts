import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Model, type PanelModel, type PanelModelBase } from 'survey-core';
import { describe, expect, it } from 'vitest';
import { onOnePage } from '../../src/features/review-survey/onePage.ts';

const SURVEYS = path.join(import.meta.dirname, '../../server/reference/surveys');
const definitions = readdirSync(SURVEYS)
  .filter((file) => file.endsWith('.json'))
  .map((file) => [file, JSON.parse(readFileSync(path.join(SURVEYS, file), 'utf8')) as Record<string, unknown>] as const);

/** What a person sees of each part of the one page: its title, and each question's number, title and visibility. */
function layout(survey: Model) {
  const page = survey.currentPage as PanelModelBase;
  return (page.elements as unknown as PanelModel[]).map((part) => ({
    title: part.title,
    asPage: part.showPanelAsPage,
    questions: part.questions.map((question) => [question.no, question.title, question.isVisible]),
  }));
}

describe('a survey laid out on one page', () => {
  it.each(definitions)('%s is drawn as SurveyJS draws it in singlePage mode', (_file, definition) => {
    const singlePage = new Model({ ...definition, questionsOnPageMode: 'singlePage' });
    const onePage = new Model(onOnePage(definition));
    expect(onePage.jsonErrors ?? []).toEqual([]);
    expect(onePage.pages).toHaveLength(1);
    expect(layout(onePage)).toEqual(layout(singlePage));
    expect(layout(onePage).every((part) => part.asPage)).toBe(true);
  });

  it.each(definitions)('%s takes and gives back the same answers', (_file, definition) => {
    const singlePage = new Model({ ...definition, questionsOnPageMode: 'singlePage' });
    const answers = Object.fromEntries(singlePage.getAllQuestions().map((question, index) => [question.valueName || question.name, index]));
    const onePage = new Model(onOnePage(definition));
    onePage.data = answers;
    singlePage.data = answers;
    expect(onePage.data).toEqual(singlePage.data);
    expect(onePage.getAllQuestions().map((question) => question.name)).toEqual(
      singlePage.getAllQuestions().map((question) => question.name),
    );
  });
});
