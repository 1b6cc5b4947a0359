import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineFund } from '../../domain/fundDefinition.ts';
import type { Fund } from '../../domain/applicationStatus.ts';
import type { FundEntry } from '../../domain/funds.ts';
import { fieldIssues } from '../../domain/wizardFields.ts';
import type { FieldSpec } from '../../domain/wizardFields.ts';
import type { ServerFund } from '../../server/applications/fundModule.ts';
import { calls } from '../../server/db/schema/calls.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { historyRows } from '../support/applicationFixtures.ts';

// ---------------------------------------------------------------------------------------------------------
// A made-up third fund, written the way docs/ARCHITECTURE.md says a fund is added: a definition (what would
// be domain/tst/), one registry entry, one server module. No generic code knows it.
// ---------------------------------------------------------------------------------------------------------

const schema = z.object({
  organizationId: z.string().max(64).default(''),
  titolo: z.string().max(200).default(''),
  importo: z.number().min(0).max(1e9).nullable().default(null),
  totale: z.number().min(0).max(1e9).nullable().default(null),
  quota: z.number().nullable().default(null),
  dettagli: z.object({ nota: z.string().max(100).default('') }).default({ nota: '' }),
});
type TstValues = z.infer<typeof schema>;

const fields: FieldSpec[] = [
  { name: 'titolo', label: 'Titolo del progetto', kind: 'text', step: 'progetto', required: true },
  { name: 'importo', label: 'Importo richiesto', kind: 'amount', step: 'progetto', required: true },
  { name: 'totale', label: 'Totale investimento', kind: 'amount', step: 'progetto', required: true },
  { name: 'dettagli.nota', label: 'Nota', kind: 'text', step: 'progetto' },
];

const withQuota = (values: TstValues): TstValues => ({
  ...values,
  quota: values.importo !== null && values.totale ? Math.round((values.importo / values.totale) * 10000) / 100 : null,
});

const tstDefinition = defineFund<TstValues>({
  // The type Fund names the portal's two funds: a made-up one is only known at run time.
  fund: 'TST' as Fund,
  title: 'Candidatura Fondo di Prova',
  steps: [
    { id: 'progetto', title: 'Progetto', kind: 'form' },
    { id: 'invia', title: 'Invia Candidatura', kind: 'submit' },
  ],
  schema,
  fields,
  blockingDateField: 'fineLavori',
  sectionLabels: { dettagli: 'Dettagli' },
  withComputedValues: withQuota,
  applyChange: (values, field, value) => withQuota({ ...values, [field]: value }),
  validate: (values) => fieldIssues(values, fields),
  warnings: (values, thresholds) =>
    values.quota !== null && values.quota > thresholds.maxFundSharePercent ? ['Quota oltre il massimo'] : [],
});

const tstEntry: FundEntry = {
  fund: 'TST',
  compilazioneType: 7,
  controller: 'Tst',
  submitPath: '/api/Tst/CreateTst',
  idQueryKey: 'tstId',
  warningsKey: 'warningsTst',
  title: 'Fondo di Prova',
  slug: 'tst',
};

const tstFund: ServerFund = {
  entry: tstEntry,
  application: {
    definition: tstDefinition,
    serverOwnedFields: ['status', 'quota', 'warningsTst'],
    prepare: (values: TstValues) => values,
    referenceIssues: (values: TstValues) =>
      values.titolo === 'Vietato' ? [{ field: 'titolo', step: 'progetto', message: 'Titolo non ammesso' }] : [],
  },
};

let t: TestApp;
let person: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp({ extraFunds: () => [tstFund] });
  // The call of the new fund: configuration data, like the two seeded calls.
  await t.db.insert(calls).values({
    fund: 'TST',
    title: 'Fondo di Prova',
    opensAt: new Date('2026-01-01T00:00:00+01:00'),
    closesAt: new Date('2027-01-01T00:00:00+01:00'),
    endOfWorksLimit: '2026-08-31',
    thresholds: {
      fundAmountWarning: 1e6,
      maxFundSharePercent: 50,
      propertyPurchaseMaxPercent: null,
      energyCapexMinPercent: null,
      digitalCapexMinPercent: null,
    },
  });
  person = await personWithOrganization(t, { name: 'Comune di Prova' });
  admin = await t.loginAsAdmin();
});
afterAll(() => t.close());

describe('a fund added by a definition and one registry entry per side', () => {
  it('autosaves its drafts through CreateDraftCompilazione and serves them as its own values', async () => {
    const saved = await t.post(
      '/api/DraftCompilazione/CreateDraftCompilazione',
      {
        compilazioneType: 7,
        json: JSON.stringify({ titolo: 'Piazza nuova', importo: 'non un numero', ignoto: 1, dettagli: { nota: 'ok', altro: 2 } }),
        organizationId: person.orgId,
        version: 0,
      },
      person.token,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ compilazioneType: 7, version: 1, statusCode: 'APERTA' });

    const draft = await t.get(`/api/DraftCompilazione/GetTstDraft?orgId=${person.orgId}`, person.token);
    expect(draft.statusCode).toBe(200);
    // Unknown keys dropped, a value of the wrong type emptied, nested groups read the same way.
    expect(JSON.parse(draft.json().json)).toEqual({
      organizationId: person.orgId,
      titolo: 'Piazza nuova',
      importo: null,
      totale: null,
      quota: null,
      dettagli: { nota: 'ok' },
    });
    expect((await t.get(`/api/DraftCompilazione/HasSubmittedTst?orgId=${person.orgId}`, person.token)).json()).toBe(false);
  });

  it('refuses an unknown compilazioneType with an Italian message', async () => {
    const unknown = await t.post(
      '/api/DraftCompilazione/CreateDraftCompilazione',
      { compilazioneType: 42, json: '{}', organizationId: person.orgId },
      person.token,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/fondo/i);
  });

  it('checks shape (400 by label), rules and references (422 by field and step) on submit', async () => {
    const wrongType = await t.post(
      tstEntry.submitPath,
      { organizationId: person.orgId, titolo: 3, dettagli: { nota: 'x'.repeat(101) } },
      person.token,
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toContain('Titolo del progetto: tipo di valore non valido');
    expect(wrongType.json().message).toContain('Nota: valore troppo lungo o troppo grande');

    const incomplete = await t.post(tstEntry.submitPath, { organizationId: person.orgId, titolo: 'Vietato' }, person.token);
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().issues).toEqual(
      expect.arrayContaining([
        { field: 'importo', step: 'progetto', message: 'Campo obbligatorio' },
        { field: 'titolo', step: 'progetto', message: 'Titolo non ammesso' },
      ]),
    );
  });

  it('submits once, as Candidatura Sottomessa, with the warnings under its own key for admins only', async () => {
    const body = { organizationId: person.orgId, titolo: 'Piazza nuova', importo: 800, totale: 1000, quota: 1, status: 'x' };
    const [first, again] = [await t.post(tstEntry.submitPath, body, person.token), await t.post(tstEntry.submitPath, body, person.token)];
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ statusCode: 'CANDIDATURA_SOTTOMESSA', warningsTst: [], body: { quota: 80 } });

    const asAdmin = await t.get(`/api/Tst/GetTstCompilazione?orgId=${person.orgId}`, admin.token);
    expect(asAdmin.json()).toMatchObject({ statusCode: 'CANDIDATURA_SOTTOMESSA', warningsTst: ['Quota oltre il massimo'] });
    const submissions = (await historyRows(t, first.json().id)).filter((row) => row.toStatus === 'CANDIDATURA_SOTTOMESSA');
    expect(submissions).toHaveLength(1);

    const changed = await t.post(tstEntry.submitPath, { ...body, titolo: 'Altro' }, person.token);
    expect(changed.statusCode).toBe(409);

    const evaluate = await t.post(
      `/api/Tst/UpdateTstCompilazioneStatus?tstId=${first.json().id}&status=In%20valutazione`,
      undefined,
      admin.token,
    );
    expect(evaluate.statusCode).toBe(200);
    expect(evaluate.json()).toMatchObject({ statusCode: 'IN_VALUTAZIONE' });
  });
});
