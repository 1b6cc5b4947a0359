import { describe, expect, it } from 'vitest';
import { updateUserRequestSchema } from '../../domain/account.ts';
import { inputMessages } from '../../domain/messages/input.ts';
import { sendInvitationsRequestSchema } from '../../domain/invitation.ts';
import { plainTextProblem } from '../../domain/plainText.ts';
import { registrationErrorsOf } from '../../src/features/register-organization/registrationValidation.ts';
import { emptyRegistration } from '../../src/features/register-organization/registrationValues.ts';

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const C0 = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];
const C1 = ['\u0080', '\u0085', '\u009b', '\u009f'];
const hex = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

describe('the rule for free text (domain/plainText.ts)', () => {
  it.each([...BIDI, ...C0, ...C1, '\u2028', '\u2029'].map((char) => [hex(char), char]))(
    'refuses %s in a line and in a text of several lines',
    (_name, char) => {
      for (const shape of ['line', 'lines'] as const) {
        expect(plainTextProblem(`Comune di ${char}Roccaverde`, shape), shape).toBe(inputMessages.invisibleCharacters);
      }
    },
  );

  it('keeps line breaks and tabs in a text of several lines, and only there', () => {
    expect(plainTextProblem('Prima riga\nseconda riga\r\n\tterza', 'lines')).toBeNull();
    expect(plainTextProblem('Comune\ndi Roccaverde', 'line')).toBe(inputMessages.lineBreak);
    expect(plainTextProblem('Comune\r\ndi Roccaverde', 'line')).toBe(inputMessages.lineBreak);
    expect(plainTextProblem('Comune\tdi Roccaverde', 'line')).toBe(inputMessages.invisibleCharacters);
    expect(plainTextProblem('Riga\rsovrascritta', 'lines')).toBe(inputMessages.invisibleCharacters);
  });

  it('accepts what Italian names and texts hold: accents, apostrophes, guillemets, emoji', () => {
    for (const text of ['Società Cooperativa «L’Àncora» – Forlì', 'Niccolò D’Angelo', 'Ciao 👋🏽 a tutti', 'جمعية']) {
      expect(plainTextProblem(text, 'line'), text).toBeNull();
    }
  });

  it('the browser’s registration form shows the message under the field, from the same schema', () => {
    const errors = registrationErrorsOf({ ...emptyRegistration(), name: 'Comune \u202egpj.exe', description: 'Riga uno\nriga due' });
    expect(errors.name).toBe(inputMessages.invisibleCharacters);
    expect(errors.description).toBeUndefined();
  });

  it('applies to a person’s names and to an invitation’s message', () => {
    const names = updateUserRequestSchema.safeParse({ id: 'x', firstName: 'Mario\u202e', lastName: 'Ro\u0085ssi' });
    expect(names.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['firstName', inputMessages.invisibleCharacters],
      ['lastName', inputMessages.invisibleCharacters],
    ]);
    const message = sendInvitationsRequestSchema.safeParse({ emails: ['a@esempio.it'], userId: 'x', message: 'Ciao\n\u2067a tutti' });
    expect(message.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['message', inputMessages.invisibleCharacters],
    ]);
  });
});
