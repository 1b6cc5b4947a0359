import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFormMessages } from '../../domain/messages/applicationForm.ts';
import { submissionMessages } from '../../domain/messages/submission.ts';
import { turReferencesMessages } from '../../domain/messages/turReferences.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { applicationOf, historyRows, saveDraft, updateStatus } from '../support/applicationFixtures.ts';
import { completeTurApplication } from '../support/turFixtures.ts';

type Person = Awaited<ReturnType<typeof personWithOrganization>>;

const INCOMPLETE = 'Controlla che tutti i campi obbligatori siano compilati';
const form = applicationFormMessages;

/** Mandatory TUR attachment slots still empty, per organisation: what the attachments module will answer. */
const emptySlots = new Map<string, string[]>();

let t: TestApp;
let admin: { token: string };
let stranger: Person;

beforeAll(async () => {
  t = await createTestApp({
    missingRequiredAttachments: async (organizationId: string, fund: string) =>
      fund === 'TUR' ? (emptySlots.get(organizationId) ?? []) : [],
  });
  admin = await t.loginAsAdmin();
  stranger = await personWithOrganization(t, { name: 'Comune Estraneo' });
});
afterAll(() => t.close());

const createTur = (body: unknown, token?: string) => t.post('/api/Tur/CreateUpdateTur', body, token);

async function submissionRows(organizationId: string) {
  const row = await applicationOf(t, organizationId, 'TUR');
  return row ? (await historyRows(t, row.id)).filter((h) => h.toStatus === 'CANDIDATURA_SOTTOMESSA') : [];
}

describe('POST /api/Tur/CreateUpdateTur', () => {
  let owner: Person;
  beforeAll(async () => {
    owner = await personWithOrganization(t, { name: 'Comune di Montalcino' });
    expect((await saveDraft(t, owner.token, owner.orgId, 'TUR', { progNome: 'Bozza' })).statusCode).toBe(200);
  });

  it('refuses anonymous callers, admins, other organisations and unknown ones, and stores nothing', async () => {
    const body = completeTurApplication(owner.orgId);
    expect((await createTur(body)).statusCode).toBe(401);
    expect((await createTur(body, admin.token)).statusCode).toBe(403);
    expect((await createTur(body, stranger.token)).statusCode).toBe(404);
    expect((await createTur(completeTurApplication(randomUUID()), owner.token)).statusCode).toBe(404);
    expect((await applicationOf(t, owner.orgId, 'TUR'))?.status).toBe('APERTA');
  });

  it('422 listing every missing field by step when the application is incomplete', async () => {
    const response = await createTur({ organizationId: owner.orgId, progNome: 'Solo il nome' }, owner.token);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'application_incomplete', message: INCOMPLETE });
    expect(response.json().issues).toEqual(
      expect.arrayContaining([
        { field: 'progRegione', step: 'progetto', message: 'Campo obbligatorio' },
        { field: 'progAreaTematica', step: 'progetto', message: 'Campo obbligatorio' },
        { field: 'costiIintervento', step: 'fontiImpieghi', message: 'Campo obbligatorio' },
        { field: 'tempiInizioLavori', step: 'tempistiche', message: 'Campo obbligatorio' },
      ]),
    );
  });

  it('422 on the totals field when "Totale investimento" and "Fonti di copertura" differ by a cent', async () => {
    const response = await createTur(completeTurApplication(owner.orgId, { costiTotale: 8_000_000.01 }), owner.token);
    expect(response.statusCode).toBe(422);
    expect(response.json().issues).toEqual([{ field: 'costiTotale', step: 'fontiImpieghi', message: form.totalsDiffer }]);
  });

  it('422 for a comune outside the province, a province outside the region, an unknown thematic area', async () => {
    const florence = await createTur(completeTurApplication(owner.orgId, { progComune: '48017' }), owner.token);
    expect(florence.statusCode).toBe(422);
    expect(florence.json().issues).toEqual([{ field: 'progComune', step: 'progetto', message: turReferencesMessages.comuneNotInProvince }]);
    const milan = await createTur(completeTurApplication(owner.orgId, { progProvincia: '15', progComune: '15146' }), owner.token);
    expect(milan.json().issues).toEqual([{ field: 'progProvincia', step: 'progetto', message: turReferencesMessages.provinceNotInRegion }]);
    const area = await createTur(completeTurApplication(owner.orgId, { progAreaTematica: 999 }), owner.token);
    expect(area.json().issues).toEqual([{ field: 'progAreaTematica', step: 'progetto', message: submissionMessages.referenceUnknown }]);
  });

  it('400 naming the field for values of the wrong shape, province and comune as strings', async () => {
    for (const [override, label] of [
      [{ progComune: 52037 }, 'Comune'],
      [{ costiIintervento: 'tanti' }, 'Intervento richiesto al Fondo'],
      [{ turSurveyDto: { piantumazioni: 'forse' } }, 'Il progetto prevede la piantumazione di alberi?'],
      [{ turSurveyDto: { ristrutturazione: 'SI' } }, 'Il progetto prevede la ristrutturazione di edifici?'],
      [{ turSurveyDto: { classeEnergeticaPartenza: 'Z' } }, 'Classe energetica di partenza'],
      [{ turSurveyDto: { numeroPostiLetto: 12.5 } }, 'Numero di posti letto'],
      [{ turSurveyDto: { quantitaFER: -1 } }, 'Energia prodotta all\u2019anno'],
      [{ tempiInizioLavori: '2026-02-30' }, 'Data di inizio lavori'],
    ] as const) {
      const response = await createTur({ ...completeTurApplication(owner.orgId), ...override }, owner.token);
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().message, JSON.stringify(override)).toContain(label);
    }
  });

  it('422 naming each answer a yes asks among the indicators PUI asks too, and nothing stored', async () => {
    const body = completeTurApplication(owner.orgId, {
      turSurveyDto: {
        ...completeTurApplication(owner.orgId).turSurveyDto,
        ristrutturazione: 'true',
        mqSLP: 1250.5,
        energiaRinnovabile: 'true',
        potenzaFER: 150,
        smartSolution: 'true',
      },
    });
    const response = await createTur(body, owner.token);
    expect(response.statusCode).toBe(422);
    expect(response.json().issues).toEqual(
      [
        'tipoInterventoPrevisione',
        'consumoMWh',
        'classeEnergeticaPartenza',
        'classeEnergeticaRaggiunta',
        'quantitaFER',
        'tipoSmartSolution',
        'numeroInterventiSmartSolution',
      ].map((name) => ({ field: `turSurveyDto.${name}`, step: 'impatto', message: 'Campo obbligatorio' })),
    );
    expect((await applicationOf(t, owner.orgId, 'TUR'))?.status).toBe('APERTA');
  });

  it('422 naming the attachments step when a mandatory attachment is missing', async () => {
    emptySlots.set(owner.orgId, ['Informativa privacy firmata']);
    const response = await createTur(completeTurApplication(owner.orgId), owner.token);
    expect(response.statusCode).toBe(422);
    expect(response.json().issues).toEqual([
      { field: 'allegati', step: 'allegati', message: 'L\u2019allegato è obbligatorio: Informativa privacy firmata' },
    ]);
    emptySlots.delete(owner.orgId);
  });

  it('submits once as Candidatura Sottomessa with the warnings for admins; a double submit is one application; a change is 409', async () => {
    // 12,000,000 of 20,000,000 (60 %), property 3,000,000 (15 %), energy capex 8,000,000 (40 %), digital 2,000,000 (10 %).
    const body = {
      ...completeTurApplication(owner.orgId, {
        costiTotale: 20_000_000,
        costiImmobili: 3_000_000,
        costiTotaleCapexTransEnerg: 8_000_000,
        costiTotaleCapexTransDigital: 2_000_000,
        costiTotaleCircolante: 7_000_000,
        costiIintervento: 12_000_000,
        costiDdebito: 5_000_000,
        costiEquity: 2_000_000,
        costiPubblico: 1_000_000,
        turSurveyDto: {
          ...completeTurApplication(owner.orgId).turSurveyDto,
          piantumazioni: 'false',
          numeroPiantumazioni: 40,
          tipoAutorizzazione: 'Permesso di costruire',
          ristrutturazione: 'true',
          mqSLP: 1250.5,
          tipoInterventoPrevisione: 4,
          consumoMWh: 320.75,
          classeEnergeticaPartenza: 'G',
          classeEnergeticaRaggiunta: 'A',
          energiaRinnovabile: 'true',
          potenzaFER: 150,
          quantitaFER: 180.5,
          // Answers under a NO, or under no answer at all, are not kept.
          housing: 'false',
          canoniLocazione: 650,
          prezziCompravendita: 2350.5,
          postiLetto: null,
          numeroPostiLetto: 48,
          smartSolution: 'true',
          tipoSmartSolution: 'Sensori per i consumi idrici',
          numeroInterventiSmartSolution: 4,
          noteHousing: 'Nessun alloggio previsto',
        },
      }),
      status: 'Aperta',
      warningsTur: ['finto'],
      costiFontiCopertura: 1,
    };
    const [first, second] = await Promise.all([createTur(body, owner.token), createTur(body, owner.token)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json()).toMatchObject({ statusCode: 'CANDIDATURA_SOTTOMESSA', warningsTur: [] });
    // What the client computed or answered under a NO is not kept.
    expect(first.json().body).toMatchObject({
      costiFontiCopertura: 20_000_000,
      percTotInvest: 60,
      turSurveyDto: {
        numeroPiantumazioni: null,
        tipoAutorizzazione: 'Permesso di costruire',
        ristrutturazione: 'true',
        mqSLP: 1250.5,
        tipoInterventoPrevisione: 4,
        consumoMWh: 320.75,
        classeEnergeticaPartenza: 'G',
        classeEnergeticaRaggiunta: 'A',
        quantitaFER: 180.5,
        housing: 'false',
        canoniLocazione: null,
        prezziCompravendita: null,
        numeroPostiLetto: null,
        tipoSmartSolution: 'Sensori per i consumi idrici',
        numeroInterventiSmartSolution: 4,
        noteHousing: 'Nessun alloggio previsto',
      },
    });
    expect(await submissionRows(owner.orgId)).toHaveLength(1);

    const asAdmin = (await t.get(`/api/Tur/GetTurCompilazione?orgId=${owner.orgId}`, admin.token)).json();
    expect(asAdmin.warningsTur).toEqual([
      form.warningFundShare('50%'),
      form.warningPropertyPurchase('10%'),
      form.warningEnergyCapex('50%'),
      form.warningDigitalCapex('20%'),
    ]);
    expect((await t.get(`/api/Tur/GetTurCompilazione?orgId=${owner.orgId}`, owner.token)).json().warningsTur).toEqual([]);

    const changed = await createTur({ ...body, progNome: 'Un altro progetto' }, owner.token);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(submissionMessages.alreadySubmitted);
    expect((await t.get(`/api/DraftCompilazione/HasSubmittedTur?orgId=${owner.orgId}`, owner.token)).json()).toBe(true);

    // The admin moves it on through the generic status call, with the fund's own id key.
    expect((await updateStatus(t, admin.token, 'TUR', first.json().id, 'In valutazione')).statusCode).toBe(200);
  });
});
