import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationMessages } from '../../domain/messages/integration.ts';
import { integrationItemsMessages } from '../../domain/messages/integrationItems.ts';
import type { IntegrationItem } from '../../domain/integration.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { applicationRow, forceApplicationStatus, historyRows, saveDraft, updateStatus } from '../support/applicationFixtures.ts';
import { samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { readOutbox } from '../support/outbox.ts';

/** server/reference/attachmentTypes.ts: PUI's «Relazione tecnica di progetto» and «Piano economico-finanziario» slots. */
const PUI_REPORT = 103;
const PUI_PLAN = 104;
const m = { ...integrationMessages, ...integrationItemsMessages };

let t: TestApp;
let owner: Awaited<ReturnType<typeof personWithOrganization>>;
let stranger: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };
let applicationId: string;
let firstReport: string;

const values = (organizationId: string) => completePuiApplication(organizationId);

/** A handed-over PUI application In valutazione, with its «Relazione tecnica» uploaded while it was Aperta. */
async function submittedApplication(person: typeof owner): Promise<{ id: string; report: string }> {
  await forceApplicationStatus(t, person.orgId, 'PUI', 'APERTA');
  const uploaded = await uploadAttachment(
    t,
    person.token,
    { name: 'relazione-v1.pdf', content: samplePdf('relazione v1') },
    { orgId: person.orgId, callType: 'PUI', typeId: PUI_REPORT },
  );
  expect(uploaded.statusCode).toBe(200);
  const body = values(person.orgId);
  const id = await forceApplicationStatus(t, person.orgId, 'PUI', 'IN_VALUTAZIONE', { submittedAt: new Date(), body, draft: body });
  return { id, report: uploaded.json().id as string };
}

function ask(id: string, body: unknown, note?: string) {
  const query = new URLSearchParams({ puiId: id, status: 'In integrazione', ...(note === undefined ? {} : { note }) });
  return t.post(`/api/Pui/UpdatePuiCompilazioneStatus?${query}`, body, admin.token);
}
const answer = (body: Record<string, unknown>, token = owner.token) =>
  t.post('/api/Integration/AnswerItem', { applicationId, ...body }, token);
const complete = (id = applicationId, token = owner.token) => updateStatus(t, token, 'PUI', id, 'Integrazione Sottomessa');
const rounds = async (orgId = owner.orgId, token = owner.token) =>
  (await t.get(`/api/Pui/GetPuiCompilazione?orgId=${orgId}`, token)).json().integrationRounds as {
    request: string;
    completedAt: string | null;
    items: IntegrationItem[];
  }[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await personWithOrganization(t, { name: 'Comune delle Correzioni' });
  stranger = await personWithOrganization(t, { name: 'Comune Estraneo' });
  admin = await t.loginAsAdmin();
  ({ id: applicationId, report: firstReport } = await submittedApplication(owner));
});
afterAll(() => t.close());

const items = [
  { kind: 'field', target: 'progNome', message: 'Il nome deve coincidere con quello della delibera.' },
  { kind: 'field', target: 'progettista', message: 'Indicate lo studio capofila.' },
  { kind: 'slot', target: String(PUI_REPORT), message: 'Manca la firma digitale del progettista.' },
];

describe('the reviewer asks for corrections pinned to fields and slots', () => {
  it('refuses unknown fields or slots, computed fields, empty messages and items on another status, writing nothing', async () => {
    const before = (await historyRows(t, applicationId)).length;
    const unknownField = await ask(applicationId, { items: [{ kind: 'field', target: 'nonEsiste', message: 'x' }] });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toEqual({ error: 'integration_item_unknown', message: m.itemUnknownField('nonEsiste') });
    expect((await ask(applicationId, { items: [{ kind: 'field', target: 'fontiCopertura', message: 'x' }] })).statusCode).toBe(400);
    expect((await ask(applicationId, { items: [{ kind: 'slot', target: '150', message: 'x' }] })).statusCode).toBe(400);
    const noMessage = await ask(applicationId, { items: [{ kind: 'field', target: 'progNome', message: '  ' }] });
    expect(noMessage.json()).toEqual({ error: 'integration_item_message_missing', message: m.itemMessageMissing('Nome del progetto') });
    const twice = await ask(applicationId, { items: [items[0], items[0]] });
    expect(twice.json().error).toBe('integration_item_duplicate');
    const query = new URLSearchParams({ puiId: applicationId, status: 'Ammissibile' });
    const elsewhere = await t.post(`/api/Pui/UpdatePuiCompilazioneStatus?${query}`, { items }, admin.token);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(m.itemsOnlyForIntegration);
    expect((await applicationRow(t, applicationId))?.status).toBe('IN_VALUTAZIONE');
    expect(await historyRows(t, applicationId)).toHaveLength(before);
  });

  it('opens a round with two field items and one slot item, without a note, each keeping the value it holds', async () => {
    const asked = await ask(applicationId, { items });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().statusCode).toBe('IN_INTEGRAZIONE');
    const [round] = await rounds();
    expect(round!.request).toBe('');
    expect(round!.items).toEqual([
      {
        position: 1,
        kind: 'field',
        target: 'progNome',
        label: 'Nome del progetto',
        step: 'Progetto',
        message: items[0]!.message,
        oldValue: 'Riqualificazione del Parco delle Cave',
        answer: null,
        reply: null,
        newValue: null,
        answeredAt: null,
      },
      expect.objectContaining({ position: 2, target: 'progettista', label: 'Progettista', oldValue: 'Studio Rossi Architetti' }),
      expect.objectContaining({
        position: 3,
        kind: 'slot',
        target: String(PUI_REPORT),
        label: 'Relazione tecnica di progetto',
        step: null,
        oldValue: [{ downloadId: firstReport, fileName: 'relazione-v1.pdf', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }],
      }),
    ]);
  });

  it("the request's e-mail lists each field and slot with its message", async () => {
    await t.notifications.runOnce();
    const mail = (await readOutbox(t.config.mail.outboxDir)).find(
      (candidate) => candidate.to === owner.email && /integrazione/i.test(candidate.subject),
    );
    expect(mail?.text).toContain(
      [
        'Campi e allegati da correggere (durante l\u2019integrazione solo questi possono essere modificati):',
        '- Campo «Nome del progetto» (passo Progetto):',
        '> Il nome deve coincidere con quello della delibera.',
        '- Campo «Progettista» (passo Progetto):',
        '> Indicate lo studio capofila.',
        '- Allegato «Relazione tecnica di progetto»:',
        '> Manca la firma digitale del progettista.',
      ].join('\n'),
    );
  });
});

describe('the applicant answers', () => {
  it('may not change what the request does not name: another field, another slot, the draft, or a stranger', async () => {
    const other = await answer({ kind: 'field', target: 'progDescrizione', value: 'Altro testo' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: 'not_an_integration_item', message: m.notAnItem('Descrizione del progetto') });
    const draft = await saveDraft(t, owner.token, owner.orgId, 'PUI', { ...values(owner.orgId), progDescrizione: 'Altro testo' });
    expect(draft.statusCode).toBe(409);
    const plan = await uploadAttachment(
      t,
      owner.token,
      { name: 'piano.pdf', content: samplePdf('piano') },
      { orgId: owner.orgId, callType: 'PUI', typeId: PUI_PLAN },
    );
    expect(plan.statusCode).toBe(409);
    expect((await answer({ kind: 'field', target: 'progNome', value: 'Altro' }, stranger.token)).statusCode).toBe(404);
    expect((await applicationRow(t, applicationId))?.body?.progDescrizione).toBe(values(owner.orgId).progDescrizione);
  });

  it('cannot complete until every item is answered, and hears which are missing', async () => {
    const refused = await complete();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.itemsUnanswered(['Nome del progetto', 'Progettista', 'Relazione tecnica di progetto']));
  });

  it('answers a field by changing it, with the field’s own rules; back to the old value it is unanswered again', async () => {
    const tooLong = await answer({ kind: 'field', target: 'progNome', value: 'x'.repeat(301) });
    expect(tooLong.statusCode).toBe(400);
    const wrongKind = await answer({ kind: 'field', target: 'progNome', value: 42 });
    expect(wrongKind.statusCode).toBe(400);
    const back = await answer({ kind: 'field', target: 'progNome', value: 'Riqualificazione del Parco delle Cave' });
    expect(back.json().answer).toBeNull();
    const changed = await answer({ kind: 'field', target: 'progNome', value: 'Parco delle Cave: riqualificazione' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      answer: 'changed',
      newValue: 'Parco delle Cave: riqualificazione',
      answeredAt: expect.any(String),
    });
    expect((await applicationRow(t, applicationId))?.body?.progNome).toBe('Parco delle Cave: riqualificazione');
  });

  it('answers a field with a reply when nothing needs changing, and a slot by a new file', async () => {
    expect((await answer({ kind: 'field', target: 'progettista', reply: '  ' })).statusCode).toBe(400);
    const replied = await answer({ kind: 'field', target: 'progettista', reply: 'lo studio Rossi è già il capofila.' });
    expect(replied.json()).toMatchObject({ answer: 'replied', reply: 'lo studio Rossi è già il capofila.', newValue: null });
    expect((await complete()).json().message).toBe(m.itemsUnanswered(['Relazione tecnica di progetto']));

    const slotByValue = await answer({ kind: 'slot', target: String(PUI_REPORT), value: 'x' });
    expect(slotByValue.json().message).toBe(m.slotByUpload('Relazione tecnica di progetto'));
    const uploaded = await uploadAttachment(
      t,
      owner.token,
      { name: 'relazione-v2.pdf', content: samplePdf('relazione v2 firmata') },
      { orgId: owner.orgId, callType: 'PUI', typeId: PUI_REPORT },
    );
    expect(uploaded.statusCode).toBe(200);
  });

  it('completes once all three are answered; the round keeps old and new values and the times', async () => {
    const completed = await complete();
    expect(completed.statusCode).toBe(200);
    expect(completed.json().statusCode).toBe('INTEGRAZIONE_SOTTOMESSA');
    const [round] = await rounds();
    expect(round!.completedAt).toEqual(expect.any(String));
    expect(round!.items.map((item) => [item.target, item.answer, item.oldValue, item.newValue])).toEqual([
      ['progNome', 'changed', 'Riqualificazione del Parco delle Cave', 'Parco delle Cave: riqualificazione'],
      ['progettista', 'replied', 'Studio Rossi Architetti', null],
      [
        String(PUI_REPORT),
        'changed',
        [expect.objectContaining({ fileName: 'relazione-v1.pdf' })],
        [expect.objectContaining({ fileName: 'relazione-v2.pdf' })],
      ],
    ]);
    for (const item of round!.items) expect(Date.parse(item.answeredAt!)).toBeGreaterThanOrEqual(0);
    // The round is closed: nothing more is taken.
    expect((await answer({ kind: 'field', target: 'progNome', value: 'Ancora' })).statusCode).toBe(409);
    // The reviewers read the same round.
    const [seenByAdmin] = await rounds(owner.orgId, admin.token);
    expect(seenByAdmin!.items).toEqual(round!.items);
  });

  it('the timeline tells the request item by item and the answer with its old and new values, to both sides', async () => {
    for (const [path, token] of [
      ['GetAdminTimeline', admin.token],
      ['GetTimeline', owner.token],
    ] as const) {
      const timeline = (await t.get(`/api/Timeline/${path}?compilazioneId=${applicationId}`, token)).json() as {
        kind: string;
        details: string[];
      }[];
      expect(timeline.find((event) => event.kind === 'integration.requested')?.details).toEqual([
        'Campo «Nome del progetto» (passo Progetto): Il nome deve coincidere con quello della delibera.',
        'Campo «Progettista» (passo Progetto): Indicate lo studio capofila.',
        'Allegato «Relazione tecnica di progetto»: Manca la firma digitale del progettista.',
      ]);
      expect(timeline.find((event) => event.kind === 'integration.answered')?.details).toEqual([
        'Campo «Nome del progetto» (passo Progetto): da «Riqualificazione del Parco delle Cave» a «Parco delle Cave: riqualificazione»',
        'Campo «Progettista» (passo Progetto): nessuna modifica necessaria (lo studio Rossi è già il capofila.)',
        'Allegato «Relazione tecnica di progetto»: da «relazione-v1.pdf» a «relazione-v2.pdf»',
      ]);
    }
  });
});

describe('a request in free text only', () => {
  it('works as before: the note is required, no items, and the completion needs a document', async () => {
    const other = await personWithOrganization(t, { name: 'Comune del Testo Libero' });
    const { id } = await submittedApplication(other);
    expect((await ask(id, undefined)).statusCode).toBe(400);
    expect((await ask(id, undefined, 'Allegare la planimetria')).statusCode).toBe(200);
    const [round] = await rounds(other.orgId, other.token);
    expect(round).toMatchObject({ request: 'Allegare la planimetria', items: [] });
    const refused = await complete(id, other.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).not.toContain('correzione');
    // Fields stay closed: a free-text round does not open the application.
    const answerOther = await t.post(
      '/api/Integration/AnswerItem',
      { applicationId: id, kind: 'field', target: 'progNome', value: 'x' },
      other.token,
    );
    expect(answerOther.json()).toEqual({ error: 'no_integration_items', message: m.noItemsOpen });
  });
});
