import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../../machines/field-edit/fieldErrorsFromIssues.ts';
import { changedValues, hasChanges, rebaseDraft, withoutErrorsFor } from '../../machines/field-edit/fieldValues.ts';
import { toFieldSaveFailure } from '../../machines/field-edit/fieldEdit.machine.ts';

describe('field-edit values', () => {
  const stored = { name: 'Comune', region: '12', province: '58', publicParticipation: false };

  it('finds the keys that changed', () => {
    expect(changedValues(stored, { ...stored, region: '3', province: '' })).toEqual({ region: '3', province: '' });
    expect(hasChanges(stored, { ...stored })).toBe(false);
    expect(hasChanges(stored, { ...stored, publicParticipation: true })).toBe(true);
  });

  it('keeps the person’s own changes on top of values reloaded meanwhile', () => {
    const draft = { ...stored, name: 'Comune nuovo' };
    const reloaded = { ...stored, province: '60' };
    expect(rebaseDraft(stored, draft, reloaded)).toEqual({ ...reloaded, name: 'Comune nuovo' });
  });

  it('drops the message of a key edited again', () => {
    expect(withoutErrorsFor({ name: 'Campo obbligatorio', email: 'Indirizzo e-mail non valido' }, { name: 'C' })).toEqual({
      email: 'Indirizzo e-mail non valido',
    });
  });

  it('keeps the first message per key', () => {
    expect(
      fieldErrorsFromIssues([
        { path: ['name'], message: 'Campo obbligatorio' },
        { path: ['name'], message: 'Inserire almeno 3 caratteri' },
        { path: [], message: 'ignorato' },
        { path: ['email'], message: 'Indirizzo e-mail non valido' },
      ]),
    ).toEqual({ name: 'Campo obbligatorio', email: 'Indirizzo e-mail non valido' });
  });

  it('turns anything a save rejects with into a message to show', () => {
    expect(toFieldSaveFailure({ message: 'Errore!', fieldErrors: { name: 'x' } })).toEqual({
      message: 'Errore!',
      fieldErrors: { name: 'x' },
    });
    expect(toFieldSaveFailure(new Error(''))).toEqual({
      message: 'Si è verificato un errore imprevisto. Riprova tra poco.',
      fieldErrors: {},
    });
    expect(toFieldSaveFailure('boom').fieldErrors).toEqual({});
  });
});
