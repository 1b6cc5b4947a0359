import { describe, expect, it } from 'vitest';
import {
  formatSurveyNumber,
  isSurveyNumberQuestion,
  surveyNumberAnswerError,
  surveyNumberDecimals,
  surveyNumberKind,
} from '../../domain/surveyNumbers.ts';

/** A survey-core question as these rules see it. */
const question = (inputType: string, step?: number | string, type = 'text') => ({ getType: () => type, inputType, step });

describe("a survey's numeric questions", () => {
  it('are the text questions with inputType number', () => {
    expect(isSurveyNumberQuestion(question('number'))).toBe(true);
    expect(isSurveyNumberQuestion(question('date'))).toBe(false);
    expect(isSurveyNumberQuestion(question('text'))).toBe(false);
    expect(isSurveyNumberQuestion(question('number', undefined, 'comment'))).toBe(false);
  });

  it.each([
    [1, 0, 'integer'],
    [10, 0, 'integer'],
    ['1', 0, 'integer'],
    [0.5, 1, 'decimal'],
    [0.01, 2, 'decimal'],
    [0.001, 3, 'decimal'],
    [undefined, 2, 'decimal'],
    [0, 2, 'decimal'],
    ['any', 2, 'decimal'],
  ])('take as many decimals as their step says: %j → %d (%s)', (step, decimals, kind) => {
    expect(surveyNumberDecimals(question('number', step))).toBe(decimals);
    expect(surveyNumberKind(question('number', step))).toBe(kind);
  });

  it.each([
    [1_250_000, '1.250.000'],
    [6500, '6.500'],
    [12.5, '12,5'],
    [4.5, '4,5'],
    [1_250_000.5, '1.250.000,5'],
    [0.07, '0,07'],
    [999, '999'],
  ])('are shown the Italian way, as stored: %d → %s', (value, text) => {
    expect(formatSurveyNumber(value)).toBe(text);
  });

  it('accept no answer, and a JSON number with the decimals the question takes', () => {
    for (const value of [undefined, null, '']) expect(surveyNumberAnswerError(question('number', 1), value)).toBeNull();
    expect(surveyNumberAnswerError(question('number', 1), 6500)).toBeNull();
    expect(surveyNumberAnswerError(question('number', 0.01), 4.25)).toBeNull();
    expect(surveyNumberAnswerError(question('number'), 1_250_000.5)).toBeNull();
  });

  it('refuse a text (the masked "1.250.000"), more decimals than allowed, or a number too large to keep', () => {
    expect(surveyNumberAnswerError(question('number', 0.01), '1.250.000')).toBe('Inserisci un numero come 1.250,75');
    expect(surveyNumberAnswerError(question('number', 1), '6500')).toBe('Inserisci un numero intero come 1.200');
    expect(surveyNumberAnswerError(question('number', 1), 6.5)).toBe('Inserisci un numero intero, senza decimali, come 1.200');
    expect(surveyNumberAnswerError(question('number', 0.01), 4.555)).toBe(
      'Sono ammessi al massimo due decimali: inserisci un numero come 1.250,75',
    );
    expect(surveyNumberAnswerError(question('number'), 1e-7)).toBe(
      'Sono ammessi al massimo due decimali: inserisci un numero come 1.250,75',
    );
    expect(surveyNumberAnswerError(question('number'), 1e15)).toBe('Il numero inserito è troppo grande.');
  });
});
