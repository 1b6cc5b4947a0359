import { describe, expect, it } from 'vitest';
import { applyChange, emptyRegistration } from '../../src/features/register-organization/registrationValues.ts';

const inLazio = { ...emptyRegistration(), region: 12, province: 58, comune: 58091 };

describe('the registration form values', () => {
  it('starts with the VAT carried from /flow-organization, digits only', () => {
    expect(emptyRegistration('12345678903').pIva).toBe('12345678903');
    expect(emptyRegistration('IT12345678903').pIva).toBe('12345678903');
    expect(emptyRegistration().pIva).toBe('');
  });

  it('clears province and comune when the region changes (spec §4)', () => {
    expect(applyChange(inLazio, { field: 'region', value: 1 })).toMatchObject({ region: 1, province: null, comune: null });
    expect(applyChange(inLazio, { field: 'region', value: null })).toMatchObject({ region: null, province: null, comune: null });
  });

  it('clears the comune when the province changes, and keeps the region', () => {
    expect(applyChange(inLazio, { field: 'province', value: 56 })).toMatchObject({ region: 12, province: 56, comune: null });
  });

  it('keeps everything when the same region or province is chosen again', () => {
    expect(applyChange(inLazio, { field: 'region', value: 12 })).toBe(inLazio);
    expect(applyChange(inLazio, { field: 'province', value: 58 })).toBe(inLazio);
  });

  it('inserts only digits in VAT (11) and percentage (3), and keeps the telephone and the house number as typed', () => {
    const values = emptyRegistration();
    expect(applyChange(values, { field: 'pIva', value: '1234a5678903999' }).pIva).toBe('12345678903');
    // The telephone and the house number keep what is typed (issue 46): the rules check them, nothing is dropped.
    expect(applyChange(values, { field: 'telephone', value: '+39 06 123 456 789' }).telephone).toBe('+39 06 123 456 789');
    expect(applyChange(values, { field: 'numCivico', value: '12/B bis' }).numCivico).toBe('12/B bis');
    expect(applyChange(values, { field: 'percentParticipation', value: '1005%' }).percentParticipation).toBe('100');
  });

  it('takes the CAP as five digits at most, whatever else is typed or pasted', () => {
    const values = emptyRegistration();
    expect(applyChange(values, { field: 'cap', value: '50 123' }).cap).toBe('50123');
    expect(applyChange(values, { field: 'cap', value: 'I-001849' }).cap).toBe('00184');
  });

  it('writes the codice fiscale in capitals, at most 16 characters', () => {
    expect(applyChange(emptyRegistration(), { field: 'codiceFiscale', value: 'rssmra80a01h501uxx' }).codiceFiscale).toBe(
      'RSSMRA80A01H501U',
    );
  });

  it('forgets the percentage when public participation is switched off, and "altro" when the legal form is not 8', () => {
    const withPercent = { ...emptyRegistration(), publicParticipation: true, percentParticipation: '40' };
    expect(applyChange(withPercent, { field: 'publicParticipation', value: false })).toMatchObject({
      publicParticipation: false,
      percentParticipation: '',
    });
    const withAltro = { ...emptyRegistration(), formaGiuridica: 8, altro: 'Consorzio' };
    expect(applyChange(withAltro, { field: 'formaGiuridica', value: 8 }).altro).toBe('Consorzio');
    expect(applyChange(withAltro, { field: 'formaGiuridica', value: 3 }).altro).toBe('');
  });
});
