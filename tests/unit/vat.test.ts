import { describe, expect, it } from 'vitest';
import { createOrganizationSchema, isValidPartitaIva, partitaIvaCheckDigit } from '../../domain/organization.ts';

describe('partita IVA check digit', () => {
  it.each([
    ['00488410010', 'Telecom Italia S.p.A.'],
    ['00905811006', 'Eni S.p.A.'],
    ['01114601006', 'Poste Italiane S.p.A.'],
    ['01057861005', 'Roma Capitale'],
  ])('accepts %s (%s)', (pIva) => {
    expect(isValidPartitaIva(pIva)).toBe(true);
  });

  it.each([
    ['00488410011', 'wrong check digit'],
    ['00905811007', 'wrong check digit'],
    ['12345678901', 'wrong check digit'],
    ['00000000000', 'all zeros'],
    ['0048841001', 'ten digits'],
    ['004884100100', 'twelve digits'],
    ['IT00488410010', 'country prefix'],
    ['0048841001A', 'a letter'],
    ['', 'empty'],
  ])('refuses %s (%s)', (pIva) => {
    expect(isValidPartitaIva(pIva)).toBe(false);
  });

  it('computes the digit that completes the first ten', () => {
    expect(partitaIvaCheckDigit('0048841001')).toBe(0);
    expect(partitaIvaCheckDigit('0090581100')).toBe(6);
  });
});

describe('registration schema', () => {
  it('says which rule the VAT number breaks, in Italian', () => {
    const messageFor = (pIva: string) =>
      createOrganizationSchema.safeParse({ pIva }).error?.issues.find((issue) => issue.path[0] === 'pIva')?.message;
    expect(messageFor('')).toBe('Campo obbligatorio');
    expect(messageFor('12a')).toBe('Inserire solo cifre');
    expect(messageFor('123456789012')).toBe('Limite caratteri max superato');
    expect(messageFor('1234')).toBe('La P.IVA deve essere composta da 11 cifre');
    expect(messageFor('00488410011')).toBe('La P.IVA inserita non è valida');
    expect(messageFor('00488410010')).toBeUndefined();
  });
});
