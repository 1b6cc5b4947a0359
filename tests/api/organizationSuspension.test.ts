import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspensionMessages } from '../../domain/messages/suspension.ts';
import type { MemberAccess, RouteAccess } from '../../server/auth/access.ts';
import { forceApplicationStatus } from '../support/applicationFixtures.ts';
import { samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { multipartForm } from '../support/multipartForm.ts';
import { personWithOrganization, personWithRole, selected } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/**
 * Issue 42: a suspended organisation's members may read but no longer change or hand over anything. The sweep reads
 * the routes' own declarations (as tests/api/accessMatrix.test.ts does): every route a member writes through
 * (`who: 'member', mode: 'write'`) answers 403 organization_suspended with the administrator's reason, in Italian;
 * reads answer as before; the applications keep their statuses; the platform administrator still changes statuses;
 * once the organisation is given back, the member saves again.
 */

const REASON = 'Verifica in corso sulla titolarità della P.IVA (segnalazione del 2 dicembre).';

interface Ids {
  org: string;
  tur: string;
  pui: string;
  file: string;
  userOfA: string;
  surveyPui: number;
  joinRequest: string;
  /** A Compilatore of the organisation, whom its Referente would remove or give another role. */
  colleague: string;
}

interface Call {
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  form?: [string, string | { name: string; content: Buffer }][];
}

/** How a member calls each route that writes: a request its schemas accept. A write route missing here fails. */
const WRITES: Record<string, (ids: Ids) => Call> = {
  'POST /api/Organization/UpdateOrganization': (ids) => ({
    body: { id: ids.org, description: 'Descrizione cambiata durante la sospensione' },
  }),
  'POST /api/Organization/RemoveMember': (ids) => ({ query: { organizationId: ids.org, userId: ids.colleague } }),
  'POST /api/Organization/ChangeMemberRole': (ids) => ({ body: { organizationId: ids.org, userId: ids.colleague, role: 'viewer' } }),
  'POST /api/SendEmail/SendEmail': (ids) => ({
    headers: selected(ids.org),
    body: { emails: ['collega@esempio.it'], userId: ids.userOfA, subject: 'Invito', message: '' },
  }),
  'POST /api/Tur/UpdateTurCompilazioneStatus': (ids) => ({ query: { turId: ids.tur, status: 'Candidatura Sottomessa' } }),
  'POST /api/Pui/UpdatePuiCompilazioneStatus': (ids) => ({ query: { puiId: ids.pui, status: 'Candidatura Sottomessa' } }),
  'POST /api/Tur/CreateUpdateTur': (ids) => ({ body: { organizationId: ids.org } }),
  'POST /api/Pui/CreatePui': (ids) => ({ body: { organizationId: ids.org } }),
  // The autosave's one UPDATE holds the membership (and now the organisation's standing) as its condition.
  'POST /api/DraftCompilazione/CreateDraftCompilazione': (ids) => ({
    body: { compilazioneType: 0, json: JSON.stringify({ progNome: 'Cambiato durante la sospensione' }), organizationId: ids.org },
  }),
  'POST /api/SJSurvey/CreateSurveyAnswers': (ids) => ({
    body: { surveySubmissionID: null, surveyId: ids.surveyPui, candidaturaId: ids.pui, compilazioneType: 1, monitoraggio: false, json: {} },
  }),
  // The upload's organisation arrives in the multipart stream and is checked in the handler.
  'POST /api/FileUpload/UploadFile': (ids) => ({
    form: [
      ['Nome', 'relazione.pdf'],
      ['Descrizione', 'relazione.pdf'],
      ['TipoFileId', '103'],
      ['OrgId', ids.org],
      ['CallType', 'PUI'],
      ['File', { name: 'relazione.pdf', content: samplePdf('sospesa') }],
    ],
  }),
  'DELETE /api/FileUpload/RemoveAttachement': (ids) => ({ query: { downloadId: ids.file } }),
  // The signed Domanda (issue 43): a signed file, and the trial authority's signature.
  'POST /api/Domanda/UploadSignedDomanda': (ids) => ({
    query: { orgId: ids.org, callType: 'PUI' },
    form: [['File', { name: 'domanda.pdf.p7m', content: samplePdf('sospesa') }]],
  }),
  'POST /api/Domanda/TrialSignDomanda': (ids) => ({ body: { orgId: ids.org, callType: 'PUI' } }),
  // The answer to an integration request's item (issue 44): refused for the suspension before anything else.
  'POST /api/Integration/AnswerItem': (ids) => ({
    body: { applicationId: ids.pui, kind: 'field', target: 'progNome', reply: 'Nessuna modifica necessaria' },
  }),
  // A Referente deciding who joins changes the organisation: the platform administrator decides meanwhile.
  'POST /api/JoinRequest/DecideJoinRequest': (ids) => ({ body: { id: ids.joinRequest, decision: 'accept' } }),
};

/** Reads the members make on every page: answered 200 while suspended. */
const READS: Record<string, (ids: Ids) => Call> = {
  'GET /api/User': () => ({}),
  'GET /api/Organization/GetOrganization': (ids) => ({ headers: selected(ids.org) }),
  'GET /api/Organization/GetOrganizationById': (ids) => ({ query: { id: ids.org } }),
  'GET /api/Organization/GetMembers': (ids) => ({ query: { organizationId: ids.org } }),
  'GET /api/Organization/GetOrganizationHistory': (ids) => ({ query: { organizationId: ids.org } }),
  'GET /api/Tur/GetTurCompilazione': (ids) => ({ query: { orgId: ids.org } }),
  'GET /api/Pui/GetPuiCompilazione': (ids) => ({ query: { orgId: ids.org } }),
  'GET /api/DraftCompilazione/GetTurDraft': (ids) => ({ query: { orgId: ids.org } }),
  'GET /api/FileUpload/GetFile': (ids) => ({ query: { downloadId: ids.file } }),
  'GET /api/FileUpload/GetAttachmentTypes': (ids) => ({ query: { orgId: ids.org, callType: 'PUI' } }),
  'GET /api/Domanda/GetDomandaStatus': (ids) => ({ query: { orgId: ids.org, callType: 'PUI' } }),
};

let t: TestApp;
const registered: RouteOptions[] = [];
let member: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: string;
let ids: Ids;

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => void registered.push(route) });
  member = await personWithOrganization(t, { name: 'Comune Sospeso' });
  admin = (await t.loginAsAdmin()).token;
  const uploaded = await uploadAttachment(
    t,
    member.token,
    { name: 'cronoprogramma.pdf', content: samplePdf('cronoprogramma') },
    { orgId: member.orgId, callType: 'PUI', typeId: 105 },
  );
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  // A TUR draft the autosave would save in place; a PUI application handed over, which the administrator reviews.
  const draft = await t.post(
    '/api/DraftCompilazione/CreateDraftCompilazione',
    { compilazioneType: 0, json: JSON.stringify({ progNome: 'Progetto prima della sospensione' }), organizationId: member.orgId },
    member.token,
  );
  expect(draft.statusCode, draft.body).toBe(200);
  const pui = await forceApplicationStatus(t, member.orgId, 'PUI', 'CANDIDATURA_SOTTOMESSA', { submittedAt: new Date() });
  const surveys = (await t.get('/api/SJSurvey/GetSurveyTypeList', member.token)).json<{ id: number; name: string }[]>();
  const asked = await t.post(
    '/api/JoinRequest/CreateJoinRequest',
    { pIva: member.payload.pIva, reason: 'Sono il nuovo responsabile amministrativo.' },
    (await t.register()).token,
  );
  expect(asked.statusCode, asked.body).toBe(201);
  ids = {
    org: member.orgId,
    tur: draft.json<{ applicationId: string }>().applicationId,
    pui,
    file: uploaded.json<{ id: string }>().id,
    userOfA: member.userId,
    surveyPui: surveys.find((survey) => survey.name === 'Istruttoria-Pui')!.id,
    joinRequest: asked.json<{ id: string }>().id,
    colleague: (await personWithRole(t, member.orgId, 'editor')).userId,
  };
}, 120_000);
afterAll(async () => t?.close());

function memberWriteRoutes(): string[] {
  return registered
    .filter((route) => route.url.startsWith('/api/'))
    .filter((route) => {
      const access = route.config?.access as RouteAccess | undefined;
      // Every act of a member but reading; leaving is the person's own (RemoveMember refuses removing someone else).
      return typeof access === 'object' && access.who === 'member' && (access as MemberAccess).mode !== 'read';
    })
    .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`))
    .sort();
}

async function send(key: string, call: Call, token: string) {
  const [method, path] = key.split(' ') as ['GET' | 'POST' | 'DELETE', string];
  const form = call.form ? multipartForm(call.form) : undefined;
  return t.app.inject({
    method,
    url: call.query ? `${path}?${new URLSearchParams(call.query)}` : path,
    headers: { authorization: `Bearer ${token}`, ...(form ? { 'content-type': form.contentType } : {}), ...call.headers },
    ...(form ? { payload: form.body } : call.body === undefined ? {} : { payload: call.body as object }),
  });
}

const statusOf = async (fund: 'Tur' | 'Pui') =>
  (await t.get(`/api/${fund}/Get${fund}Compilazione?orgId=${member.orgId}`, member.token)).json<{ status: string }>().status;

describe('a suspended organisation', () => {
  it('the sweep knows every route a member writes through', () => {
    expect(memberWriteRoutes()).toEqual(Object.keys(WRITES).sort());
  });

  it('refuses every write of its members with the reason, answers their reads, and lets the administrator act', async () => {
    const before = { tur: await statusOf('Tur'), pui: await statusOf('Pui') };
    const suspended = await t.post('/api/Organization/SuspendOrganization', { organizationId: member.orgId, reason: REASON }, admin);
    expect(suspended.statusCode, suspended.body).toBe(200);

    const refusal = { error: 'organization_suspended', message: suspensionMessages.refused(REASON) };
    expect(refusal.message).toContain(`Motivo: ${REASON}`);
    for (const key of Object.keys(WRITES)) {
      const answer = await send(key, WRITES[key]!(ids), member.token);
      expect({ status: answer.statusCode, body: answer.json() }, key).toEqual({ status: 403, body: refusal });
    }
    for (const key of Object.keys(READS)) {
      const answer = await send(key, READS[key]!(ids), member.token);
      expect(answer.statusCode, `${key}: ${answer.body}`).toBe(200);
    }
    const me = (await t.get('/api/User', member.token)).json<{ organizations: { status: string; suspensionReason: string }[] }>();
    expect(me.organizations[0]).toMatchObject({ status: 'suspended', suspensionReason: REASON });
    const draft = (await t.get(`/api/DraftCompilazione/GetTurDraft?orgId=${member.orgId}`, member.token)).json<{ json: string }>();
    expect(draft.json).toContain('Progetto prima della sospensione');
    // The applications keep their statuses.
    expect({ tur: await statusOf('Tur'), pui: await statusOf('Pui') }).toEqual(before);

    // The platform administrator's own acts are not the members': a status change goes through.
    const reviewed = await t.post(
      `/api/Pui/UpdatePuiCompilazioneStatus?puiId=${ids.pui}&status=${encodeURIComponent('In valutazione')}`,
      undefined,
      admin,
    );
    expect(reviewed.statusCode, reviewed.body).toBe(200);
  });

  it('once given back, its members write again', async () => {
    const restored = await t.post(
      '/api/Organization/RestoreOrganization',
      { organizationId: member.orgId, reason: 'Titolarità verificata con la Camera di commercio.' },
      admin,
    );
    expect(restored.statusCode, restored.body).toBe(200);
    for (const key of Object.keys(WRITES)) {
      const answer = await send(key, WRITES[key]!(ids), member.token);
      expect(answer.body, key).not.toContain('organization_suspended');
    }
    const saved = await send(
      'POST /api/Organization/UpdateOrganization',
      WRITES['POST /api/Organization/UpdateOrganization']!(ids),
      member.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = (await t.get(`/api/DraftCompilazione/GetTurDraft?orgId=${member.orgId}`, member.token)).json<{ json: string }>();
    expect(draft.json).toContain('Cambiato durante la sospensione');
  });
});
