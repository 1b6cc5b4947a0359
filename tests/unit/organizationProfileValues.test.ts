import { describe, expect, it } from 'vitest';
import type { OrganizationDetail, OrganizationMember } from '../../domain/organization.ts';
import { memberActionFor } from '../../src/features/organization-profile/memberActions.ts';
import {
  displayValueOf,
  formatStoredDate,
  missingValueHint,
  profileFields,
} from '../../src/features/organization-profile/profileFields.ts';
import {
  checkProfileChanges,
  dependentChanges,
  profileValuesOf,
  territoryChanges,
} from '../../src/features/organization-profile/profileValues.ts';
import { calendarDateOf, isoWithOffsetOf } from '../../src/features/organization-profile/storedDate.ts';

const detail: OrganizationDetail = {
  id: '0b7f5f3e-2f4a-4c59-9a43-8d3b1f0c2a11',
  pIva: '12345670588',
  name: 'Comune di Vallerosa',
  formaGiuridica: 1,
  formaGiuridicaName: 'Ente pubblico',
  altro: null,
  codiceAteco: '84.11.10',
  publicParticipation: true,
  percentParticipation: 40,
  description: 'Comune che candida il recupero del centro storico.',
  email: 'protocollo@comune.vallerosa.it',
  telephone: '0612345678',
  privacy: true,
  address: 'Piazza del Municipio',
  codiceFiscale: '80012345678',
  region: 12,
  regionName: 'Lazio',
  province: 58,
  provinceName: 'Roma',
  comune: 58091,
  comuneName: 'Roma',
  numCivico: '1',
  cap: '00184',
  contactReference: 'Mario Bianchi',
  luogo_di_nascita: null,
  natura_del_soggetto_proponente: 'Ente locale',
  pec: null,
  role: 'Sindaco',
  website: null,
  data_di_costituzione: '1946-06-02T00:00:00+02:00',
  data_di_nascita: null,
  legaleRappresentanteNome: 'Mario',
  legaleRappresentanteCognome: 'Bianchi',
  legaleRappresentanteCodiceFiscale: 'BNCMRA70C15H501Q',
  secondoLegaleRappresentanteNome: null,
  secondoLegaleRappresentanteCognome: null,
  secondoLegaleRappresentanteCodiceFiscale: null,
  firmaCongiunta: false,
  legaleRappresentante: {
    nome: 'Mario',
    cognome: 'Bianchi',
    codiceFiscale: 'BNCMRA70C15H501Q',
    ruolo: 'Sindaco',
    luogoDiNascita: null,
    dataDiNascita: null,
  },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  members: [],
  myRole: 'admin',
  canEdit: true,
  status: 'active',
  suspensionReason: null,
  isLegalRepresentative: false,
};

const fieldById = (id: string) => profileFields.find((field) => field.id === id)!;

describe('the profile as the form holds it', () => {
  it('turns ids into strings and missing values into empty text, and leaves the VAT number out', () => {
    const values = profileValuesOf(detail);
    expect(values).toMatchObject({
      region: '12',
      province: '58',
      comune: '58091',
      formaGiuridica: '1',
      percentParticipation: '40',
      pec: '',
    });
    expect(values.publicParticipation).toBe(true);
    expect(values).not.toHaveProperty('pIva');
  });

  it('shows stored values the way people read them', () => {
    expect(displayValueOf(fieldById('territory'), detail)).toBe('Roma, Roma, Lazio');
    expect(displayValueOf(fieldById('publicParticipation'), detail)).toBe('Sì (40%)');
    expect(displayValueOf(fieldById('publicParticipation'), { ...detail, publicParticipation: false })).toBe('No');
    expect(displayValueOf(fieldById('data_di_costituzione'), detail)).toBe('02/06/1946');
    expect(
      displayValueOf(fieldById('formaGiuridica'), { ...detail, formaGiuridica: 8, formaGiuridicaName: 'Altro', altro: 'Fondazione' }),
    ).toBe('Altro – Fondazione');
    expect(displayValueOf(fieldById('pec'), detail)).toBe('');
    expect(formatStoredDate('non una data')).toBe('');
  });

  it('marks the spec’s required fields as required, and only those: §5 profile, and the page’s Indirizzo, Città, CAP', () => {
    expect(
      profileFields
        .filter((field) => field.isRequired)
        .map((field) => field.id)
        .sort(),
    ).toEqual(
      [
        'codiceAteco',
        'contactReference',
        'description',
        'email',
        'formaGiuridica',
        'name',
        'telephone',
        'address',
        'territory',
        'cap',
        'legaleRappresentanteNome',
        'legaleRappresentanteCognome',
        'legaleRappresentanteCodiceFiscale',
      ].sort(),
    );
  });

  it('shows the CAP, and asks for address, città and CAP an organisation has not given yet', () => {
    expect(displayValueOf(fieldById('cap'), detail)).toBe('00184');
    expect(profileValuesOf(detail).cap).toBe('00184');
    expect(missingValueHint(fieldById('cap'), detail)).toBeUndefined();
    const older = { ...detail, cap: null, address: null, comune: null, comuneName: null };
    expect(profileValuesOf(older).cap).toBe('');
    expect(missingValueHint(fieldById('cap'), older)).toBe('CAP richiesto');
    expect(missingValueHint(fieldById('address'), older)).toBe('Indirizzo richiesto');
    expect(missingValueHint(fieldById('territory'), older)).toBe('Città richiesta');
    expect(missingValueHint(fieldById('telephone'), older)).toBeUndefined();
  });

  it('asks an organisation registered without a legal representative for one (issue 42), and saves its other fields', () => {
    const older = {
      ...detail,
      legaleRappresentanteNome: null,
      legaleRappresentanteCognome: null,
      legaleRappresentanteCodiceFiscale: null,
      legaleRappresentante: null,
    };
    expect(missingValueHint(fieldById('legaleRappresentanteNome'), older)).toBe('Nome del legale rappresentante richiesto');
    expect(missingValueHint(fieldById('legaleRappresentanteCodiceFiscale'), older)).toBe(
      'Codice fiscale del legale rappresentante richiesto',
    );
    expect(missingValueHint(fieldById('legaleRappresentanteCodiceFiscale'), detail)).toBeUndefined();
    expect(checkProfileChanges(profileValuesOf(older), { telephone: '0698765432' })).toEqual({ ok: true });
    expect(checkProfileChanges(profileValuesOf(detail), { legaleRappresentanteCodiceFiscale: '' })).toEqual({
      ok: false,
      fieldErrors: { legaleRappresentanteCodiceFiscale: 'Codice fiscale del legale rappresentante richiesto' },
    });
    expect(checkProfileChanges(profileValuesOf(detail), { legaleRappresentanteCodiceFiscale: 'BNCMRA70C15H501A' })).toEqual({
      ok: false,
      fieldErrors: {
        legaleRappresentanteCodiceFiscale:
          'Il carattere di controllo (l\u2019ultimo) non corrisponde: controlla di aver scritto correttamente il codice fiscale.',
      },
    });
    expect(profileFields.filter((field) => field.section === 'legalRepresentative').map((field) => field.id)).toEqual([
      'legaleRappresentanteNome',
      'legaleRappresentanteCognome',
      'legaleRappresentanteCodiceFiscale',
      'role',
      'luogo_di_nascita',
      'data_di_nascita',
      'secondRepresentative',
    ]);
  });

  it('takes a second legal representative whole or not at all, never the first again, and joint only with one (issue 43)', () => {
    const values = profileValuesOf(detail);
    const second = {
      secondoLegaleRappresentanteNome: 'Lucia',
      secondoLegaleRappresentanteCognome: 'Verdi',
      secondoLegaleRappresentanteCodiceFiscale: 'vrd lcu 75 c52 h501 x',
    };
    expect(displayValueOf(fieldById('secondRepresentative'), detail)).toBe('Nessuno');
    expect(checkProfileChanges(values, { ...second, firmaCongiunta: true })).toEqual({ ok: true });
    expect(checkProfileChanges(values, { secondoLegaleRappresentanteNome: 'Lucia' })).toEqual({
      ok: false,
      fieldErrors: {
        secondoLegaleRappresentanteCognome: 'Cognome del secondo legale rappresentante richiesto',
        secondoLegaleRappresentanteCodiceFiscale: 'Codice fiscale del secondo legale rappresentante richiesto',
      },
    });
    expect(checkProfileChanges(values, { ...second, secondoLegaleRappresentanteCodiceFiscale: 'BNCMRA70C15H501Q' })).toEqual({
      ok: false,
      fieldErrors: {
        secondoLegaleRappresentanteCodiceFiscale: 'Il codice fiscale del secondo legale rappresentante è uguale a quello del primo',
      },
    });
    const withSecond = {
      ...detail,
      secondoLegaleRappresentanteNome: 'Lucia',
      secondoLegaleRappresentanteCognome: 'Verdi',
      secondoLegaleRappresentanteCodiceFiscale: 'VRDLCU75C52H501X',
      firmaCongiunta: true,
    };
    expect(displayValueOf(fieldById('secondRepresentative'), withSecond)).toBe(
      'Lucia Verdi (VRDLCU75C52H501X) \u2013 rappresentanza congiunta: la domanda va firmata da entrambi',
    );
    expect(displayValueOf(fieldById('secondRepresentative'), { ...withSecond, firmaCongiunta: false })).toMatch(/disgiunta/);
  });
});

describe('dependent resets (spec §4)', () => {
  it('clears province and comune when the region changes', () => {
    expect(territoryChanges('region', '3')).toEqual({ region: '3', province: '', comune: '' });
  });

  it('clears the comune when the province changes', () => {
    expect(territoryChanges('province', '15')).toEqual({ province: '15', comune: '' });
  });

  it('changes only the comune when the comune changes', () => {
    expect(territoryChanges('comune', '15146')).toEqual({ comune: '15146' });
  });

  it('empties "Altro" when another legal form is chosen, and the percentage when participation is switched off', () => {
    expect(dependentChanges('formaGiuridica', '2')).toEqual({ formaGiuridica: '2', altro: '' });
    expect(dependentChanges('formaGiuridica', '8')).toEqual({ formaGiuridica: '8' });
    expect(dependentChanges('publicParticipation', false)).toEqual({ publicParticipation: false, percentParticipation: '' });
    expect(dependentChanges('publicParticipation', true)).toEqual({ publicParticipation: true });
    expect(dependentChanges('name', 'Comune')).toEqual({ name: 'Comune' });
  });
});

describe('checking a change before it is sent (spec §5)', () => {
  const values = profileValuesOf(detail);

  it.each([
    ['name', 'Nome richiesto'],
    ['address', 'Indirizzo richiesto'],
    ['comune', 'Città richiesta'],
    ['cap', 'CAP richiesto'],
  ])('says the organisation page\u2019s own message when %s is emptied: %s', (key, message) => {
    expect(checkProfileChanges(values, { [key]: '' })).toEqual({ ok: false, fieldErrors: { [key]: message } });
    expect(checkProfileChanges(values, { [key]: '   ' })).toEqual({ ok: false, fieldErrors: { [key]: message } });
  });

  it('a new region without the città is refused with "Città richiesta"; with it, accepted', () => {
    expect(checkProfileChanges(values, territoryChanges('region', '9'))).toEqual({ ok: false, fieldErrors: { comune: 'Città richiesta' } });
    expect(checkProfileChanges(values, { region: '9', province: '48', comune: '48017' })).toEqual({ ok: true });
  });

  it('takes a CAP of five digits only', () => {
    expect(checkProfileChanges(values, { cap: '50123' })).toEqual({ ok: true });
    for (const cap of ['5012', '501234', '5O123', '50 12']) {
      expect(checkProfileChanges(values, { cap })).toEqual({ ok: false, fieldErrors: { cap: 'Il CAP deve essere composto da 5 cifre' } });
    }
  });

  it('saves another field of an organisation that has no CAP or address yet', () => {
    const older = profileValuesOf({ ...detail, cap: null, address: null });
    expect(checkProfileChanges(older, { telephone: '0698765432' })).toEqual({ ok: true });
  });

  it.each(['codiceAteco', 'contactReference', 'description', 'email', 'telephone', 'formaGiuridica'])(
    'says "Campo obbligatorio" when %s is emptied',
    (key) => {
      expect(checkProfileChanges(values, { [key]: '' })).toEqual({ ok: false, fieldErrors: { [key]: 'Campo obbligatorio' } });
    },
  );

  it('accepts a valid change', () => {
    expect(checkProfileChanges(values, { name: 'Comune di Vallerosa Alta' })).toEqual({ ok: true });
  });

  it('asks for the text of "Altro" and for the percentage of public participation', () => {
    expect(checkProfileChanges(values, { formaGiuridica: '8', altro: '' })).toEqual({
      ok: false,
      fieldErrors: { altro: 'Campo obbligatorio' },
    });
    expect(checkProfileChanges(values, { percentParticipation: '' })).toEqual({
      ok: false,
      fieldErrors: { percentParticipation: 'Campo obbligatorio' },
    });
  });

  it('refuses a phone number with letters and a description over 400 characters', () => {
    expect(checkProfileChanges(values, { telephone: '06-1234' })).toMatchObject({
      ok: false,
      fieldErrors: {
        telephone:
          'Numero di telefono non valido: scrivi da 6 a 15 cifre, anche separate da spazi e con il prefisso internazionale (es. +39 06 1234 5678)',
      },
    });
    expect(checkProfileChanges(values, { description: 'x'.repeat(401) })).toMatchObject({
      ok: false,
      fieldErrors: { description: 'Limite caratteri max superato' },
    });
  });
});

describe('dates', () => {
  it('reads the calendar day written in a stored date and writes midnight with the local offset', () => {
    const day = calendarDateOf('1946-06-02T00:00:00+02:00');
    expect(day?.toString()).toBe('1946-06-02');
    expect(isoWithOffsetOf(day)).toMatch(/^1946-06-02T00:00:00(Z|[+-]\d{2}:\d{2})$/);
    expect(calendarDateOf('')).toBeNull();
    expect(isoWithOffsetOf(null)).toBe('');
  });
});

describe('who may remove whom', () => {
  const me = 'u-me';
  const other: OrganizationMember = {
    userId: 'u-other',
    firstName: 'Anna',
    lastName: 'Neri',
    email: 'anna@esempio.it',
    role: 'editor',
    isLegalRepresentative: false,
  };
  const self: OrganizationMember = { ...other, userId: me };
  const selfAdmin: OrganizationMember = { ...self, role: 'admin' };
  const members = [selfAdmin, other];

  it('lets an organisation administrator remove others, and anybody leave', () => {
    expect(memberActionFor({ myRole: 'admin', members }, other, me)).toBe('remove');
    expect(memberActionFor({ myRole: 'editor', members: [self, other] }, other, me)).toBeNull();
    expect(memberActionFor({ myRole: 'editor', members: [self, other] }, self, me)).toBe('leave');
  });

  it('does not offer leaving to the last administrator, who the server would keep', () => {
    expect(memberActionFor({ myRole: 'admin', members }, selfAdmin, me)).toBeNull();
    const otherAdmin = { ...other, role: 'admin' as const };
    expect(memberActionFor({ myRole: 'admin', members: [selfAdmin, otherAdmin] }, selfAdmin, me)).toBe('leave');
  });

  it('offers nothing to a platform administrator reading the profile', () => {
    expect(memberActionFor({ myRole: null, members }, other, me)).toBeNull();
  });
});
