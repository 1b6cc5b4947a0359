import { emptyPuiApplication } from '../../domain/pui/puiApplication.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls } from '../../server/db/schema/calls.ts';
import { seedCalls } from '../../server/reference/calls.ts';
import { NO_APPLICATION_ID } from '../../domain/applicationStatus.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { applicationOf, forceApplicationStatus, historyRows, saveDraft, updateStatus } from '../support/applicationFixtures.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof personWithOrganization>>;
let b: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await personWithOrganization(t, { name: 'Comune di Alfa' });
  b = await personWithOrganization(t, { name: 'Comune di Beta' });
  admin = await t.loginAsAdmin();
});
afterAll(() => t.close());

describe('GET /api/Call/GetCallList', () => {
  it('lists the two calls from the database, TUR first, with the thresholds of spec §9', async () => {
    const response = await t.get('/api/Call/GetCallList', a.token);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((c: { fund: string }) => c.fund)).toEqual(['TUR', 'PUI']);
    expect(list[0]).toMatchObject({
      fund: 'TUR',
      compilazioneType: 0,
      title: 'Fondo Tematico Turismo Sostenibile',
      endOfWorksLimit: '2030-12-31',
      thresholds: {
        fundAmountWarning: 16_000_000,
        maxFundSharePercent: 50,
        propertyPurchaseMaxPercent: 10,
        energyCapexMinPercent: 50,
        digitalCapexMinPercent: 20,
      },
    });
    expect(list[1]).toMatchObject({
      fund: 'PUI',
      compilazioneType: 1,
      title: 'Fondo Tematico Piani Urbani Integrati',
      thresholds: { fundAmountWarning: 30_000_000, maxFundSharePercent: 50, propertyPurchaseMaxPercent: null },
    });
    expect(typeof list[0].isOpen).toBe('boolean');
    expect(Date.parse(list[0].opensAt)).toBeLessThan(Date.parse(list[0].closesAt));
  });

  it('reads what is in the table, and the calls file is the truth: storing it again puts back its values', async () => {
    await t.db.update(calls).set({ endOfWorksLimit: '2026-09-30' }).where(eq(calls.fund, 'PUI'));
    expect((await t.get('/api/Call/GetCallList', a.token)).json()[1].endOfWorksLimit).toBe('2026-09-30');
    await seedCalls(t.db);
    expect((await t.get('/api/Call/GetCallList', a.token)).json()[1].endOfWorksLimit).toBe('2030-12-31');
  });

  it('refuses anonymous callers', async () => {
    expect((await t.get('/api/Call/GetCallList')).statusCode).toBe(401);
  });
});

describe('compilation before anything was saved', () => {
  it.each([
    ['Tur', 'warningsTur'],
    ['Pui', 'warningsPui'],
  ])('Get%sCompilazione: all-zero id and Non avviata', async (name, warningsKey) => {
    const response = await t.get(`/api/${name}/Get${name}Compilazione?orgId=${a.orgId}`, a.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: NO_APPLICATION_ID,
      organizationId: a.orgId,
      compilazioneType: name === 'Tur' ? 0 : 1,
      status: 'Non avviata',
      statusCode: 'NON_AVVIATA',
      submittedAt: null,
      statusChangedAt: null,
      hasDraft: false,
      history: [],
      body: null,
      integrationRounds: [],
      receipts: [],
      [warningsKey]: [],
    });
  });

  it('has no draft (404) and has not submitted (false)', async () => {
    const draft = await t.get(`/api/DraftCompilazione/GetTurDraft?orgId=${a.orgId}`, a.token);
    expect(draft.statusCode).toBe(404);
    expect(draft.json().message).toBe('Nessuna bozza salvata per questo fondo.');
    const submitted = await t.get(`/api/DraftCompilazione/HasSubmittedTur?orgId=${a.orgId}`, a.token);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toBe(false);
  });

  it('is readable by platform admins, not by members of another organisation, not anonymously', async () => {
    expect((await t.get(`/api/Pui/GetPuiCompilazione?orgId=${a.orgId}`, admin.token)).statusCode).toBe(200);
    expect((await t.get(`/api/Pui/GetPuiCompilazione?orgId=${a.orgId}`, b.token)).statusCode).toBe(404);
    expect((await t.get(`/api/Pui/GetPuiCompilazione?orgId=${a.orgId}`)).statusCode).toBe(401);
    expect((await t.get(`/api/DraftCompilazione/GetPuiDraft?orgId=${a.orgId}`, b.token)).statusCode).toBe(404);
    expect((await t.get(`/api/DraftCompilazione/HasSubmittedPui?orgId=${a.orgId}`, b.token)).statusCode).toBe(404);
    expect((await t.get(`/api/Pui/GetPuiCompilazione?orgId=not-a-uuid`, a.token)).statusCode).toBe(404);
  });
});

describe('POST /api/DraftCompilazione/CreateDraftCompilazione', () => {
  it('stores the draft, counts versions and opens the application (Non avviata → Aperta, once in the history)', async () => {
    const first = await saveDraft(t, a.token, a.orgId, 'PUI', { progNome: 'Parco lineare del Tevere' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ compilazioneType: 1, version: 1, status: 'Aperta', statusCode: 'APERTA' });
    const second = await saveDraft(t, a.token, a.orgId, 'PUI', { progNome: 'Parco lineare del Tevere', costiTotale: 1200000 }, 1);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ version: 2, statusCode: 'APERTA', applicationId: first.json().applicationId });

    const draft = await t.get(`/api/DraftCompilazione/GetPuiDraft?orgId=${a.orgId}`, a.token);
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ compilazioneType: 1, version: 2 });
    // Stored as PUI values: what was sent, every other field empty, the organisation's id set by the server.
    expect(JSON.parse(draft.json().json)).toEqual({
      ...emptyPuiApplication(a.orgId),
      progNome: 'Parco lineare del Tevere',
      costiTotale: 1200000,
      percTotInvest: 0,
    });

    const compilation = (await t.get(`/api/Pui/GetPuiCompilazione?orgId=${a.orgId}`, a.token)).json();
    expect(compilation).toMatchObject({ id: first.json().applicationId, status: 'Aperta', hasDraft: true, submittedAt: null });
    expect(compilation.history).toEqual([{ status: 'Aperta', statusCode: 'APERTA', at: expect.any(String), note: null }]);
    expect(await historyRows(t, first.json().applicationId)).toHaveLength(1);
  });

  it('answers 412 when the draft changed since the version the client read, and keeps the stored one', async () => {
    const stale = await saveDraft(t, a.token, a.orgId, 'PUI', { progNome: 'Versione vecchia' }, 1);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error).toBe('draft_version_conflict');
    expect(stale.json().message).toMatch(/ricarica la pagina/);
    const row = await applicationOf(t, a.orgId, 'PUI');
    expect(row?.draftVersion).toBe(2);
    expect(row?.draft).toMatchObject({ progNome: 'Parco lineare del Tevere' });
  });

  it('of two saves from the same version at once, stores one and answers 412 to the other', async () => {
    // The one-statement autosave (statusChanges.saveDraft) checks the version on the locked row.
    const saves = await Promise.all(['Primo', 'Secondo'].map((progNome) => saveDraft(t, a.token, a.orgId, 'PUI', { progNome }, 2)));
    expect(saves.map((s) => s.statusCode).sort()).toEqual([200, 412]);
    const row = await applicationOf(t, a.orgId, 'PUI');
    expect(row?.draftVersion).toBe(3);
    const winner = saves.find((s) => s.statusCode === 200)!;
    expect(winner.json().version).toBe(3);
    expect(['Primo', 'Secondo']).toContain(row?.draft?.progNome);
    // Put back what the next cases expect.
    const restored = await saveDraft(t, a.token, a.orgId, 'PUI', { progNome: 'Parco lineare del Tevere', costiTotale: 1200000 }, 3);
    expect(restored.json().version).toBe(4);
  });

  it("saves nothing into another organisation's open draft: 404 for a stranger, 403 for a platform admin", async () => {
    // The application is Aperta at version 4: the one-statement save would match it but for the membership.
    for (const [token, status] of [
      [b.token, 404],
      [admin.token, 403],
    ] as const) {
      expect((await saveDraft(t, token, a.orgId, 'PUI', { progNome: 'Intruso' }, 4)).statusCode).toBe(status);
      expect((await saveDraft(t, token, a.orgId, 'PUI', { progNome: 'Intruso' })).statusCode).toBe(status);
      const malformed = await t.post(
        '/api/DraftCompilazione/CreateDraftCompilazione',
        { compilazioneType: 1, json: '{rotto', organizationId: a.orgId },
        token,
      );
      expect(malformed.statusCode).toBe(status);
    }
    const row = await applicationOf(t, a.orgId, 'PUI');
    expect(row).toMatchObject({ draftVersion: 4, draft: expect.objectContaining({ progNome: 'Parco lineare del Tevere' }) });
  });

  it('refuses anything but a JSON object, and drafts beyond the size limit', async () => {
    for (const json of ['[1,2]', 'null', '"testo"', '{rotto']) {
      const response = await t.post(
        '/api/DraftCompilazione/CreateDraftCompilazione',
        { compilazioneType: 0, json, organizationId: a.orgId },
        a.token,
      );
      expect(response.statusCode, json).toBe(400);
      expect(response.json().message).toBe('La bozza non è valida: deve essere un oggetto JSON.');
    }
    const huge = await t.post(
      '/api/DraftCompilazione/CreateDraftCompilazione',
      { compilazioneType: 0, json: JSON.stringify({ testo: 'x'.repeat(600 * 1024) }), organizationId: a.orgId },
      a.token,
    );
    expect(huge.statusCode).toBe(413);
    expect(await applicationOf(t, a.orgId, 'TUR')).toBeUndefined();
  });

  it('is for members only: platform admins and other organisations are refused, anonymous 401', async () => {
    expect((await saveDraft(t, admin.token, a.orgId, 'TUR', { x: 1 })).statusCode).toBe(403);
    expect((await saveDraft(t, b.token, a.orgId, 'TUR', { x: 1 })).statusCode).toBe(404);
    expect(
      (await t.post('/api/DraftCompilazione/CreateDraftCompilazione', { compilazioneType: 0, json: '{}', organizationId: a.orgId }))
        .statusCode,
    ).toBe(401);
    expect(await applicationOf(t, a.orgId, 'TUR')).toBeUndefined();
  });

  it('is refused (409) once the application is submitted; HasSubmitted turns true', async () => {
    const id = await forceApplicationStatus(t, b.orgId, 'TUR', 'CANDIDATURA_SOTTOMESSA', {
      draft: { progComune: 'Alba' },
      draftVersion: 4,
    });
    const response = await saveDraft(t, b.token, b.orgId, 'TUR', { progComune: 'Bra' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('La candidatura è già stata inviata: non è più possibile modificarla.');
    const row = await applicationOf(t, b.orgId, 'TUR');
    expect(row).toMatchObject({ id, status: 'CANDIDATURA_SOTTOMESSA', draftVersion: 4, draft: { progComune: 'Alba' } });
    expect((await t.get(`/api/DraftCompilazione/HasSubmittedTur?orgId=${b.orgId}`, b.token)).json()).toBe(true);
  });

  it('after an admin reopens the application (Aperta) the applicant can save again', async () => {
    const { id } = (await applicationOf(t, b.orgId, 'TUR'))!;
    const reopened = await updateStatus(t, admin.token, 'TUR', id, 'Aperta', 'Manca il cronoprogramma');
    expect(reopened.statusCode).toBe(200);
    expect((await t.get(`/api/DraftCompilazione/HasSubmittedTur?orgId=${b.orgId}`, b.token)).json()).toBe(false);
    const saved = await saveDraft(t, b.token, b.orgId, 'TUR', { progComune: 'Bra' }, 4);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 5, statusCode: 'APERTA' });
  });
});

describe('what applicants and admins see of the history', () => {
  it('applicants get statuses and dates only; admins get notes and names from GetCompilazioneHistory', async () => {
    const row = (await applicationOf(t, b.orgId, 'TUR'))!;
    const asApplicant = (await t.get(`/api/Tur/GetTurCompilazione?orgId=${b.orgId}`, b.token)).json();
    expect(asApplicant.history).toEqual([{ status: 'Aperta', statusCode: 'APERTA', at: expect.any(String), note: null }]);
    expect(JSON.stringify(asApplicant)).not.toContain('cronoprogramma');

    const history = await t.get(`/api/Organization/GetCompilazioneHistory?compilazioneId=${row.id}`, admin.token);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual([
      {
        fromStatus: 'Candidatura Sottomessa',
        fromStatusCode: 'CANDIDATURA_SOTTOMESSA',
        status: 'Aperta',
        statusCode: 'APERTA',
        note: 'Manca il cronoprogramma',
        actorRole: 'admin',
        actorName: expect.any(String),
        at: expect.any(String),
      },
    ]);
    expect((await t.get(`/api/Organization/GetCompilazioneHistory?compilazioneId=${row.id}`, b.token)).statusCode).toBe(403);
    expect((await t.get(`/api/Organization/GetCompilazioneHistory?compilazioneId=${row.id}`)).statusCode).toBe(401);
  });

  it('warnings are for admins: applicants get an empty list', async () => {
    await forceApplicationStatus(t, a.orgId, 'TUR', 'IN_VALUTAZIONE', {
      warnings: ['L\u2019importo richiesto al fondo supera 16.000.000 €'],
    });
    const asApplicant = (await t.get(`/api/Tur/GetTurCompilazione?orgId=${a.orgId}`, a.token)).json();
    expect(asApplicant.warningsTur).toEqual([]);
    const asAdmin = (await t.get(`/api/Tur/GetTurCompilazione?orgId=${a.orgId}`, admin.token)).json();
    expect(asAdmin.warningsTur).toEqual(['L\u2019importo richiesto al fondo supera 16.000.000 €']);
  });
});
