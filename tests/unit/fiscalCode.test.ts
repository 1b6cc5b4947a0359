import { describe, expect, it } from 'vitest';
import { fiscalCodeCheckCharacter, fiscalCodeProblem, isValidFiscalCode, normaliseFiscalCode } from '../../domain/fiscalCode.ts';

/**
 * RSSMRA80A01H501U and MRTMTT25D09F205Z are the codes published as examples (Agenzia delle Entrate, Wikipedia): they
 * anchor the tables; the woman's and the omocodic codes are built from them by the rules.
 */
describe('the personal fiscal code', () => {
  it.each([
    ['RSSMRA80A01H501U', 'Mario Rossi, born in Rome on 1 January 1980'],
    ['MRTMTT25D09F205Z', 'Matteo Moretti, born in Milan on 9 April 1925'],
    ['BNCLRA85T45F205L', 'a woman: day 5 plus 40'],
    ['RSSMRA80A01H5LMX', 'omocodia: the place 501 written 5LM, and the check character worked out again'],
  ])('accepts %s (%s)', (code) => {
    expect(fiscalCodeProblem(code)).toBeNull();
  });

  it('works the check character out from odd and even positions', () => {
    expect(fiscalCodeCheckCharacter('RSSMRA80A01H501')).toBe('U');
  });

  it.each([
    ['RSSMRA80A01H501A', 'check'],
    ['RSSMRA80A01H5LMU', 'check'],
    ['RSSMRA80A01H501', 'length'],
    ['RSSMRA80Z01H501U', 'shape'],
    ['RSSMRA80A32H501U', 'date'],
    ['RSSMRA80B30H501U', 'date'],
    ['RSSMRA80A72H501U', 'date'],
    ['12345678901', 'length'],
    ['RSSMRA8OA01H501U', 'shape'],
  ])('refuses %s: %s', (code, problem) => {
    expect(fiscalCodeProblem(code)).toBe(problem);
  });

  it('reads the code as people type it and as SPID and CIE send it', () => {
    expect(normaliseFiscalCode(' rssmra80a01h501u ')).toBe('RSSMRA80A01H501U');
    expect(normaliseFiscalCode('TINIT-RSSMRA80A01H501U')).toBe('RSSMRA80A01H501U');
    expect(isValidFiscalCode('TINIT-RSSMRA80A01H501U')).toBe(true);
    expect(isValidFiscalCode('RSS MRA 80A01 H501U')).toBe(true);
  });
});
