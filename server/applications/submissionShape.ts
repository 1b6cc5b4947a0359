import { isValid, parseISO } from 'date-fns';
import type { z } from 'zod';
import type { FundDefinition } from '../../domain/fundDefinition.ts';
import { submissionMessages } from '../../domain/messages/submission.ts';
import { readPath } from '../../domain/wizardFields.ts';
import type { ParsedSubmission } from './submitApplication.ts';

const m = submissionMessages;

/** What is wrong with a value, in the words of the 400 message. */
function problemOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_big':
      return m.tooLarge;
    case 'too_small':
      return m.tooSmall;
    case 'invalid_value':
      return m.notAllowed;
    case 'invalid_format':
      return m.badFormat;
    default:
      return m.wrongType;
  }
}

type Values = Record<string, unknown>;

/**
 * A submitted body checked for shape against the fund's schema (spec §7: the client sends the whole form
 * values). Keys the server sets itself are dropped first; a value of the wrong type, too long or a date that
 * does not exist is a 400 naming each field by its label ('Totale investimento: valore troppo piccolo').
 */
export function parseSubmissionBody<V extends Values>(
  definition: FundDefinition<V>,
  serverOwnedFields: readonly string[],
  body: unknown,
): ParsedSubmission<V> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, error: { error: 'validation_error', message: m.bodyNotObject } };
  }
  const source: Values = { ...(body as Values) };
  for (const key of serverOwnedFields) delete source[key];

  const labels = new Map<string, string>(definition.fields.map((field) => [field.name, field.label]));
  const invalid = (problems: { path: readonly PropertyKey[]; problem: string }[]): ParsedSubmission<V> => {
    const issues = problems.map(({ path, problem }) => {
      // List positions are the list's: 'puiRiferimento.1' is reported on 'puiRiferimento'.
      const field = path.filter((key) => typeof key === 'string').join('.');
      const label = labels.get(field) ?? definition.sectionLabels[field] ?? field;
      return { field, message: `${label}: ${problem}` };
    });
    const named = [...new Set(issues.map((issue) => issue.message))].join('; ');
    return { ok: false, error: { error: 'validation_error', message: m.invalidFields(named), field: issues[0]?.field, issues } };
  };

  const parsed = definition.schema.safeParse(source);
  if (!parsed.success) return invalid(parsed.error.issues.map((issue) => ({ path: issue.path, problem: problemOf(issue) })));
  // The YYYY-MM-DD pattern lets through days that do not exist (2026-02-30): they would silently move a date.
  const badDates = definition.fields
    .filter((field) => field.kind === 'date')
    .filter((field) => {
      const value = readPath(parsed.data, field.name);
      return typeof value === 'string' && !isValid(parseISO(value));
    });
  if (badDates.length > 0) return invalid(badDates.map((field) => ({ path: field.name.split('.'), problem: m.badDate })));
  return { ok: true, values: parsed.data as V };
}
