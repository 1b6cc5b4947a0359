import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStatusLabels, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import { bulkActionSchema, bulkActionListSchema, type BulkAction } from '../../domain/bulkActions.ts';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { bulkActionsMessages } from '../../domain/messages/bulkActions.ts';
import { partitaIvaCheckDigit } from '../../domain/organization.ts';
import { applications, applicationStatusHistory } from '../../server/db/schema/applications.ts';
import { bulkActionItems } from '../../server/db/schema/bulkActions.ts';
import { statusNotifications } from '../../server/db/schema/notifications.ts';
import { organizations } from '../../server/db/schema/organizations.ts';
import { forceApplicationStatus, saveDraft } from '../support/applicationFixtures.ts';
import { samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { zipDirectory } from '../support/zipEntries.ts';

/**
 * Actions on many applications at once (issue 44): 55 organisations "Ente Bulk …" (two pages of the admin list), 30
 * of them with a TUR application in mixed statuses, and organisations the search does not find. Every status change
 * goes through the lifecycle on its own; what it refuses is listed with the reason; what it allows gets its own
 * history row and its own e-mail in the outbox; nothing is changed twice.
 */

let t: TestApp;
let admin: { token: string };
const MIXED: ApplicationStatusCode[] = [
  'CANDIDATURA_SOTTOMESSA',
  'INTEGRAZIONE_SOTTOMESSA',
  'IN_VALUTAZIONE',
  'AMMISSIBILE',
  'APERTA',
  'DELIBERATA',
];
/** Application id → its status before the action. */
const before = new Map<string, ApplicationStatusCode>();
let outsider: string;

async function insertOrganization(name: string, index: number): Promise<string> {
  const firstTen = `8${String(index).padStart(6, '0')}058`;
  const [row] = await t.db
    .insert(organizations)
    .values({ name, email: `ente${index}@bulk.test`, pIva: `${firstTen}${partitaIvaCheckDigit(firstTen)}`, profile: { description: name } })
    .returning({ id: organizations.id });
  return row!.id;
}

async function waitForAction(id: string): Promise<BulkAction> {
  await t.bulkActions.idle();
  const answer = await t.get(`/api/BulkAction/GetBulkAction?id=${id}`, admin.token);
  expect(answer.statusCode, answer.body).toBe(200);
  return bulkActionSchema.parse(answer.json());
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAsAdmin();
  for (let i = 1; i <= 55; i++) {
    const organizationId = await insertOrganization(`Ente Bulk ${String(i).padStart(2, '0')}`, i);
    if (i > 30) continue;
    const status = MIXED[i % MIXED.length]!;
    const submitted = status !== 'APERTA';
    const id = await forceApplicationStatus(t, organizationId, 'TUR', status, {
      submittedAt: submitted ? new Date(Date.UTC(2026, 2, i, 9)) : null,
      draft: { progNome: `Progetto ${i}` },
    });
    before.set(id, status);
  }
  const other = await insertOrganization('Altro Ente Fuori Ricerca', 99);
  outsider = await forceApplicationStatus(t, other, 'TUR', 'CANDIDATURA_SOTTOMESSA', { submittedAt: new Date('2026-03-01T09:00:00Z') });
});
afterAll(() => t.close());

describe('a status change of every application matching the filters and search', () => {
  it('counts what a filter names before acting, beyond the list’s first page', async () => {
    const count = async (filters: Record<string, unknown>) => {
      const answer = await t.post('/api/BulkAction/CountSelection', { selection: { filters } }, admin.token);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as { count: number }).count;
    };
    // 55 organisations match the search (two pages of 50); 30 of them have an application.
    expect(await count({ q: 'ente bulk' })).toBe(30);
    expect(await count({ q: 'ente bulk', statuses: ['CANDIDATURA_SOTTOMESSA'] })).toBe(5);
    expect(await count({ q: 'ente bulk', fund: 'PUI' })).toBe(0);
    // Italian calendar days, both ends included: 1–5 March are organisations 1–5, minus the one still Aperta.
    expect(await count({ q: 'ente bulk', from: '2026-03-01', to: '2026-03-05' })).toBe(4);
    expect(await count({})).toBe(31);
  });

  it('changes the allowed ones, each with its own history row and e-mail, and lists the others with the reason', async () => {
    const note = 'Avvio della valutazione per tutte le candidature del bando.';
    const created = await t.post(
      '/api/BulkAction/CreateBulkAction',
      { kind: 'status', targetStatus: 'IN_VALUTAZIONE', note, selection: { filters: { q: 'ente bulk' } } },
      admin.token,
    );
    expect(created.statusCode, created.body).toBe(200);
    const { id, total } = bulkActionSchema.parse(created.json());
    expect(total).toBe(30);

    const action = await waitForAction(id);
    expect(action.finishedAt).not.toBeNull();
    const allowed = [...before].filter(([, status]) => status === 'CANDIDATURA_SOTTOMESSA' || status === 'INTEGRAZIONE_SOTTOMESSA');
    expect(action).toMatchObject({ total: 30, done: allowed.length, failed: 30 - allowed.length });
    // In the order the administrator reads them: by organisation.
    expect(action.items.map((item) => item.organizationName)).toEqual(
      Array.from({ length: 30 }, (_, i) => `Ente Bulk ${String(i + 1).padStart(2, '0')}`),
    );

    const stored = await t.db
      .select()
      .from(applications)
      .where(inArray(applications.id, [...before.keys(), outsider]));
    const statusOf = new Map(stored.map((row) => [row.id, row.status]));
    for (const item of action.items) {
      const was = before.get(item.applicationId)!;
      if (was === 'CANDIDATURA_SOTTOMESSA' || was === 'INTEGRAZIONE_SOTTOMESSA') {
        expect(item).toMatchObject({ state: 'done', reason: null });
        expect(statusOf.get(item.applicationId)).toBe('IN_VALUTAZIONE');
      } else {
        expect(item.state).toBe('failed');
        expect(item.reason).toBe(
          applicationsMessages.transitionRefused(applicationStatusLabels[was], applicationStatusLabels.IN_VALUTAZIONE),
        );
        expect(statusOf.get(item.applicationId)).toBe(was);
      }
    }
    // The search did not find it: untouched.
    expect(statusOf.get(outsider)).toBe('CANDIDATURA_SOTTOMESSA');

    const history = await t.db
      .select()
      .from(applicationStatusHistory)
      .where(inArray(applicationStatusHistory.applicationId, [...before.keys(), outsider]));
    expect(history).toHaveLength(allowed.length);
    for (const [applicationId, was] of allowed) {
      const rows = history.filter((row) => row.applicationId === applicationId);
      expect(rows).toEqual([expect.objectContaining({ fromStatus: was, toStatus: 'IN_VALUTAZIONE', note, actorRole: 'admin' })]);
    }
    const mails = await t.db
      .select()
      .from(statusNotifications)
      .where(inArray(statusNotifications.applicationId, [...before.keys()]));
    expect(mails.map((mail) => mail.applicationId).sort()).toEqual(allowed.map(([applicationId]) => applicationId).sort());
    expect(mails.every((mail) => mail.status === 'IN_VALUTAZIONE' && mail.note === note)).toBe(true);
  });

  it('does nothing twice: another run finds every item handled', async () => {
    const historyBefore = await t.db.select().from(applicationStatusHistory);
    await t.bulkActions.runOnce(new Date(Date.now() + 3_600_000));
    await t.bulkActions.idle();
    expect(await t.db.select().from(applicationStatusHistory)).toHaveLength(historyBefore.length);
  });

  it('is found again in the administrator’s recent actions', async () => {
    const answer = await t.get('/api/BulkAction/GetMyBulkActions', admin.token);
    expect(answer.statusCode).toBe(200);
    const list = bulkActionListSchema.parse(answer.json());
    expect(list[0]).toMatchObject({ kind: 'status', targetStatus: 'IN_VALUTAZIONE', total: 30 });
  });

  it('refuses what makes no sense, in Italian, and an unknown action is 404', async () => {
    const noTarget = await t.post('/api/BulkAction/CreateBulkAction', { kind: 'status', selection: { filters: {} } }, admin.token);
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json()).toMatchObject({ error: 'target_required', message: bulkActionsMessages.targetRequired });
    const none = await t.post(
      '/api/BulkAction/CreateBulkAction',
      { kind: 'zip', selection: { filters: { q: 'nessun ente così' } } },
      admin.token,
    );
    expect(none.json()).toMatchObject({ error: 'empty_selection', message: bulkActionsMessages.emptySelection });
    const unknown = await t.get('/api/BulkAction/GetBulkAction?id=00000000-0000-4000-8000-000000000000', admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: bulkActionsMessages.notFound });
    const person = await t.register();
    expect((await t.get('/api/BulkAction/GetMyBulkActions', person.token)).statusCode).toBe(403);
  });
});

describe('the attachments of a selection as one zip, and their Excel', () => {
  let withFiles: Awaited<ReturnType<typeof personWithOrganization>>[];
  let ids: string[];
  let withoutFiles: string;

  beforeAll(async () => {
    withFiles = [await personWithOrganization(t, { name: 'Zip Uno' }), await personWithOrganization(t, { name: 'Zip Due' })];
    ids = [];
    for (const [index, person] of withFiles.entries()) {
      expect((await saveDraft(t, person.token, person.orgId, 'PUI', { progNome: `Piazza ${index}` })).statusCode).toBe(200);
      for (const name of ['relazione.pdf', 'computo.pdf'].slice(0, index + 1)) {
        const uploaded = await uploadAttachment(
          t,
          person.token,
          { name, content: samplePdf(`${name} di ${index}`), contentType: 'application/pdf' },
          { orgId: person.orgId, callType: 'PUI', typeId: 103 },
        );
        expect(uploaded.statusCode, uploaded.body).toBe(200);
      }
      ids.push(await forceApplicationStatus(t, person.orgId, 'PUI', 'CANDIDATURA_SOTTOMESSA', { submittedAt: new Date() }));
    }
    const empty = await insertOrganization('Zip Vuoto', 200);
    withoutFiles = await forceApplicationStatus(t, empty, 'PUI', 'CANDIDATURA_SOTTOMESSA', { submittedAt: new Date() });
  });

  it('holds exactly the selected applications’ files, each in its own folder; one without files is listed', async () => {
    const created = await t.post(
      '/api/BulkAction/CreateBulkAction',
      { kind: 'zip', selection: { ids: [...ids, withoutFiles] } },
      admin.token,
    );
    expect(created.statusCode, created.body).toBe(200);
    const action = await waitForAction(bulkActionSchema.parse(created.json()).id);
    expect(action).toMatchObject({ done: 2, failed: 1, result: { fileName: bulkActionsMessages.zipFileName } });
    expect(action.items.find((item) => item.applicationId === withoutFiles)).toMatchObject({
      state: 'failed',
      reason: bulkActionsMessages.noFiles,
    });

    const download = await t.get(`/api/BulkAction/DownloadResult?id=${action.id}`, admin.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const entries = zipDirectory(download.rawPayload);
    const expected: { name: string; content: Buffer }[] = [];
    for (const person of withFiles) {
      const single = await t.get(`/api/FileUpload/GetZippedFiles?orgId=${person.orgId}&type=PUI`, admin.token);
      expect(single.statusCode).toBe(200);
      const folder = `PUI-${person.payload.name as string}/`;
      expected.push(...zipDirectory(single.rawPayload).map((entry) => ({ name: folder + entry.name, content: entry.content })));
    }
    expect(entries.map((entry) => ({ name: entry.name, content: entry.content })).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      expected.sort((a, b) => a.name.localeCompare(b.name)),
    );
    for (const person of withFiles) {
      expect(
        entries.filter((entry) => entry.name.startsWith(`PUI-${person.payload.name as string}/`) && entry.name.endsWith('.pdf')).length,
      ).toBeGreaterThan(0);
    }
    expect(entries.some((entry) => entry.name.startsWith('PUI-Zip Vuoto/'))).toBe(false);
  });

  it('writes the Excel of one fund’s selection, and of both funds as one workbook with a sheet per fund', async () => {
    const created = await t.post('/api/BulkAction/CreateBulkAction', { kind: 'excel', selection: { ids } }, admin.token);
    const action = await waitForAction(bulkActionSchema.parse(created.json()).id);
    expect(action).toMatchObject({ done: 2, failed: 0, result: { fileName: 'Lista-candidature-PUI.xlsx' } });
    const download = await t.get(`/api/BulkAction/DownloadResult?id=${action.id}`, admin.token);
    expect(download.statusCode).toBe(200);
    expect(zipDirectory(download.rawPayload).some((entry) => entry.name === 'xl/worksheets/sheet1.xml')).toBe(true);
    const sheet = zipDirectory(download.rawPayload)
      .find((entry) => entry.name === 'xl/worksheets/sheet1.xml')!
      .content.toString();
    expect(sheet).toContain('Zip Uno');
    expect(sheet).toContain('Zip Due');
    const items = await t.db
      .select()
      .from(bulkActionItems)
      .where(and(eq(bulkActionItems.actionId, action.id), eq(bulkActionItems.state, 'done')));
    expect(items).toHaveLength(2);

    // Both funds: one workbook, a sheet per fund in the table of funds' order, each with its fund's columns.
    const tur = [...before.keys()][0]!;
    const mixed = await t.post('/api/BulkAction/CreateBulkAction', { kind: 'excel', selection: { ids: [tur, ids[0]] } }, admin.token);
    expect(mixed.statusCode).toBe(200);
    const both = await waitForAction(bulkActionSchema.parse(mixed.json()).id);
    expect(both).toMatchObject({ done: 2, failed: 0, result: { fileName: 'Lista-candidature.xlsx' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await t.get(`/api/BulkAction/DownloadResult?id=${both.id}`, admin.token)).rawPayload as unknown as ArrayBuffer,
    );
    expect(workbook.worksheets.map((worksheet) => worksheet.name)).toEqual(['Candidature TUR', 'Candidature PUI']);
    const [turSheet, puiSheet] = workbook.worksheets;
    expect(puiSheet!.rowCount).toBe(2);
    expect(String(puiSheet!.getRow(2).getCell(1).value)).toBe('Zip Uno');
    expect(turSheet!.rowCount).toBe(2);
    expect(String(turSheet!.getRow(2).getCell(1).value)).toBe('Ente Bulk 01');
  });
});
