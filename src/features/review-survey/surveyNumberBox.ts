import { parseItalianNumber } from '../../../domain/italianNumbers.ts';
import { italianNumberError } from '../../../domain/messages/numbers.ts';
import { formatSurveyNumber, surveyNumberDecimals, surveyNumberKind, type SurveyQuestionShape } from '../../../domain/surveyNumbers.ts';

/** What a numeric question's box holds once the person leaves it: the answer to store, or why there is none. */
export interface LeftNumberBox {
  /** A JSON number, or undefined for an empty box and for a text that is not a number. */
  answer: number | undefined;
  /** The Italian error naming the expected form ("Inserisci un numero intero come 1.200"); null when readable. */
  error: string | null;
}

/**
 * Reads the text of a survey's numeric box the Italian way (domain/italianNumbers.ts), with the decimals its
 * question takes: "1.250.000" → 1250000, "12,5" → 12.5, "" → no answer, "1.2.3" or "6,5" for a count → an error.
 */
export function leaveNumberBox(question: SurveyQuestionShape, text: string): LeftNumberBox {
  const reading = parseItalianNumber(text, surveyNumberDecimals(question));
  if (!reading.ok) return { answer: undefined, error: italianNumberError(reading, surveyNumberKind(question)) };
  return { answer: reading.value ?? undefined, error: null };
}

/** What the box shows for a stored answer: the Italian form of a number, an older text answer as it is. */
export function numberBoxText(answer: unknown): string {
  if (typeof answer === 'number' && Number.isFinite(answer)) return formatSurveyNumber(answer);
  if (typeof answer === 'string') return answer;
  return '';
}
