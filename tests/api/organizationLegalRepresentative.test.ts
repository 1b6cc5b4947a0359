import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationEvents, organizations } from '../../server/db/schema/organizations.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { organizationPayload, personWithOrganization } from '../support/organizationFixtures.ts';

/** Issue 42: the legal representative is a person (name, codice fiscale, role, place and date of birth). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const detailOf = async (orgId: string, token: string) =>
  (await t.get(`/api/Organization/GetOrganizationById?id=${orgId}`, token)).json() as Record<string, unknown>;
const historyOf = (orgId: string) => t.db.select().from(organizationEvents).where(eq(organizationEvents.organizationId, orgId));
const storedProfile = async (orgId: string) => (await t.db.select().from(organizations).where(eq(organizations.id, orgId)))[0]!.profile;
/** The second representative's keys of a profile that names only one (issue 43), as the history records them. */
const NO_SECOND_REPRESENTATIVE = {
  secondoLegaleRappresentanteNome: null,
  secondoLegaleRappresentanteCognome: null,
  secondoLegaleRappresentanteCodiceFiscale: null,
  firmaCongiunta: false,
};

describe('CreateOrganization with the legal representative', () => {
  it('stores the representative typed as people type it, structured and in the spec’s fields', async () => {
    const o = await personWithOrganization(t, {
      legaleRappresentanteNome: ' Anna ',
      legaleRappresentanteCognome: 'Verdi',
      // Lower case and spaces, as a person may type it: stored normalised.
      legaleRappresentanteCodiceFiscale: 'vrd gli 85t52 f205t',
      role: 'Amministratore unico',
      luogo_di_nascita: 'Milano',
      data_di_nascita: '1985-12-12T00:00:00+01:00',
    });
    const detail = await detailOf(o.orgId, o.token);
    expect(detail).toMatchObject({
      legaleRappresentanteNome: 'Anna',
      legaleRappresentanteCognome: 'Verdi',
      legaleRappresentanteCodiceFiscale: 'VRDGLI85T52F205T',
      // The spec's fields (§3) keep the representative's role, place and date of birth for a client that reads only them.
      role: 'Amministratore unico',
      luogo_di_nascita: 'Milano',
      data_di_nascita: '1985-12-12T00:00:00+01:00',
      legaleRappresentante: {
        nome: 'Anna',
        cognome: 'Verdi',
        codiceFiscale: 'VRDGLI85T52F205T',
        ruolo: 'Amministratore unico',
        luogoDiNascita: 'Milano',
        dataDiNascita: '1985-12-12T00:00:00+01:00',
      },
    });
    expect(await storedProfile(o.orgId)).toMatchObject({
      legaleRappresentanteNome: 'Anna',
      legaleRappresentanteCognome: 'Verdi',
      legaleRappresentanteCodiceFiscale: 'VRDGLI85T52F205T',
      role: 'Amministratore unico',
    });
  });

  it('accepts a code with omocodia letters', async () => {
    // BNCMRA70C15H501Q with the place's last digit 1 → M, and its check character worked out again.
    const o = await personWithOrganization(t, { legaleRappresentanteCodiceFiscale: 'BNCMRA70C15H50MI' });
    expect(await detailOf(o.orgId, o.token)).toMatchObject({ legaleRappresentanteCodiceFiscale: 'BNCMRA70C15H50MI' });
  });

  it('refuses a registration without the representative’s name, surname or codice fiscale, or with a wrong code', async () => {
    const person = await t.register();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ legaleRappresentanteNome: undefined }, 'legaleRappresentanteNome', 'Nome del legale rappresentante richiesto'],
      [{ legaleRappresentanteNome: '  ' }, 'legaleRappresentanteNome', 'Nome del legale rappresentante richiesto'],
      [{ legaleRappresentanteCognome: '' }, 'legaleRappresentanteCognome', 'Cognome del legale rappresentante richiesto'],
      [
        { legaleRappresentanteCodiceFiscale: null },
        'legaleRappresentanteCodiceFiscale',
        'Codice fiscale del legale rappresentante richiesto',
      ],
      [
        { legaleRappresentanteCodiceFiscale: 'BNCMRA70C15H501A' },
        'legaleRappresentanteCodiceFiscale',
        'Codice fiscale del legale rappresentante: Il carattere di controllo (l\u2019ultimo) non corrisponde: controlla di aver scritto correttamente il codice fiscale.',
      ],
      [
        { legaleRappresentanteCodiceFiscale: 'BNCMRA70C15' },
        'legaleRappresentanteCodiceFiscale',
        'Codice fiscale del legale rappresentante: Il codice fiscale deve essere di 16 caratteri.',
      ],
      // The organisation's own number is not a person's code.
      [
        { legaleRappresentanteCodiceFiscale: '80012345678' },
        'legaleRappresentanteCodiceFiscale',
        'Codice fiscale del legale rappresentante: Il codice fiscale deve essere di 16 caratteri.',
      ],
    ];
    for (const [change, field, message] of cases) {
      const refused = await t.post('/api/Organization/CreateOrganization', organizationPayload(change), person.token);
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json(), JSON.stringify(change)).toMatchObject({ error: 'validation_error', field, message });
    }
    expect((await t.get('/api/Organization/GetOrganizations', person.token)).json()).toEqual([]);
  });
});

describe('UpdateOrganization and the legal representative', () => {
  it('changes the representative, mirrors the spec’s fields and keeps who changed it in the organisation’s history', async () => {
    const o = await personWithOrganization(t);
    const before = await storedProfile(o.orgId);
    const changed = await t.post(
      '/api/Organization/UpdateOrganization',
      {
        id: o.orgId,
        legaleRappresentanteNome: 'Giulia',
        legaleRappresentanteCognome: 'Verdi',
        legaleRappresentanteCodiceFiscale: 'VRDGLI85T52F205T',
        role: 'Legale rappresentante',
        luogo_di_nascita: 'Milano',
        data_di_nascita: '1985-12-12T00:00:00+01:00',
      },
      o.token,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      role: 'Legale rappresentante',
      luogo_di_nascita: 'Milano',
      data_di_nascita: '1985-12-12T00:00:00+01:00',
      legaleRappresentante: { nome: 'Giulia', cognome: 'Verdi', codiceFiscale: 'VRDGLI85T52F205T', ruolo: 'Legale rappresentante' },
    });
    expect(await detailOf(o.orgId, o.token)).toMatchObject({ legaleRappresentanteCodiceFiscale: 'VRDGLI85T52F205T' });
    const [event, ...others] = await historyOf(o.orgId);
    expect(others).toEqual([]);
    expect(event).toMatchObject({ kind: 'legal_representative.changed', actorUserId: o.userId, actorIsPlatformAdmin: false });
    expect(event!.details).toEqual({
      before: {
        legaleRappresentanteNome: before.legaleRappresentanteNome,
        legaleRappresentanteCognome: before.legaleRappresentanteCognome,
        legaleRappresentanteCodiceFiscale: before.legaleRappresentanteCodiceFiscale,
        role: before.role,
        luogo_di_nascita: before.luogo_di_nascita,
        data_di_nascita: before.data_di_nascita,
        ...NO_SECOND_REPRESENTATIVE,
      },
      after: {
        legaleRappresentanteNome: 'Giulia',
        legaleRappresentanteCognome: 'Verdi',
        legaleRappresentanteCodiceFiscale: 'VRDGLI85T52F205T',
        role: 'Legale rappresentante',
        luogo_di_nascita: 'Milano',
        data_di_nascita: expect.stringMatching(/^1985-12-1[12]T/),
        ...NO_SECOND_REPRESENTATIVE,
      },
    });

    // A save of another field is not a change of the representative.
    expect((await t.post('/api/Organization/UpdateOrganization', { id: o.orgId, telephone: '0611111111' }, o.token)).statusCode).toBe(200);
    expect(await historyOf(o.orgId)).toHaveLength(1);
  });

  it('refuses emptying the representative or a wrong code, with the page’s own words, and changes nothing', async () => {
    const o = await personWithOrganization(t);
    const before = await storedProfile(o.orgId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ legaleRappresentanteNome: '' }, 'legaleRappresentanteNome', 'Nome del legale rappresentante richiesto'],
      [{ legaleRappresentanteCognome: null }, 'legaleRappresentanteCognome', 'Cognome del legale rappresentante richiesto'],
      [
        { legaleRappresentanteCodiceFiscale: '' },
        'legaleRappresentanteCodiceFiscale',
        'Codice fiscale del legale rappresentante richiesto',
      ],
      [
        { legaleRappresentanteCodiceFiscale: 'BNCMRA70C35H501Q' },
        'legaleRappresentanteCodiceFiscale',
        'Codice fiscale del legale rappresentante: La data di nascita indicata nel codice fiscale non esiste: controlla i caratteri dal 7° all\u201911°.',
      ],
    ];
    for (const [change, field, message] of cases) {
      const refused = await t.post('/api/Organization/UpdateOrganization', { id: o.orgId, ...change }, o.token);
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json(), JSON.stringify(change)).toMatchObject({ error: 'validation_error', field, message });
    }
    expect(await storedProfile(o.orgId)).toEqual(before);
  });

  it('an organisation registered before the representative existed still loads and saves its other fields, then names one', async () => {
    const o = await personWithOrganization(t);
    const {
      legaleRappresentanteNome: _n,
      legaleRappresentanteCognome: _c,
      legaleRappresentanteCodiceFiscale: _cf,
      ...older
    } = await storedProfile(o.orgId);
    await t.db.update(organizations).set({ profile: older }).where(eq(organizations.id, o.orgId));
    expect(await detailOf(o.orgId, o.token)).toMatchObject({
      legaleRappresentanteNome: null,
      legaleRappresentanteCodiceFiscale: null,
      legaleRappresentante: null,
      // The spec's free text is still there.
      role: 'Sindaco',
    });

    const phone = await t.post('/api/Organization/UpdateOrganization', { id: o.orgId, telephone: '0698765432' }, o.token);
    expect(phone.statusCode).toBe(200);
    expect(phone.json()).toMatchObject({ telephone: '0698765432', legaleRappresentante: null });

    const named = await t.post(
      '/api/Organization/UpdateOrganization',
      {
        id: o.orgId,
        legaleRappresentanteNome: 'Mario',
        legaleRappresentanteCognome: 'Bianchi',
        legaleRappresentanteCodiceFiscale: 'BNCMRA70C15H501Q',
      },
      o.token,
    );
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({
      legaleRappresentante: { nome: 'Mario', cognome: 'Bianchi', codiceFiscale: 'BNCMRA70C15H501Q', ruolo: 'Sindaco' },
    });
  });
});
