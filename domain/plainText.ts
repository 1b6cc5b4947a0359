import type { z } from 'zod';
import { inputMessages } from './messages/input.ts';

/**
 * The one rule for text a person types and somebody else reads (an organisation's name and profile, a person's
 * name, an administrator's note, an invitation's message): it reaches e-mails, the administrators' screens and
 * exports, where an invisible character can disguise what it says. Refused:
 *
 * - C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F), and the Unicode line and paragraph separators;
 * - the bidirectional controls that reorder what is shown (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
 *   U+061C): «‮gpj.exe» reads as «exe.jpg».
 *
 * A text of several lines (`'lines'`: a description, a note, a message) keeps its line breaks (\n, or \r\n as a
 * form may send it) and tabs; a text of one line (`'line'`: a name, an address) keeps neither.
 */
export type TextShape = 'line' | 'lines';

// eslint-disable-next-line no-control-regex -- these are exactly the characters refused
const CONTROL_OR_SEPARATOR = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const LINE_BREAK = /[\r\n]/u;

/** A line break, a tab, or \r\n, which a text of several lines keeps. */
function isLayout(text: string, at: number): boolean {
  const char = text[at];
  return char === '\n' || char === '\t' || (char === '\r' && text[at + 1] === '\n');
}

/** What is wrong with `text` under the rule, as the Italian message a person reads under the field; null if nothing. */
export function plainTextProblem(text: string, shape: TextShape): string | null {
  if (BIDI_CONTROL.test(text)) return inputMessages.invisibleCharacters;
  if (shape === 'line') {
    if (LINE_BREAK.test(text)) return inputMessages.lineBreak;
    return CONTROL_OR_SEPARATOR.test(text) ? inputMessages.invisibleCharacters : null;
  }
  for (let at = 0; at < text.length; at++) {
    if (CONTROL_OR_SEPARATOR.test(text[at]!) && !isLayout(text, at)) return inputMessages.invisibleCharacters;
  }
  return null;
}

/**
 * The rule as a zod refinement, for every schema of free text: `z.string().max(200).superRefine(plainText('line'))`.
 * The issue carries the catalogue's message, which the server prefixes with the field's label («Nome: …») and a
 * browser form shows under the field.
 */
export function plainText(shape: TextShape) {
  return (text: string, ctx: z.RefinementCtx<string>) => {
    const problem = plainTextProblem(text, shape);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: text });
  };
}
