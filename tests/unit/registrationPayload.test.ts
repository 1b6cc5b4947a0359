import { CalendarDate } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { createOrganizationSchema } from '../../domain/organization.ts';
import { calendarDateToIso, toCreateOrganizationPayload } from '../../src/features/register-organization/registrationPayload.ts';
import { emptyRegistration, type RegistrationValues } from '../../src/features/register-organization/registrationValues.ts';

const filled: RegistrationValues = {
  ...emptyRegistration('12345678903'),
  name: '  Comune di Prova ',
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

describe('the CreateOrganization payload', () => {
  it('sends calendar dates as ISO strings with the Italian offset, the date itself first', () => {
    expect(calendarDateToIso(new CalendarDate(2015, 3, 1))).toBe('2015-03-01T00:00:00+01:00');
    expect(calendarDateToIso(new CalendarDate(1980, 7, 15))).toBe('1980-07-15T00:00:00+02:00');
  });

  it('turns empty optional fields into null and trims text', () => {
    const payload = toCreateOrganizationPayload(filled);
    expect(payload).toMatchObject({
      name: 'Comune di Prova',
      pIva: '12345678903',
      altro: null,
      percentParticipation: null,
      address: null,
      pec: null,
      region: null,
      data_di_costituzione: null,
    });
    expect(createOrganizationSchema.safeParse(payload).success).toBe(true);
  });

  it('carries every field of spec §3, with lookups as ids and the percentage as a number', () => {
    const payload = toCreateOrganizationPayload({
      ...filled,
      formaGiuridica: 8,
      altro: 'Fondazione di partecipazione',
      publicParticipation: true,
      percentParticipation: '35',
      region: 12,
      province: 58,
      comune: 58091,
      address: 'Via Roma',
      numCivico: '1',
      cap: '00184',
      data_di_costituzione: new CalendarDate(2001, 12, 31),
      data_di_nascita: new CalendarDate(1975, 6, 2),
    });
    expect(Object.keys(payload).sort()).toEqual(
      [
        'name',
        'formaGiuridica',
        'pIva',
        'codiceAteco',
        'altro',
        'publicParticipation',
        'percentParticipation',
        'description',
        'email',
        'telephone',
        'privacy',
        'address',
        'codiceFiscale',
        'comune',
        'contactReference',
        'luogo_di_nascita',
        'natura_del_soggetto_proponente',
        'numCivico',
        'cap',
        'pec',
        'province',
        'region',
        'role',
        'website',
        'data_di_costituzione',
        'data_di_nascita',
        'legaleRappresentanteNome',
        'legaleRappresentanteCognome',
        'legaleRappresentanteCodiceFiscale',
      ].sort(),
    );
    expect(payload).toMatchObject({
      altro: 'Fondazione di partecipazione',
      percentParticipation: 35,
      region: 12,
      province: 58,
      comune: 58091,
      cap: '00184',
      data_di_costituzione: '2001-12-31T00:00:00+01:00',
      data_di_nascita: '1975-06-02T00:00:00+02:00',
    });
    expect(createOrganizationSchema.safeParse(payload).success).toBe(true);
  });
});
