import { parseDate, type CalendarDate } from '@internationalized/date';
import { useRef, useState } from 'react';
import type { QuestionTextModel } from 'survey-core';
import { DatePicker } from '../../ui/DatePicker.tsx';

/** A date the person has chosen or typed whole, and the answer the question held then. */
interface ChosenDate {
  date: CalendarDate | null;
  answer: unknown;
}

/** A stored answer ('YYYY-MM-DD') as a calendar date; null for none or for anything else. */
function calendarDateOf(answer: unknown): CalendarDate | null {
  if (typeof answer !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(answer)) return null;
  try {
    return parseDate(answer);
  } catch {
    return null;
  }
}

/** The question's answer becomes the chosen day, as ISO 'YYYY-MM-DD', or none. */
function answerWith(question: QuestionTextModel, date: CalendarDate | null): void {
  const iso = date === null ? undefined : date.toString();
  if (question.value !== iso) question.value = iso;
}

/**
 * A date question of a survey (SurveyJS `"inputType": "date"`) as the portal's own Italian date field (gg/mm/aaaa,
 * typed segment by segment or picked from the calendar), not the browser's date input, which follows the browser's
 * language. The answer stays an ISO day, 'YYYY-MM-DD'. It is handed to SurveyJS when the field is left, not while
 * the year is being typed (2, 20, 202 are whole dates too: each would be saved). The title, description and errors
 * are SurveyJS's, around the field, which refers to them.
 */
export function SurveyDateQuestion({ question }: { question: QuestionTextModel }) {
  const answer: unknown = question.value;
  const [chosen, setChosen] = useState<ChosenDate | null>(null);
  // What leaving the field hands over: the field may report a date while it is being left, before this renders.
  const pending = useRef<ChosenDate | null>(null);
  const own = chosen !== null && chosen.answer === answer ? chosen : null;
  return (
    <DatePicker
      aria-label={question.a11y_input_ariaLabel ?? undefined}
      aria-labelledby={question.a11y_input_ariaLabelledBy ?? undefined}
      aria-describedby={question.a11y_input_ariaDescribedBy ?? undefined}
      isRequired={question.isRequired}
      isInvalid={question.errors.length > 0}
      isReadOnly={question.isReadOnly}
      value={own === null ? calendarDateOf(answer) : own.date}
      onChange={(date) => {
        pending.current = { date, answer };
        setChosen(pending.current);
      }}
      onBlur={() => {
        const left = pending.current;
        pending.current = null;
        if (left === null) return;
        setChosen(null);
        answerWith(question, left.date);
      }}
    />
  );
}
