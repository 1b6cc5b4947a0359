import { eq } from 'drizzle-orm';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationNoteSchema } from '../../domain/applicationNotes.ts';
import { timelineSchema, type TimelineEvent } from '../../domain/applicationTimeline.ts';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { timelineMessages } from '../../domain/messages/timeline.ts';
import { applicationNotes } from '../../server/db/schema/applicationNotes.ts';
import { users } from '../../server/db/schema/users.ts';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../support/testApp.ts';
import { saveDraft, updateStatus } from '../support/applicationFixtures.ts';
import { samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { downloadDomanda, uploadSignedDomanda } from '../support/signedDomandaUpload.ts';
import { authorityPem, createAuthority, issueSigner, signCades } from '../support/signing.ts';
import { gresbPuiAnswers, istruttoriaPuiAnswers } from '../support/surveyAnswers.ts';

/**
 * One timeline per application (issue 44): a whole journey's events in order for the administrator, the
 * applicant's view of the same application without what is internal, another organisation's answered 404, and the
 * private notes rewritable only by their author for 15 minutes.
 */

/** server/reference/attachmentTypes.ts: a PUI application slot, the integration slot and the DNSH declaration. */
const PUI_REPORT = 103;
const PUI_INTEGRATION = 150;
const PUI_DNSH_DECLARATION = 160;
const MISSING = '00000000-0000-4000-8000-000000000000';
/** The legal representative organizationPayload names, who signs the Domanda. */
const REPRESENTATIVE = { givenName: 'Mario', surname: 'Bianchi', fiscalCode: 'BNCMRA70C15H501Q' };

let t: TestApp;
let owner: Awaited<ReturnType<typeof personWithOrganization>>;
let stranger: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: { token: string };
let otherAdmin: { token: string };
let applicationId: string;
let adminName: string;

const upload = (typeId: number, name: string) =>
  uploadAttachment(t, owner.token, { name, content: samplePdf(name) }, { orgId: owner.orgId, callType: 'PUI', typeId });
const adminTimeline = async (token = admin.token) => {
  const response = await t.get(`/api/Timeline/GetAdminTimeline?compilazioneId=${applicationId}`, token);
  expect(response.statusCode).toBe(200);
  return timelineSchema.parse(response.json());
};
const applicantTimeline = async (token = owner.token) => {
  const response = await t.get(`/api/Timeline/GetTimeline?compilazioneId=${applicationId}`, token);
  expect(response.statusCode).toBe(200);
  return timelineSchema.parse(response.json());
};
const createNote = (text: string, token = admin.token, compilazioneId = applicationId) =>
  t.post('/api/Note/CreateNote', { compilazioneId, text }, token);
const updateNote = (id: string, text: string, token = admin.token) => t.post('/api/Note/UpdateNote', { id, text }, token);
const mailsSent = () => t.notifications.runOnce();
/** Each event as «kind: title», for comparing the order. */
const told = (events: TimelineEvent[]) => events.map((event) => `${event.kind}: ${event.title}`);

beforeAll(async () => {
  const authority = await createAuthority({ name: 'Autorità di Test Qualificata' });
  const representative = await issueSigner(authority, REPRESENTATIVE);
  const trustDir = mkdtempSync(path.join(tmpdir(), 'pf-trust-'));
  writeFileSync(path.join(trustDir, 'test-ca.pem'), authorityPem(authority));
  t = await createTestApp({ signatureRequired: true, env: { SIGNATURE_TRUST_DIR: trustDir }, missingRequiredAttachments: async () => [] });
  owner = await personWithOrganization(t, { name: 'Comune di Cronologia' });
  stranger = await personWithOrganization(t, { name: 'Comune Estraneo' });
  admin = await t.loginAsAdmin();
  await t.accounts.ensureAdmin('seconda.amministratrice@portale.test', 'amministra-2026-bis');
  otherAdmin = await t.login('seconda.amministratrice@portale.test', 'amministra-2026-bis');
  const [me] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
  adminName = `${me!.firstName} ${me!.lastName}`.trim() || me!.email;

  // The journey: a draft started and saved again, handed over, evaluated with a note, an integration asked for and
  // answered, admitted, the review's surveys handed over, the list exported, a private note.
  expect((await saveDraft(t, owner.token, owner.orgId, 'PUI', { progNome: 'Bozza' })).statusCode).toBe(200);
  expect((await saveDraft(t, owner.token, owner.orgId, 'PUI', completePuiApplication(owner.orgId), 1)).statusCode).toBe(200);
  expect((await upload(PUI_REPORT, 'relazione.pdf')).statusCode).toBe(200);
  const domanda = await downloadDomanda(t, owner.token, owner.orgId, 'PUI');
  const signed = await uploadSignedDomanda(t, owner.token, owner.orgId, 'PUI', {
    name: 'domanda.pdf.p7m',
    content: await signCades(domanda, representative),
  });
  expect(signed.statusCode).toBe(200);
  const submitted = await t.post('/api/Pui/CreatePui', completePuiApplication(owner.orgId), owner.token);
  expect(submitted.statusCode).toBe(200);
  applicationId = submitted.json().id;
  await mailsSent();
  expect((await updateStatus(t, admin.token, 'PUI', applicationId, 'In valutazione', 'Presa in carico')).statusCode).toBe(200);
  await mailsSent();
  expect((await updateStatus(t, admin.token, 'PUI', applicationId, 'In integrazione', 'Manca la planimetria')).statusCode).toBe(200);
  await mailsSent();
  expect((await upload(PUI_INTEGRATION, 'planimetria.pdf')).statusCode).toBe(200);
  expect((await updateStatus(t, owner.token, 'PUI', applicationId, 'Integrazione Sottomessa')).statusCode).toBe(200);
  await mailsSent();
  expect((await updateStatus(t, admin.token, 'PUI', applicationId, 'In valutazione')).statusCode).toBe(200);
  expect((await updateStatus(t, admin.token, 'PUI', applicationId, 'Ammissibile', 'Requisiti verificati')).statusCode).toBe(200);
  await mailsSent();
  const surveys = (await t.get('/api/SJSurvey/GetSurveyTypeList', owner.token)).json() as { id: number; name: string }[];
  for (const [name, json] of [
    ['Istruttoria-Pui', istruttoriaPuiAnswers],
    ['Gresb-Pui', gresbPuiAnswers],
  ] as const) {
    const saved = await t.post(
      '/api/SJSurvey/CreateSurveyAnswers',
      {
        surveySubmissionID: null,
        surveyId: surveys.find((s) => s.name === name)!.id,
        json,
        candidaturaId: applicationId,
        compilazioneType: COMPILAZIONE_TYPE.PUI,
        monitoraggio: false,
      },
      owner.token,
    );
    expect(saved.statusCode).toBe(200);
  }
  expect((await upload(PUI_DNSH_DECLARATION, 'dichiarazione-dnsh.pdf')).statusCode).toBe(200);
  expect((await updateStatus(t, owner.token, 'PUI', applicationId, 'Istruttoria Sottomessa')).statusCode).toBe(200);
  await mailsSent();
  const exported = await t.post(
    '/api/DraftCompilazione/DownloadExcelCompilazioni',
    { compilazioniId: [applicationId, MISSING], callType: 'PUI' },
    admin.token,
  );
  expect(exported.statusCode).toBe(200);
  const zip = await t.get(`/api/FileUpload/GetZippedFiles?orgId=${owner.orgId}&type=PUI`, admin.token);
  expect(zip.statusCode).toBe(200);
  expect((await createNote('Telefonato al referente: i documenti arrivano lunedì.')).statusCode).toBe(200);
}, 180_000);
afterAll(() => t?.close());

describe('the administrator’s timeline', () => {
  it('lists every event of the journey, in order, with who and when', async () => {
    const events = await adminTimeline();
    const kinds = events.map((event) => event.kind);
    // The status e-mails go out after each change commits, by the sender in the background: each is listed when it
    // was sent; everything else in the order the journey made it.
    expect(kinds.filter((kind) => kind !== 'mail.sent')).toEqual([
      'draft.started',
      'signature.verified',
      'handover',
      'status.changed',
      'status.changed',
      'integration.requested',
      'handover',
      'integration.answered',
      'status.changed',
      'status.changed',
      'handover',
      'survey.handed_over',
      'survey.handed_over',
      'export.downloaded',
      'export.downloaded',
      'note.written',
    ]);
    // Oldest first, and each with when.
    const times = events.map((event) => event.at);
    expect([...times].sort()).toEqual(times);
    const titles = told(events);
    expect(titles[2]).toMatch(/^handover: Candidatura consegnata, protocollo PUI-\d{4}-000001$/);
    expect(titles).toContain('integration.requested: Richiesta di integrazione n. 1');
    expect(titles).toContain('integration.answered: Integrazione n. 1 completata');
    expect(titles.filter((title) => title.startsWith('survey.handed_over'))).toHaveLength(2);

    const byKind = (kind: TimelineEvent['kind']) => events.filter((event) => event.kind === kind);
    expect(byKind('signature.verified')[0]).toMatchObject({
      title: timelineMessages.signatureVerified('CAdES', 'domanda.pdf.p7m'),
      details: [timelineMessages.signers(['Mario Bianchi'])],
    });
    // Who: the applicant's name on their acts, the administrator's on theirs, the portal on the e-mails.
    expect(byKind('draft.started')[0]!.actor).toBe('Giulia Rossi');
    expect(byKind('status.changed')[0]).toMatchObject({ actor: adminName, details: [timelineMessages.note('Presa in carico')] });
    expect(byKind('integration.requested')[0]!.details).toContain(timelineMessages.note('Manca la planimetria'));
    expect(byKind('integration.answered')[0]!.details).toEqual([timelineMessages.integrationDocuments(['planimetria.pdf'])]);
    const mails = byKind('mail.sent');
    expect(mails.every((mail) => mail.actor === timelineMessages.portal)).toBe(true);
    expect(mails.map((mail) => mail.title).sort()).toEqual(
      [
        'Portale Fondi: candidatura PUI ricevuta',
        'Portale Fondi: candidatura PUI in valutazione',
        'Portale Fondi: richiesta di integrazione per la candidatura PUI',
        'Portale Fondi: integrazione PUI ricevuta',
        'Portale Fondi: candidatura PUI in valutazione',
        'Portale Fondi: candidatura PUI ammissibile',
        'Portale Fondi: istruttoria PUI ricevuta',
      ]
        .map(timelineMessages.mailSent)
        .sort(),
    );
    expect(mails.every((mail) => mail.details.join() === timelineMessages.recipients([owner.email]))).toBe(true);
    // Each e-mail after the change it tells of.
    const handedOver = events.findIndex((event) => event.kind === 'handover');
    expect(
      events.findIndex((event) => event.title === timelineMessages.mailSent('Portale Fondi: candidatura PUI ricevuta')),
    ).toBeGreaterThan(handedOver);
    // The exports: the list (of one application: the unknown id is not counted) and the zip, by the administrator.
    expect(byKind('export.downloaded').map((event) => [event.title, event.actor, event.details])).toEqual([
      [timelineMessages.exportDownloaded.applications_excel, adminName, [timelineMessages.exportedWith(1)]],
      [timelineMessages.exportDownloaded.application_zip, adminName, [timelineMessages.exportedWith(1)]],
    ]);
    expect(byKind('note.written')[0]).toMatchObject({
      actor: adminName,
      details: ['Telefonato al referente: i documenti arrivano lunedì.'],
    });
  });

  it('is for administrators: an applicant hears 403; an unknown application or a malformed id 404', async () => {
    expect((await t.get(`/api/Timeline/GetAdminTimeline?compilazioneId=${applicationId}`, owner.token)).statusCode).toBe(403);
    expect((await t.get(`/api/Timeline/GetAdminTimeline?compilazioneId=${MISSING}`, admin.token)).statusCode).toBe(404);
    expect((await t.get('/api/Timeline/GetAdminTimeline?compilazioneId=nonsense', admin.token)).statusCode).toBe(404);
  });
});

describe('the applicant’s timeline', () => {
  it('has the same journey without private notes, exports or administrators’ names', async () => {
    const admins = await adminTimeline();
    const events = await applicantTimeline();
    expect(events.map((event) => event.id)).toEqual(
      admins.filter((event) => event.kind !== 'note.written' && event.kind !== 'export.downloaded').map((event) => event.id),
    );
    const text = JSON.stringify(events);
    expect(text).not.toContain('Telefonato al referente');
    expect(text).not.toContain(adminName);
    const evaluated = events.find((event) => event.kind === 'status.changed')!;
    expect(evaluated.actor).toBe(timelineMessages.administration);
    expect(events.find((event) => event.kind === 'integration.requested')!.actor).toBe(timelineMessages.administration);
    // The reviewers' note reaches the applicant where the status is one they are told of, as on the fund card.
    expect(evaluated.details).toEqual([timelineMessages.note('Presa in carico')]);
    expect(events[0]!.actor).toBe('Giulia Rossi');
  });

  it('another organisation hears 404, exactly as for an application that does not exist; anonymous 401', async () => {
    const theirs = await t.get(`/api/Timeline/GetTimeline?compilazioneId=${applicationId}`, stranger.token);
    const missing = await t.get(`/api/Timeline/GetTimeline?compilazioneId=${MISSING}`, stranger.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    expect((await t.get(`/api/Timeline/GetTimeline?compilazioneId=${applicationId}`)).statusCode).toBe(401);
  });

  it('no API an applicant may call carries a private note', async () => {
    for (const url of [
      `/api/Pui/GetPuiCompilazione?orgId=${owner.orgId}`,
      `/api/Timeline/GetTimeline?compilazioneId=${applicationId}`,
      `/api/Receipt/GetReceipts?applicationId=${applicationId}`,
    ]) {
      const response = await t.get(url, owner.token);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Telefonato al referente');
    }
    expect((await t.get(`/api/Note/GetNotes?compilazioneId=${applicationId}`, owner.token)).statusCode).toBe(403);
    expect((await createNote('Una nota', owner.token)).statusCode).toBe(403);
  });
});

describe('private notes', () => {
  it('are plain text within the limit', async () => {
    const empty = await createNote('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'note_empty', message: timelineMessages.noteEmpty });
    const long = await createNote('a'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('note_too_long');
    const hidden = await createNote('Approvata\u202e');
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().error).toBe('note_invalid');
    expect((await createNote('Una nota', admin.token, MISSING)).statusCode).toBe(404);
  });

  it('its author rewrites a note for 15 minutes; another administrator may not; then it is kept as written', async () => {
    const created = applicationNoteSchema.parse((await createNote('Prima stesura')).json());
    expect(created.editableUntil).not.toBeNull();
    const rewritten = await updateNote(created.id, 'Seconda stesura');
    expect(rewritten.statusCode).toBe(200);
    expect(applicationNoteSchema.parse(rewritten.json())).toMatchObject({ text: 'Seconda stesura', editedAt: expect.any(String) });

    const byAnother = await updateNote(created.id, 'Di un altro', otherAdmin.token);
    expect(byAnother.statusCode).toBe(403);
    expect(byAnother.json()).toMatchObject({ error: 'note_not_yours', message: timelineMessages.noteNotYours });
    const listedForAnother = (await t.get(`/api/Note/GetNotes?compilazioneId=${applicationId}`, otherAdmin.token)).json();
    expect(listedForAnother.find((note: { id: string }) => note.id === created.id).editableUntil).toBeNull();

    // Sixteen minutes later (the row's time moved back: the window is the database's clock).
    await t.db
      .update(applicationNotes)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(applicationNotes.id, created.id));
    const late = await updateNote(created.id, 'Troppo tardi');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'note_locked', message: timelineMessages.noteWindowClosed });
    const listed = (await t.get(`/api/Note/GetNotes?compilazioneId=${applicationId}`, admin.token)).json();
    expect(listed.find((note: { id: string }) => note.id === created.id)).toMatchObject({ text: 'Seconda stesura', editableUntil: null });

    expect((await updateNote(MISSING, 'Nessuna')).statusCode).toBe(404);
    const timeline = await adminTimeline();
    expect(timeline.find((event) => event.id === `note:${created.id}`)!.details[0]).toBe('Seconda stesura');
  });
});
