import { describe, expect, it } from 'vitest';
import { hasRequiredFields, registrationErrorsOf } from '../../src/features/register-organization/registrationValidation.ts';
import { emptyRegistration, type RegistrationValues } from '../../src/features/register-organization/registrationValues.ts';

const filled: RegistrationValues = {
  ...emptyRegistration('12345678903'),
  name: 'Comune di Prova',
  formaGiuridica: 3,
  codiceAteco: '84.11.10',
  description: 'Ente locale',
  email: 'protocollo@comune.prova.it',
  telephone: '0612345678',
  contactReference: 'Giulia Rossi',
  legaleRappresentanteNome: 'Giulia',
  legaleRappresentanteCognome: 'Verdi',
  legaleRappresentanteCodiceFiscale: 'VRDGLI85T52F205T',
  privacy: true,
};

describe('Registra is enabled (spec §5)', () => {
  it('once every required field is filled', () => {
    expect(hasRequiredFields(emptyRegistration())).toBe(false);
    expect(hasRequiredFields(filled)).toBe(true);
    expect(hasRequiredFields({ ...filled, privacy: false })).toBe(false);
    expect(hasRequiredFields({ ...filled, contactReference: '   ' })).toBe(false);
  });

  it('and, with public participation on, once the percentage is set', () => {
    expect(hasRequiredFields({ ...filled, publicParticipation: true })).toBe(false);
    expect(hasRequiredFields({ ...filled, publicParticipation: true, percentParticipation: '0' })).toBe(true);
  });
});

describe('the messages of the registration form', () => {
  it('are none for a valid form', () => {
    expect(registrationErrorsOf(filled)).toEqual({});
  });

  it('say a CAP of fewer than five digits is not one; none is fine at registration (spec §5 Register organisation)', () => {
    expect(registrationErrorsOf({ ...filled, cap: '5012' })).toEqual({ cap: 'Il CAP deve essere composto da 5 cifre' });
    expect(registrationErrorsOf({ ...filled, cap: '50123' })).toEqual({});
    expect(registrationErrorsOf({ ...filled, cap: '' })).toEqual({});
    expect(hasRequiredFields({ ...filled, cap: '' })).toBe(true);
  });

  it('say "Campo obbligatorio" for each empty required field', () => {
    const errors = registrationErrorsOf({ ...emptyRegistration(), privacy: true });
    for (const field of [
      'name',
      'formaGiuridica',
      'pIva',
      'codiceAteco',
      'description',
      'email',
      'telephone',
      'contactReference',
    ] as const) {
      expect(errors[field]).toBe('Campo obbligatorio');
    }
    // The legal representative's say whose they are (issue 42).
    expect(errors).toMatchObject({
      legaleRappresentanteNome: 'Nome del legale rappresentante richiesto',
      legaleRappresentanteCognome: 'Cognome del legale rappresentante richiesto',
      legaleRappresentanteCodiceFiscale: 'Codice fiscale del legale rappresentante richiesto',
    });
  });

  it('need the legal representative, and say what is wrong with their codice fiscale (issue 42)', () => {
    expect(hasRequiredFields({ ...filled, legaleRappresentanteCodiceFiscale: '' })).toBe(false);
    expect(hasRequiredFields({ ...filled, legaleRappresentanteCognome: ' ' })).toBe(false);
    expect(registrationErrorsOf({ ...filled, legaleRappresentanteCodiceFiscale: 'VRDGLI85T52F205A' })).toEqual({
      legaleRappresentanteCodiceFiscale:
        'Il carattere di controllo (l\u2019ultimo) non corrisponde: controlla di aver scritto correttamente il codice fiscale.',
    });
    expect(registrationErrorsOf({ ...filled, legaleRappresentanteCodiceFiscale: 'VRDGLI85T52' })).toEqual({
      legaleRappresentanteCodiceFiscale: 'Il codice fiscale deve essere di 16 caratteri.',
    });
  });

  it('are the domain schema messages: name too short, description over 400, wrong check digit, altro for form 8', () => {
    const errors = registrationErrorsOf({
      ...filled,
      name: 'AB',
      description: 'x'.repeat(401),
      pIva: '12345678904',
      formaGiuridica: 8,
    });
    expect(errors).toMatchObject({
      name: 'Inserire almeno 3 caratteri',
      description: 'Limite caratteri max superato',
      pIva: 'La P.IVA inserita non è valida',
      altro: 'Campo obbligatorio',
    });
  });

  it('ask for the percentage when public participation is on, and refuse privacy not accepted', () => {
    expect(registrationErrorsOf({ ...filled, publicParticipation: true })).toEqual({
      percentParticipation: 'Campo obbligatorio',
    });
    expect(registrationErrorsOf({ ...filled, privacy: false }).privacy).toBe("È necessario accettare l'informativa sulla privacy");
  });
});

describe('a legal form "Altro" (id 8)', () => {
  it('keeps Registra disabled until its text is given', () => {
    expect(hasRequiredFields({ ...filled, formaGiuridica: 8 })).toBe(false);
    expect(hasRequiredFields({ ...filled, formaGiuridica: 8, altro: 'Consorzio' })).toBe(true);
  });
});
