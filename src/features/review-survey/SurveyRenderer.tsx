import { memo, useEffect, useMemo } from 'react';
import { Model, type Question } from 'survey-core';
import 'survey-core/i18n/italian';
import 'survey-core/survey-core.fontless.min.css';
import { Survey } from 'survey-react-ui';
import { surveyMessages } from '../../../domain/messages/survey.ts';
import { keepDropdownListsOpen } from './dropdownLists.ts';
import { onOnePage } from './onePage.ts';
import { drawInSteps, drawRemainingRows } from './progressiveRows.ts';
import { portalSurveyTheme } from './portalSurveyTheme.ts';
import { registerPortalTextQuestions } from './portalTextQuestions.tsx';
import { validateNumberAnswer } from './SurveyNumberQuestion.tsx';
import './SurveyRenderer.css.ts';

registerPortalTextQuestions();

export interface SurveyRendererProps {
  /** The SurveyJS definition, as the server pinned it. */
  definition: Record<string, unknown>;
  /** The answers the survey starts from; from then on they are the model's (see sameSurvey). */
  initialAnswers: Record<string, unknown>;
  readOnly: boolean;
  onChange?(answers: Record<string, unknown>): void;
  /** A question to take the person to (a submit refused for it). */
  focusQuestion?: string | null;
}

/**
 * One survey rendered by SurveyJS. Only the survey routes import this file (React.lazy), so SurveyJS and its
 * stylesheet never weigh on the other pages. Answers are data: SurveyJS shows them as text, never as markup.
 */
function SurveyRenderer({ definition, initialAnswers, readOnly, onChange, focusQuestion }: SurveyRendererProps) {
  // Built once per definition: the answers are the model's from then on.
  const scrollRegions = useMemo(() => new MatrixScrollRegions(), []);
  useEffect(() => () => scrollRegions.disconnect(), [scrollRegions]);
  const model = useMemo(() => {
    // All the pages on one (onePage.ts), and the settings that shape them, go in with the definition: set on a built
    // model, each of them walks every question again.
    const survey = new Model({ ...onOnePage(definition), locale: 'it', showNavigationButtons: false, readOnly });
    survey.onAfterRenderQuestion.add((_sender, { question, htmlElement }) => scrollRegions.watch(question, htmlElement));
    survey.onValidateQuestion.add(validateNumberAnswer);
    survey.applyTheme(portalSurveyTheme);
    survey.showCompleteButton = false;
    drawInSteps(survey);
    if (readOnly) survey.validationEnabled = false;
    survey.data = initialAnswers;
    return survey;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the initial answers seed the model once; later ones come from the person
  }, [definition, readOnly, scrollRegions]);

  // One click opens a dropdown's list, every time (dropdownLists.ts).
  useEffect(() => keepDropdownListsOpen(model), [model]);
  // The top of the survey first, then the rest a few rows at a time (progressiveRows.ts).
  useEffect(() => drawRemainingRows(model), [model]);

  useEffect(() => {
    if (!onChange) return;
    const send = () => onChange({ ...(model.data as Record<string, unknown>) });
    model.onValueChanged.add(send);
    model.onDynamicPanelValueChanged.add(send);
    model.onMatrixCellValueChanged.add(send);
    return () => {
      model.onValueChanged.remove(send);
      model.onDynamicPanelValueChanged.remove(send);
      model.onMatrixCellValueChanged.remove(send);
    };
  }, [model, onChange]);

  useEffect(() => {
    if (!focusQuestion) return;
    const question = model.getQuestionByName(focusQuestion);
    if (question) {
      model.validate(true);
      question.focus();
    }
  }, [model, focusQuestion]);

  return <Survey model={model} />;
}

/**
 * The survey renders again only when what it is built from changes, never because the page around it did. SurveyJS
 * renders itself from its model; a render from outside makes each of its text boxes write the model's value back
 * into the box (SurveyQuestionUncontrolledElement.updateDomElement), and a text box hands its text to the model only
 * when it is left. The wizard renders on every saved answer (the save's state, what was typed): text pasted,
 * autofilled or dictated into the next box in that instant was replaced by the box's old value. The initial answers
 * are left out on purpose: they only seed the model.
 */
function sameSurvey(before: SurveyRendererProps, after: SurveyRendererProps): boolean {
  return (
    before.definition === after.definition &&
    before.readOnly === after.readOnly &&
    before.onChange === after.onChange &&
    before.focusQuestion === after.focusQuestion
  );
}

export default memo(SurveyRenderer, sameSurvey);

const MATRIX_TYPES = new Set(['matrix', 'matrixdropdown', 'matrixdynamic']);

/**
 * A matrix that is still wider than its box (a desktop-layout matrix between the phone width, where SurveyJS
 * stacks its rows as cards, and a width where all its columns fit) scrolls inside SurveyJS's content box. That box
 * becomes a scroll region a keyboard reaches (WCAG 1.4.10, 2.1.1): role "region" named by the question's title,
 * tabindex 0 (the focus ring comes from SurveyRenderer.css.ts) and `data-scroll-region="table"`. While the matrix
 * fits, the box is plain again, so there is no extra tab stop.
 */
class MatrixScrollRegions {
  private readonly observers = new Set<ResizeObserver>();

  watch(question: Question, element: HTMLElement) {
    if (!MATRIX_TYPES.has(question.getType()) || typeof ResizeObserver === 'undefined') return;
    const update = () => markScrollRegion(element, question.processedTitle || question.name);
    // The observer's first call, once the page is laid out, sets the region: measuring here, while the survey is
    // being drawn, made the browser lay out the page once for each matrix.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    const table = element.querySelector('table');
    if (table) observer.observe(table);
    this.observers.add(observer);
  }

  disconnect() {
    for (const observer of this.observers) observer.disconnect();
    this.observers.clear();
  }
}

function markScrollRegion(question: HTMLElement, title: string) {
  const box = question.querySelector('.sd-table-wrapper')?.parentElement;
  if (!box) return;
  const scrolls = box.scrollWidth > box.clientWidth + 1;
  if (scrolls) {
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', surveyMessages.scrollingTable(title));
    box.setAttribute('tabindex', '0');
    box.setAttribute('data-scroll-region', 'table');
  } else if (box.getAttribute('data-scroll-region') === 'table') {
    box.setAttribute('role', 'presentation');
    box.removeAttribute('aria-label');
    box.removeAttribute('tabindex');
    box.removeAttribute('data-scroll-region');
  }
}
