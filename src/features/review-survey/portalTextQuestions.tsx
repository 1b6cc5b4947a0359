import { createElement, type JSX } from 'react';
import { RendererFactory, type QuestionTextModel } from 'survey-core';
import { ReactQuestionFactory, SurveyQuestionText } from 'survey-react-ui';
import { SurveyDateQuestion } from './SurveyDateQuestion.tsx';
import { SurveyNumberQuestion } from './SurveyNumberQuestion.tsx';

const PORTAL_TEXT = 'portal-text';

/**
 * Every SurveyJS text question, wherever it sits (a page, a dynamic panel, a matrix cell, a multipletext item), is
 * rendered by the portal's renderer: numbers are read and shown the Italian way, and dates are the portal's Italian
 * date field (gg/mm/aaaa), whatever the browser's language; other text questions are SurveyJS's own. Registered as the default renderer of the "text" type, so no definition
 * has to ask for it. Called once, by the module that renders surveys.
 */
export function registerPortalTextQuestions(): void {
  // survey-react-ui declares the creator as taking a name; it is called with the question's props.
  ReactQuestionFactory.Instance.registerQuestion(PORTAL_TEXT, ((props: { question: QuestionTextModel }) => {
    if (props.question.inputType === 'number') return createElement(SurveyNumberQuestion, { question: props.question });
    if (props.question.inputType === 'date') return createElement(SurveyDateQuestion, { question: props.question });
    return createElement(SurveyQuestionText, props);
  }) as unknown as (name: string) => JSX.Element);
  RendererFactory.Instance.registerRenderer('text', PORTAL_TEXT, PORTAL_TEXT, true);
}
