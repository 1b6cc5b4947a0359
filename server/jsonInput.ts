import { messages } from '../domain/messages.ts';
import { HttpError } from './errors.ts';

/**
 * Limits on what a client's JSON may look like, checked where it is parsed: the request bodies
 * (server/requestInput.ts) and the JSON texts inside them (a draft's `json`, a survey's answers).
 *
 * Depth: the wizard's values nest three levels, SurveyJS answers (dynamic panels in matrices) a few more;
 * far deeper input is an attack on every recursive reader after us (JSON.stringify, zod, jsonb).
 * U+0000: PostgreSQL refuses it in text and jsonb, so it would fail at the database as a 500; it is never
 * part of what a person types, so it is refused up front, naming the field.
 */
export const MAX_JSON_DEPTH = 32;

export type JsonProblem = { kind: 'too_deep' } | { kind: 'nul'; field: string };

/** The first problem of an already parsed value, found without recursion (the value may be deep). */
export function jsonProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { kind: 'nul', field: path };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= maxDepth) return { kind: 'too_deep' };
    const entries = Array.isArray(current) ? current.map((item, index) => [String(index), item] as const) : Object.entries(current);
    for (const [key, item] of entries) {
      const itemPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return { kind: 'nul', field: path || 'nome di un campo' };
      stack.push({ value: item, path: itemPath, depth: depth + 1 });
    }
  }
  return undefined;
}

/** The Italian refusal for a problem; `prefix` names the text the value came from (`json` of a draft). */
export function jsonProblemError(problem: JsonProblem, prefix = ''): HttpError {
  if (problem.kind === 'too_deep') return new HttpError(400, 'input_too_deep', messages.generic.inputTooDeep);
  const field = [prefix, problem.field].filter(Boolean).join('.');
  return new HttpError(400, 'input_nul_character', messages.generic.nulCharacter(field));
}

/** Throws the refusal when `value` breaks a limit. */
export function assertJsonWithinLimits(value: unknown, prefix = ''): void {
  const problem = jsonProblem(value);
  if (problem) throw jsonProblemError(problem, prefix);
}
