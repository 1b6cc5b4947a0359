import { useState } from 'react';
import type { Question, QuestionTextModel, SurveyModel, ValidateQuestionEvent } from 'survey-core';
import { surveyNumberDecimals, validateSurveyNumber } from '../../../domain/surveyNumbers.ts';
import { leaveNumberBox, numberBoxText } from './surveyNumberBox.ts';

/** Boxes left holding a text that is not a number, with the Italian error that names the form expected. */
const unreadable = new WeakMap<Question, string>();

/** survey.onValidateQuestion: the numbers' check (domain/surveyNumbers.ts), with the text left in a box that is not a number. */
export function validateNumberAnswer(_survey: SurveyModel, options: ValidateQuestionEvent): void {
  // A text that is not a number leaves no answer: once an answer comes from elsewhere, that text is gone.
  validateSurveyNumber(options, options.question.isEmpty() ? unreadable.get(options.question) : undefined);
}

/**
 * The person leaves the box: its answer becomes the number the text means, or none for a text that is not a number,
 * which the box keeps (the text it returns) with its error.
 */
function leaveBox(question: QuestionTextModel, text: string): Typed | null {
  const left = leaveNumberBox(question, text);
  const hadError = unreadable.has(question);
  if (left.error === null) unreadable.delete(question);
  else unreadable.set(question, left.error);
  if (question.value !== left.answer) question.value = left.answer;
  // The error shown at once, and taken away at once when the text is a number again.
  if (left.error !== null || hadError) question.validate(true);
  return left.error === null ? null : { text, answer: question.value as unknown };
}

/** What the person typed, and the answer the question held then: an answer set elsewhere replaces the text. */
interface Typed {
  text: string;
  answer: unknown;
}

/**
 * A numeric question of a survey (SurveyJS `"inputType": "number"`), as the portal's other numeric boxes read
 * numbers (domain/italianNumbers.ts): "1.250.000", "12,5", "1 250 000". A text box, not the browser's number
 * input, whose reading follows the browser's language ("1.250.000" became 1.25, "4,5" became 45). The text stays
 * what the person types; leaving the box hands SurveyJS a JSON number and shows it the Italian way, or keeps the
 * text and shows the Italian error naming the expected form, with no answer stored. SurveyJS renders this again on
 * every change of the question (its answer, errors, read-only), through the question's wrapper.
 */
export function SurveyNumberQuestion({ question }: { question: QuestionTextModel }) {
  const answer: unknown = question.value;
  const [typed, setTyped] = useState<Typed | null>(null);
  const own = typed !== null && typed.answer === answer ? typed : null;

  return (
    <div className={question.getRootClass()}>
      <input
        id={question.inputId}
        type="text"
        inputMode={surveyNumberDecimals(question) === 0 ? 'numeric' : 'decimal'}
        autoComplete="off"
        className={question.getControlClass()}
        value={own === null ? numberBoxText(answer) : own.text}
        placeholder={question.renderedPlaceholder}
        readOnly={question.isReadOnlyAttr}
        disabled={question.isDisabledAttr}
        onChange={(event) => setTyped({ text: event.target.value, answer })}
        onBlur={() => {
          if (own !== null) setTyped(leaveBox(question, own.text));
        }}
        aria-required={question.a11y_input_ariaRequired}
        aria-label={question.a11y_input_ariaLabel ?? undefined}
        aria-labelledby={question.a11y_input_ariaLabelledBy ?? undefined}
        aria-describedby={question.a11y_input_ariaDescribedBy ?? undefined}
        aria-invalid={question.a11y_input_ariaInvalid}
        aria-errormessage={question.a11y_input_ariaErrormessage ?? undefined}
      />
    </div>
  );
}
