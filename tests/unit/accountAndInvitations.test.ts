import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../src/api/errors.ts';
import { accountValuesOf, checkAccountValues } from '../../src/features/account/accountValues.ts';
import { acceptFailureOf } from '../../src/features/invitations/acceptFailure.ts';
import { checkInviteAddresses } from '../../src/features/invitations/checkInviteAddresses.ts';

describe('account names (spec §5)', () => {
  const user = { id: 'u1' };

  it('asks for at least 3 characters, with the spec’s messages', () => {
    expect(checkAccountValues(user, { firstName: 'Al', lastName: 'Rossi' })).toEqual({
      ok: false,
      fieldErrors: { firstName: 'Campo Nome obbligatorio' },
    });
    expect(checkAccountValues(user, { firstName: 'Alba', lastName: '  ' })).toEqual({
      ok: false,
      fieldErrors: { lastName: 'Campo Cognome obbligatorio' },
    });
  });

  it('trims what it sends', () => {
    expect(checkAccountValues(user, { firstName: ' Alba ', lastName: 'Rossi' })).toEqual({
      ok: true,
      names: { firstName: 'Alba', lastName: 'Rossi' },
    });
    expect(accountValuesOf({ firstName: 'Alba', lastName: 'Rossi' })).toEqual({ firstName: 'Alba', lastName: 'Rossi' });
  });
});

describe('invitation addresses (spec §5: an at-sign, and a real address)', () => {
  it('keeps addresses, once each and lower-cased, and names the others with their position', () => {
    expect(checkInviteAddresses(['Anna.Neri@Esempio.it', 'anna.neri@esempio.it', 'senza-chiocciola', 'nome@'])).toEqual({
      valid: ['anna.neri@esempio.it'],
      invalid: [
        { index: 2, address: 'senza-chiocciola', message: 'Indirizzo e-mail non valido' },
        { index: 3, address: 'nome@', message: 'Indirizzo e-mail non valido' },
      ],
    });
  });
});

describe('a refused invitation', () => {
  it('tells a person signed in with another address how to get out', () => {
    expect(acceptFailureOf(new ApiRequestError(403, 'invitation_wrong_account', 'Altro indirizzo'))).toEqual({
      message: 'Altro indirizzo',
      isWrongAccount: true,
    });
    expect(acceptFailureOf(new ApiRequestError(410, 'invitation_expired', 'Scaduto'))).toEqual({
      message: 'Scaduto',
      isWrongAccount: false,
    });
    expect(acceptFailureOf(new Error('x')).isWrongAccount).toBe(false);
  });
});
