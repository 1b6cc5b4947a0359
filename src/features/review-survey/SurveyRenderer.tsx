import { useEffect, useMemo } from 'react';
import { Model } from 'survey-core';
import 'survey-core/i18n/italian';
import 'survey-core/survey-core.fontless.min.css';
import { Survey } from 'survey-react-ui';
import { portalSurveyTheme } from './portalSurveyTheme.ts';
import './SurveyRenderer.css.ts';

export interface SurveyRendererProps {
  /** The SurveyJS definition, as the server pinned it. */
  definition: Record<string, unknown>;
  answers: Record<string, unknown>;
  readOnly: boolean;
  onChange?(answers: Record<string, unknown>): void;
  /** A question to take the person to (a submit refused for it). */
  focusQuestion?: string | null;
}

/**
 * One survey rendered by SurveyJS. Only the survey routes import this file (React.lazy), so SurveyJS and its
 * stylesheet never weigh on the other pages. Answers are data: SurveyJS shows them as text, never as markup.
 */
export default function SurveyRenderer({ definition, answers, readOnly, onChange, focusQuestion }: SurveyRendererProps) {
  // Built once per definition: the answers are the model's from then on.
  const model = useMemo(() => {
    const survey = new Model(definition);
    survey.locale = 'it';
    survey.applyTheme(portalSurveyTheme);
    survey.questionsOnPageMode = 'singlePage';
    survey.showCompleteButton = false;
    survey.showNavigationButtons = false;
    survey.readOnly = readOnly;
    if (readOnly) survey.validationEnabled = false;
    survey.data = answers;
    return survey;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- answers seed the model once; later ones come from the person
  }, [definition, readOnly]);

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
