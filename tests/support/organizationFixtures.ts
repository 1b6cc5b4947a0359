import { partitaIvaCheckDigit, type MemberRole } from '../../domain/organization.ts';
import { organizationMembers } from '../../server/db/schema/organizations.ts';
import type { TestApp } from './testApp.ts';

let sequence = 0;

/** A fresh partita IVA with a correct check digit (office code 058, Roma), different on every call. */
export function newPartitaIva(): string {
  sequence += 1;
  const firstTen = `${String(Date.now() % 1e4).padStart(4, '0')}${String(sequence).padStart(3, '0')}058`;
  return `${firstTen}${partitaIvaCheckDigit(firstTen)}`;
}

/** A complete, valid creation payload as the registration form sends it (spec §3). */
export function organizationPayload(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Comune di Vallerosa',
    formaGiuridica: 1,
    pIva: newPartitaIva(),
    codiceAteco: '84.11.10',
    altro: '',
    publicParticipation: false,
    percentParticipation: '',
    description: 'Comune che candida il recupero del centro storico ai fondi TUR e PUI.',
    email: 'protocollo@comune.vallerosa.it',
    telephone: '0612345678',
    privacy: true,
    address: 'Piazza del Municipio',
    codiceFiscale: '80012345678',
    comune: 58091, // Roma
    contactReference: 'Mario Bianchi',
    luogo_di_nascita: 'Roma',
    natura_del_soggetto_proponente: 'Ente locale',
    numCivico: '1',
    cap: '00184',
    pec: 'comune.vallerosa@pec.it',
    province: 58,
    region: 12,
    role: 'Sindaco',
    website: 'https://www.comune.vallerosa.it',
    data_di_costituzione: '1946-06-02T00:00:00+02:00',
    data_di_nascita: '1970-03-15T00:00:00+01:00',
    // The legal representative (issue 42): role, place and date of birth are the spec's fields above.
    legaleRappresentanteNome: 'Mario',
    legaleRappresentanteCognome: 'Bianchi',
    legaleRappresentanteCodiceFiscale: 'BNCMRA70C15H501Q',
    ...overrides,
  };
}

export const selected = (organizationId: string) => ({ SelectedOrganizationId: organizationId });

/** Registers a person and lets them create an organisation; returns both. */
export async function personWithOrganization(t: TestApp, overrides: Record<string, unknown> = {}) {
  const person = await t.register();
  const payload = organizationPayload(overrides);
  const created = await t.post('/api/Organization/CreateOrganization', payload, person.token);
  if (created.statusCode !== 201) throw new Error(`organisation not created: ${created.statusCode} ${created.body}`);
  const me = (await t.get('/api/User', person.token)).json() as { id: string };
  return { ...person, userId: me.id, orgId: (created.json() as { orgId: string }).orgId, payload };
}

/** Registers a person and makes them a member of the organisation with `role` (as an accepted invitation and a Referente's change would). */
export async function personWithRole<P extends { token: string } = Awaited<ReturnType<TestApp['register']>>>(
  t: TestApp,
  organizationId: string,
  role: MemberRole,
  person?: P,
) {
  const registered = person ?? ((await t.register()) as unknown as P);
  const me = (await t.get('/api/User', registered.token)).json() as { id: string };
  await t.db.insert(organizationMembers).values({ organizationId, userId: me.id, role });
  return { ...registered, userId: me.id };
}
