import { inputMessages } from '../domain/messages/input.ts';
import { HttpError } from './errors.ts';

/**
 * Limits on what a client's JSON may look like, checked where it is parsed: the request bodies
 * (server/requestInput.ts) and the JSON texts inside them (a draft's `json`, a survey's answers).
 *
 * Depth: the wizard's values nest three levels, SurveyJS answers (dynamic panels in matrices) a few more;
 * far deeper input is an attack on every recursive reader after us (JSON.stringify, zod, jsonb).
 * U+0000 and lone UTF-16 surrogates (`"\ud800"`, half of a character): PostgreSQL refuses both in jsonb (the
 * first in text too), so they would fail at the database as a 500; neither is anything a person types, so
 * they are refused up front, naming the field, in values and in keys alike.
 * `__proto__`, `constructor`, `prototype` as keys: the names through which an object reaches its prototype;
 * no field of ours is called so, and answers or drafts carrying them are refused rather than stored.
 */
export const MAX_JSON_DEPTH = 32;

/** Keys no JSON we accept may use, at any level. */
export const FORBIDDEN_JSON_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export type JsonProblem =
  | { kind: 'too_deep' }
  | { kind: 'nul'; field: string }
  | { kind: 'lone_surrogate'; field: string }
  | { kind: 'forbidden_key'; key: string };

/** A surrogate not part of a pair: in a `u` regular expression a pair is one code point, so only lone halves match. */
const LONE_SURROGATE = /\p{Cs}/u;

function textProblem(text: string, field: string): JsonProblem | undefined {
  if (text.includes('\u0000')) return { kind: 'nul', field };
  if (LONE_SURROGATE.test(text)) return { kind: 'lone_surrogate', field };
  return undefined;
}

/** The first problem of an already parsed value, found without recursion (the value may be deep). */
export function jsonProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonProblem | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current, path);
      if (problem) return problem;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= maxDepth) return { kind: 'too_deep' };
    const entries = Array.isArray(current) ? current.map((item, index) => [String(index), item] as const) : Object.entries(current);
    for (const [key, item] of entries) {
      // A key names no field the person could find: the message names the object it is in.
      const keyProblem = textProblem(key, path || inputMessages.keyAsField);
      if (keyProblem) return keyProblem;
      if (FORBIDDEN_JSON_KEYS.has(key)) return { kind: 'forbidden_key', key };
      stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}

/** The Italian refusal for a problem; `prefix` names the text the value came from (`json` of a draft). */
export function jsonProblemError(problem: JsonProblem, prefix = ''): HttpError {
  switch (problem.kind) {
    case 'too_deep':
      return new HttpError(400, 'input_too_deep', inputMessages.inputTooDeep);
    case 'forbidden_key':
      return new HttpError(400, 'input_forbidden_key', inputMessages.forbiddenKey(problem.key));
    case 'nul':
      return new HttpError(400, 'input_nul_character', inputMessages.nulCharacter(fieldOf(prefix, problem.field)));
    case 'lone_surrogate':
      return new HttpError(400, 'input_lone_surrogate', inputMessages.loneSurrogate(fieldOf(prefix, problem.field)));
  }
}

const fieldOf = (prefix: string, field: string) => [prefix, field].filter(Boolean).join('.');

/** Throws the refusal when `value` breaks a limit. */
export function assertJsonWithinLimits(value: unknown, prefix = ''): void {
  const problem = jsonProblem(value);
  if (problem) throw jsonProblemError(problem, prefix);
}
