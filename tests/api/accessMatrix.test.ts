import { randomUUID } from 'node:crypto';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../domain/messages.ts';
import { memberRoleMessages } from '../../domain/messages/memberRoles.ts';
import { organizationMessages } from '../../domain/messages/organization.ts';
import { verificationMessages } from '../../domain/messages/verification.ts';
import {
  OwnedObject,
  requireAccessDeclarations,
  whoMayCall,
  type MemberAccess,
  type RouteAccess,
  type UserAccess,
} from '../../server/auth/access.ts';
import { applicationStatusHistory } from '../../server/db/schema/applications.ts';
import { receipts } from '../../server/db/schema/receipts.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { forceApplicationStatus } from '../support/applicationFixtures.ts';
import { samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { multipartForm } from '../support/multipartForm.ts';
import { organizationPayload, personWithOrganization, personWithRole, selected } from '../support/organizationFixtures.ts';

/**
 * The authorisation matrix, read from the routes' own declarations (`config.access`, server/auth/access.ts). Every
 * /api route the app registers is called by everyone who might call it — nobody signed in, a signed-in person of
 * no organisation, a member of another organisation, a platform administrator, a member of the organisation the
 * request names — and each answer is checked against what the route's declaration promises:
 *
 * - anonymous: nobody is asked for a token;
 * - otherwise nobody signed in hears 401 with the Bearer challenge;
 * - admin: anyone but a platform administrator hears 403;
 * - member: a person who is not a member hears 404, exactly (status and body) as for an organisation or an object
 *   that does not exist — also one whose address is not verified yet, on a route that asks for a verified one;
 *   a platform administrator reads ('read'), or hears 403 (any other mode), as declared; a member whose role the
 *   mode does not let through (a Sola lettura member on 'write', a Compilatore on 'manage' and 'handOver' under the
 *   calls' default rule) hears 403 with the Italian reason naming their role;
 * - whoever the declaration lets through is not answered with any of those refusals.
 *
 * The table below only says how to call each route (a request its schemas accept, and that changes nothing that
 * matters when it is let through); who may call it is the app's. A route missing from the table fails; a route
 * without a declaration does not even let the app start.
 */

const MISSING = '00000000-0000-4000-8000-000000000000';

/** The ids a request may name; each is replaced by MISSING to see how a stranger is answered for what does not exist. */
interface Ids {
  org: string;
  tur: string;
  pui: string;
  file: string;
  fileToRemove: string;
  submissionTur: string;
  submissionPui: string;
  receipt: string;
  /** A pending request to join A, made by a person of no organisation. */
  joinRequest: string;
  /** An organisation nobody else in the matrix uses, which the administrator's suspension may suspend. */
  orgToSuspend: string;
}

/** What the requests need beside the ids. */
interface Fixed {
  userOfA: string;
  pIvaOfA: string;
  surveyPui: number;
}

interface Call {
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A multipart/form-data body (the upload). */
  form?: [string, string | { name: string; content: Buffer }][];
}

/** How to call each route: 'METHOD /path' → the request. */
const CALLS: Record<string, (ids: Ids, fixed: Fixed) => Call> = {
  // The login flow and the legal texts: anonymous.
  'GET /api/Jwt/login': () => ({}),
  'POST /api/Jwt/token-exchange': () => ({ body: { code: 'inventato', redirectUri: 'http://portale.test/login-callback' } }),
  'POST /api/Jwt/refresh': () => ({ body: { refresh_token: 'inventato' } }),
  'POST /api/Jwt/revoke': () => ({ body: { refresh_token: 'inventato' } }),
  'GET /api/Jwt/logout': () => ({}),
  'GET /api/Legal/privacy': () => ({}),
  'GET /api/Legal/accessibilita': () => ({}),
  // The SPA's page under /api (served only when the client is built).
  'GET /api/docs': () => ({}),

  'GET /api/User': () => ({}),
  'GET /api/User/IsUserAdmin': () => ({}),
  'GET /api/User/GetUserStatus': () => ({}),
  'POST /api/User/UpdateUser': (_ids, fixed) => ({ body: { id: fixed.userOfA, firstName: 'Anna', lastName: 'Alfa' } }),
  'POST /api/User/ResendVerificationEmail': () => ({ body: {} }),
  'GET /api/User/GetIdentityProvider': () => ({}),
  'POST /api/User/ChangePassword': () => ({ body: { currentPassword: 'non-la-mia-password', newPassword: 'nuova-password-sicura-9' } }),

  'GET /api/Organization/GetOrganizations': () => ({}),
  'GET /api/Organization/GetOrganization': (ids) => ({ headers: selected(ids.org) }),
  'GET /api/Organization/GetOrganizationById': (ids) => ({ query: { id: ids.org } }),
  'GET /api/Organization/GetMembers': (ids) => ({ query: { organizationId: ids.org } }),
  'POST /api/Organization/GetPIva': (_ids, fixed) => ({ query: { pIva: fixed.pIvaOfA } }),
  // A's VAT number: let through, it is refused as already registered (409).
  'POST /api/Organization/CreateOrganization': (_ids, fixed) => ({ body: organizationPayload({ pIva: fixed.pIvaOfA }) }),
  'POST /api/Organization/UpdateOrganization': (ids) => ({ body: { id: ids.org } }),
  'POST /api/Organization/RemoveMember': (ids) => ({ query: { organizationId: ids.org, userId: MISSING } }),
  // Somebody who is not a member: let through, refused (404) after the role.
  'POST /api/Organization/ChangeMemberRole': (ids) => ({ body: { organizationId: ids.org, userId: MISSING, role: 'viewer' } }),
  'GET /api/Organization/GetInvitation': () => ({ query: { token: 'abcdefghijklmnopqrstuvwxyz' } }),
  'POST /api/Organization/AcceptInvitation': () => ({ body: { token: 'abcdefghijklmnopqrstuvwxyz' } }),
  // Somebody else's user id: let through, it is refused (403) before any e-mail.
  'POST /api/SendEmail/SendEmail': (ids) => ({
    headers: selected(ids.org),
    body: { emails: ['nuovo@esempio.it'], userId: MISSING, subject: 'Invito', message: '' },
  }),
  // Asking to join A: let through, the outsider's request is made (or the pending one answered), A's member hears 409.
  'POST /api/JoinRequest/CreateJoinRequest': (_ids, fixed) => ({
    body: { pIva: fixed.pIvaOfA, reason: 'Lavoro presso questo ente da dieci anni.' },
  }),
  'GET /api/JoinRequest/GetMyJoinRequests': () => ({}),
  'GET /api/JoinRequest/GetJoinRequests': (ids) => ({ query: { organizationId: ids.org } }),
  'GET /api/JoinRequest/GetOpenJoinRequests': () => ({}),
  // Refused by whoever may decide first; the next hears 409 (already decided).
  'POST /api/JoinRequest/DecideJoinRequest': (ids) => ({ body: { id: ids.joinRequest, decision: 'refuse' } }),
  // The administrators' acts (issue 42), each let through and harmless: an address without an account (404), a
  // person not in the organisation (404), the Referente already one (409), an active organisation given back (409);
  // the suspension suspends an organisation kept for it.
  'POST /api/Organization/AdminAddMember': (ids) => ({
    body: { organizationId: ids.org, email: 'nessun.account@esempio.it', reason: 'Verifica della matrice di accesso.' },
  }),
  'POST /api/Organization/AdminRemoveMember': (ids) => ({
    body: { organizationId: ids.org, userId: MISSING, reason: 'Verifica della matrice di accesso.' },
  }),
  'POST /api/Organization/AdminMakeReferent': (ids, fixed) => ({
    body: { organizationId: ids.org, userId: fixed.userOfA, reason: 'Verifica della matrice di accesso.' },
  }),
  'POST /api/Organization/SuspendOrganization': (ids) => ({
    body: { organizationId: ids.orgToSuspend, reason: 'Verifica della matrice di accesso.' },
  }),
  'POST /api/Organization/RestoreOrganization': (ids) => ({
    body: { organizationId: ids.org, reason: 'Verifica della matrice di accesso.' },
  }),
  'GET /api/Organization/GetOrganizationHistory': (ids) => ({ query: { organizationId: ids.org } }),
  'GET /api/Organization/GetAllOrgsCompilazioni': () => ({}),
  'GET /api/Organization/GetCompilazioneHistory': (ids) => ({ query: { compilazioneId: ids.tur } }),
  // An application's timeline (issue 44): the administrators' and the organisation's; the private notes.
  'GET /api/Timeline/GetAdminTimeline': (ids) => ({ query: { compilazioneId: ids.tur } }),
  'GET /api/Timeline/GetTimeline': (ids) => ({ query: { compilazioneId: ids.tur } }),
  'GET /api/Note/GetNotes': (ids) => ({ query: { compilazioneId: ids.tur } }),
  'POST /api/Note/CreateNote': (ids) => ({ body: { compilazioneId: ids.tur, text: 'Nota della matrice' } }),
  'POST /api/Note/UpdateNote': () => ({ body: { id: MISSING, text: 'Nota della matrice' } }),
  // The administrators' evaluation (issue 44): an application that does not exist, once let through.
  'GET /api/Evaluation/GetEvaluation': (ids) => ({ query: { compilazioneId: ids.tur } }),
  'POST /api/Evaluation/SaveEvaluation': () => ({ body: { compilazioneId: MISSING, answers: {}, version: 0 } }),
  'POST /api/Evaluation/HandOverEvaluation': () => ({ body: { compilazioneId: MISSING, version: 1 } }),

  'GET /api/Typology/GetAllFormaGiuridica': () => ({}),
  'GET /api/Typology/GetAllTourism': () => ({}),
  'GET /api/Typology/GetAllDesignlevel': () => ({}),
  'GET /api/Typology/GetAllCities': () => ({}),
  'GET /api/Typology/GetTipoprogettiFinanz': () => ({}),
  'GET /api/Typology/GetAllRegione': () => ({}),
  'GET /api/Typology/GetprovfromRegion': () => ({ query: { regId: '12' } }),
  'GET /api/Typology/GetComunefromProv': () => ({ query: { provId: '58' } }),
  'GET /api/Typology/GetComuneFromCity': () => ({ query: { cityId: '215' } }),
  'GET /api/Typology/GetRegionFromCity': () => ({ query: { cityId: '215' } }),
  'GET /api/Pui/GetObiettiviGenerali': () => ({}),
  'GET /api/Pui/GetFinalitaGenerali': () => ({}),
  'GET /api/Pui/GetAllPuiFromCity': () => ({ query: { cityId: '215' } }),
  'GET /api/Pui/GetPuiObiettiviSpecifici': () => ({ query: { obbGeneraleId: '0', cityId: '215' } }),
  'GET /api/Call/GetCallList': () => ({}),

  'GET /api/Tur/GetTurCompilazione': (ids) => ({ query: { orgId: ids.org } }),
  'GET /api/Pui/GetPuiCompilazione': (ids) => ({ query: { orgId: ids.org } }),
  // The applicant's own step, which the review's missing answers refuse (and which is not the administrators').
  'POST /api/Tur/UpdateTurCompilazioneStatus': (ids) => ({ query: { turId: ids.tur, status: 'Istruttoria Sottomessa' } }),
  'POST /api/Pui/UpdatePuiCompilazioneStatus': (ids) => ({ query: { puiId: ids.pui, status: 'Istruttoria Sottomessa' } }),
  // Applications already submitted: let through, refused as incomplete or already submitted.
  'POST /api/Tur/CreateUpdateTur': (ids) => ({ body: { organizationId: ids.org } }),
  'POST /api/Pui/CreatePui': (ids) => ({ body: { organizationId: ids.org } }),

  // A draft that is not JSON: let through, it is refused (400) after the membership.
  'POST /api/DraftCompilazione/CreateDraftCompilazione': (ids) => ({
    body: { compilazioneType: 0, json: 'non è JSON', organizationId: ids.org },
  }),
  'GET /api/DraftCompilazione/GetTurDraft': (ids) => ({ query: { orgId: ids.org } }),
  'GET /api/DraftCompilazione/HasSubmittedTur': (ids) => ({ query: { orgId: ids.org } }),
  'GET /api/DraftCompilazione/GetPuiDraft': (ids) => ({ query: { orgId: ids.org } }),
  'GET /api/DraftCompilazione/HasSubmittedPui': (ids) => ({ query: { orgId: ids.org } }),
  'POST /api/DraftCompilazione/DownloadExcelCompilazioni': (ids) => ({ body: { compilazioniId: [ids.tur], callType: 'TUR' } }),
  'GET /api/DraftCompilazione/DownloadExcelCompilazione': (ids) => ({ query: { orgId: ids.org, callType: 'TUR' } }),

  // Actions on many applications at once (issue 44): an Excel of one application changes nothing that matters.
  'POST /api/BulkAction/CountSelection': () => ({ body: { selection: { filters: {} } } }),
  'POST /api/BulkAction/CreateBulkAction': (ids) => ({ body: { kind: 'excel', selection: { ids: [ids.tur] } } }),
  'GET /api/BulkAction/GetBulkAction': () => ({ query: { id: MISSING } }),
  'GET /api/BulkAction/GetMyBulkActions': () => ({}),
  'GET /api/BulkAction/DownloadResult': () => ({ query: { id: MISSING } }),

  'GET /api/Report/GetReportList': () => ({}),
  'GET /api/Report/GetReport': () => ({ query: { workspaceId: 'fondi-tematici', reportId: 'monitoraggio' } }),
  'GET /api/Report/DownloadExcelReport': () => ({ query: { workspaceId: 'fondi-tematici', reportId: 'monitoraggio' } }),

  'GET /api/SJSurvey/GetSurveyTypeList': () => ({}),
  'GET /api/SJSurvey/GetSurveyByType': () => ({ query: { type: 'Istruttoria-Pui' } }),
  'GET /api/SJSurvey/GetSurveyJsonStructBySurveyID': (_ids, fixed) => ({ query: { surveyId: String(fixed.surveyPui) } }),
  'GET /api/SJSurvey/GetSurveySubmssionbySurveyId': (ids, fixed) => ({
    query: { surveyId: String(fixed.surveyPui), candidaturaId: ids.pui },
  }),
  'GET /api/SJSurvey/GetSurveyValidation': (ids) => ({ query: { candidaturaId: ids.pui } }),
  'GET /api/SJSurvey/GetAnswersBySubmissionIdTur': (ids) => ({ query: { submissionId: ids.submissionTur } }),
  'GET /api/SJSurvey/GetAnswersBySubmissionIdPui': (ids) => ({ query: { submissionId: ids.submissionPui } }),
  'POST /api/SJSurvey/CreateSurveyAnswers': (ids, fixed) => ({
    body: {
      surveySubmissionID: null,
      surveyId: fixed.surveyPui,
      candidaturaId: ids.pui,
      compilazioneType: 1,
      monitoraggio: false,
      json: {},
    },
  }),

  'GET /api/Monitoraggio/GetMonitoraggiScaduti': () => ({}),
  'GET /api/Monitoraggio/ShowMonitoraggioTur': (ids) => ({ query: { candidaturaId: ids.tur } }),
  'GET /api/Monitoraggio/ShowMonitoraggioPui': (ids) => ({ query: { candidaturaId: ids.pui } }),

  'GET /api/Receipt/GetReceipts': (ids) => ({ query: { applicationId: ids.pui } }),
  'GET /api/Receipt/GetReceipt': (ids) => ({ query: { receiptId: ids.receipt } }),
  'GET /api/Receipt/DownloadReceipt': (ids) => ({ query: { receiptId: ids.receipt } }),

  // Issue 44: A's application has no open round with items, so a member let through hears 409 and nothing changes.
  'POST /api/Integration/AnswerItem': (ids) => ({
    body: { applicationId: ids.pui, kind: 'field', target: 'progNome', reply: 'nessuna modifica' },
  }),

  // The signed Domanda (issue 43). A's application is submitted: the upload and the trial signature are let through
  // and refused (409); the signed file of an application without one is its 404 after the access check.
  'GET /api/Domanda/GetDomandaStatus': (ids) => ({ query: { orgId: ids.org, callType: 'PUI' } }),
  'GET /api/Domanda/DownloadDomanda': (ids) => ({ query: { orgId: ids.org, callType: 'PUI' } }),
  'POST /api/Domanda/UploadSignedDomanda': (ids) => ({
    query: { orgId: ids.org, callType: 'PUI' },
    form: [['File', { name: 'domanda.pdf.p7m', content: samplePdf('matrice') }]],
  }),
  'POST /api/Domanda/TrialSignDomanda': (ids) => ({ body: { orgId: ids.org, callType: 'PUI' } }),
  'GET /api/Domanda/DownloadSignedDomanda': (ids) => ({ query: { applicationId: ids.pui } }),

  // A type of attachment that does not exist: let through, it is refused (400) before the file is stored.
  'POST /api/FileUpload/UploadFile': (ids) => ({
    form: [
      ['Nome', 'relazione.pdf'],
      ['Descrizione', 'relazione.pdf'],
      ['TipoFileId', '999999'],
      ['OrgId', ids.org],
      ['CallType', 'PUI'],
      ['File', { name: 'relazione.pdf', content: samplePdf('matrice') }],
    ],
  }),
  'GET /api/FileUpload/GetFile': (ids) => ({ query: { downloadId: ids.file } }),
  'DELETE /api/FileUpload/RemoveAttachement': (ids) => ({ query: { downloadId: ids.fileToRemove } }),
  'GET /api/FileUpload/GetAttachmentTypes': (ids) => ({ query: { orgId: ids.org, callType: 'PUI' } }),
  'GET /api/FileUpload/GetAttachmentIntegrations': (ids) => ({ query: { orgId: ids.org, callType: 'PUI' } }),
  'GET /api/FileUpload/GetIstruttoriaGresbAttachmentTypes': (ids) => ({ query: { orgId: ids.org, callType: 'PUI' } }),
  'GET /api/FileUpload/FilesUploadIstGresbTurValidation': (ids) => ({ query: { orgId: ids.org } }),
  'GET /api/FileUpload/FileUploadValidationTur': (ids) => ({ query: { orgId: ids.org } }),
  'GET /api/FileUpload/FilesUploadIstGresbPuiValidation': (ids) => ({ query: { orgId: ids.org } }),
  'GET /api/FileUpload/FileUploadValidationPui': (ids) => ({ query: { orgId: ids.org } }),
  'GET /api/FileUpload/GetZippedFiles': (ids) => ({ query: { orgId: ids.org, type: 'pui' } }),

  'GET /api/openapi.json': () => ({}),
};

let t: TestApp;
const registered: RouteOptions[] = [];
let ids: Ids;
let fixed: Fixed;
/** Everyone who might call: null is nobody signed in. */
const callers = {} as Record<
  | 'anonymous'
  | 'outsider'
  | 'unverifiedOutsider'
  | 'memberOfB'
  | 'platformAdmin'
  | 'memberOfA'
  | 'editorOfA'
  | 'viewerOfA'
  | 'pendingRequester'
  | 'refusedRequester',
  string | null
>;
/** Who asked to join A and waits, or was refused: strangers to A on every route, exactly as the others. */
const STRANGERS = ['outsider', 'unverifiedOutsider', 'memberOfB', 'pendingRequester', 'refusedRequester'] as const;

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => void registered.push(route) });
  const a = await personWithOrganization(t, { name: 'Alfa Comune' });
  const b = await personWithOrganization(t, { name: 'Beta Servizi S.r.l.' });
  const toSuspend = await personWithOrganization(t, { name: 'Gamma da sospendere' });
  const outsider = await t.register();
  const unverifiedOutsider = await t.register({}, { verify: false });
  const admin = await t.loginAsAdmin();
  const askToJoin = async (token: string) => {
    const asked = await t.post(
      '/api/JoinRequest/CreateJoinRequest',
      { pIva: a.payload.pIva, reason: 'Sono un dipendente di questo ente.' },
      token,
    );
    expect(asked.statusCode, asked.body).toBe(201);
    return asked.json<{ id: string }>().id;
  };
  const pendingRequester = await t.register();
  await askToJoin(pendingRequester.token);
  const refusedRequester = await t.register();
  const refused = await t.post(
    '/api/JoinRequest/DecideJoinRequest',
    { id: await askToJoin(refusedRequester.token), decision: 'refuse' },
    a.token,
  );
  expect(refused.statusCode, refused.body).toBe(200);
  const joinRequest = await askToJoin((await t.register()).token);
  // A's creator is its Referente; a Compilatore and a Sola lettura member beside them (issue 42).
  const editor = await personWithRole(t, a.orgId, 'editor');
  const viewer = await personWithRole(t, a.orgId, 'viewer');
  Object.assign(callers, {
    pendingRequester: pendingRequester.token,
    refusedRequester: refusedRequester.token,
    editorOfA: editor.token,
    viewerOfA: viewer.token,
    anonymous: null,
    outsider: outsider.token,
    unverifiedOutsider: unverifiedOutsider.token,
    memberOfB: b.token,
    platformAdmin: admin.token,
    memberOfA: a.token,
  });

  // A's files first, while its applications are open; then its applications, their review answers and a receipt.
  const upload = async (text: string, typeId: number) => {
    const response = await uploadAttachment(
      t,
      a.token,
      { name: `${text}.pdf`, content: samplePdf(text) },
      { orgId: a.orgId, callType: 'PUI', typeId },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: string }>().id;
  };
  const file = await upload('relazione', 103);
  const fileToRemove = await upload('cronoprogramma', 105);
  const surveys = (await t.get('/api/SJSurvey/GetSurveyTypeList', a.token)).json<{ id: number; name: string }[]>();
  const surveyOf = (name: string) => surveys.find((survey) => survey.name === name)!.id;
  const applications = { TUR: '', PUI: '' };
  const submissions = { TUR: '', PUI: '' };
  for (const [fund, compilazioneType, name] of [
    ['TUR', 0, 'Istruttoria-Tur'],
    ['PUI', 1, 'Istruttoria-Pui'],
  ] as const) {
    applications[fund] = await forceApplicationStatus(t, a.orgId, fund, 'AMMISSIBILE', { submittedAt: new Date() });
    const saved = await t.post(
      '/api/SJSurvey/CreateSurveyAnswers',
      {
        surveySubmissionID: null,
        surveyId: surveyOf(name),
        candidaturaId: applications[fund],
        compilazioneType,
        monitoraggio: false,
        json: {},
      },
      a.token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    submissions[fund] = saved.json<{ id: string }>().id;
  }
  const [handOver] = await t.db
    .insert(applicationStatusHistory)
    .values({
      applicationId: applications.PUI,
      fromStatus: 'APERTA',
      toStatus: 'CANDIDATURA_SOTTOMESSA',
      event: 'applicant.submit',
      actorRole: 'applicant',
    })
    .returning({ id: applicationStatusHistory.id });
  const [receipt] = await t.db
    .insert(receipts)
    .values({
      protocol: 'PUI-2026-900001',
      acceptedAt: '2026-11-20T10:15:00.123456Z',
      fund: 'PUI',
      year: 2026,
      number: 900001,
      kind: 'application',
      title: 'Candidatura',
      applicationId: applications.PUI,
      organizationId: a.orgId,
      statusHistoryId: handOver!.id,
      handedOverByName: 'Anna Alfa',
      handedOverAt: new Date(),
      callTitle: 'Fondo PUI',
      organizationName: 'Alfa Comune',
      vatNumber: a.payload.pIva,
      figures: [],
      attachments: [],
    })
    .returning({ id: receipts.id });
  ids = {
    org: a.orgId,
    tur: applications.TUR,
    pui: applications.PUI,
    file,
    fileToRemove,
    submissionTur: submissions.TUR,
    submissionPui: submissions.PUI,
    receipt: receipt!.id,
    joinRequest,
    orgToSuspend: toSuspend.orgId,
  };
  fixed = { userOfA: a.userId, pIvaOfA: a.payload.pIva, surveyPui: surveyOf('Istruttoria-Pui') };
}, 120_000);
afterAll(async () => t?.close());

/** Every registered /api route as 'METHOD /path' with its declaration (HEAD, which Fastify adds beside GET, left out). */
function apiRoutes(): { key: string; access: RouteAccess | undefined }[] {
  return registered
    .filter((route) => route.url === '/api' || route.url.startsWith('/api/'))
    .flatMap((route) => [route.method].flat().map((method) => ({ key: `${method} ${route.url}`, access: route.config?.access })))
    .filter(({ key }) => !key.startsWith('HEAD '));
}

interface Answer {
  status: number;
  body: string;
  bearerChallenge: boolean;
}

async function send(key: string, call: Call, token: string | null): Promise<Answer> {
  const [method, path] = key.split(' ') as ['GET' | 'POST' | 'DELETE', string];
  const form = call.form ? multipartForm(call.form) : undefined;
  const response = await t.app.inject({
    method,
    url: call.query ? `${path}?${new URLSearchParams(call.query)}` : path,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(form ? { 'content-type': form.contentType } : {}),
      ...call.headers,
    },
    ...(form ? { payload: form.body } : call.body === undefined ? {} : { payload: call.body as object }),
  });
  const challenge = response.headers['www-authenticate'];
  return {
    status: response.statusCode,
    body: response.body,
    bearerChallenge: typeof challenge === 'string' && challenge.startsWith('Bearer'),
  };
}

const withMissingIds = (): Ids => Object.fromEntries(Object.keys(ids).map((key) => [key, MISSING])) as unknown as Ids;
const body = (error: string, message: string) => JSON.stringify({ error, message });
const FORBIDDEN = body('forbidden', messages.auth.forbidden);
const ORGANIZATION_NOT_FOUND = body('not_found', organizationMessages.notFound);

/** Whoever the declaration lets through: answered, and not with any of the route's refusals. */
function expectLetThrough(answer: Answer, refusals: string[], label: string) {
  expect(answer.status, `${label}: ${answer.body}`).not.toBe(401);
  expect(answer.status, `${label}: ${answer.body}`).toBeLessThan(500);
  expect(refusals, `${label} is refused: ${answer.body}`).not.toContain(answer.body);
}

describe('every /api route declares who may call it', () => {
  it('each registered route has a declaration and a request in this matrix, and the matrix names no other route', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(70);
    expect(routes.filter(({ access }) => access === undefined).map(({ key }) => key)).toEqual([]);
    expect(routes.filter(({ key }) => !CALLS[key]).map(({ key }) => key)).toEqual([]);
    const keys = new Set(routes.map(({ key }) => key));
    // The SPA's page is there only when the client is built.
    expect(Object.keys(CALLS).filter((key) => !keys.has(key) && key !== 'GET /api/docs')).toEqual([]);
  });

  it('a route registered without one stops the app from starting', async () => {
    const app = Fastify();
    requireAccessDeclarations(app);
    await app.register(async (api) => {
      api.get('/api/Declared', { config: { access: 'user' } }, async () => 'ok');
      api.get('/livez', async () => 'ok');
    });
    await app.ready();
    await app.close();
    const undeclared = Fastify();
    requireAccessDeclarations(undeclared);
    const start = async () => {
      await undeclared.register(async (api) => {
        api.get('/api/Undeclared', async () => 'ok');
      });
      await undeclared.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/api\/Undeclared declares no access/);
    await undeclared.close();
  });

  it('the OpenAPI document states each operation’s access as declared', async () => {
    const document = (await t.get('/api/openapi.json', callers.platformAdmin!)).json<{
      paths: Record<string, Record<string, { 'x-access'?: { who: string }; security?: unknown[] }>>;
    }>();
    for (const { key, access } of apiRoutes()) {
      const [method, path] = key.split(' ') as [string, string];
      const operation = document.paths[path]?.[method.toLowerCase()];
      if (!operation) continue; // hidden: the SPA's page
      expect(operation['x-access']?.who, key).toBe(whoMayCall(access!));
    }
  });
});

describe('the matrix', () => {
  it.each(Object.keys(CALLS).filter((key) => key !== 'GET /api/docs'))('%s', async (key) => {
    const access = apiRoutes().find((route) => route.key === key)?.access;
    expect(access, `${key} is not registered`).toBeDefined();
    const call = CALLS[key]!(ids, fixed);
    const who = whoMayCall(access!);
    const declaration = typeof access === 'object' ? access : undefined;

    // Nobody signed in.
    const anonymous = await send(key, call, callers.anonymous);
    if (who === 'anonymous') {
      expect(anonymous.bearerChallenge, `${key}: asks for a token`).toBe(false);
      for (const caller of ['outsider', 'platformAdmin', 'memberOfA'] as const) {
        expect((await send(key, call, callers[caller])).bearerChallenge, `${key}: ${caller}`).toBe(false);
      }
      return;
    }
    expect(anonymous.status, key).toBe(401);
    expect(anonymous.bearerChallenge, key).toBe(true);
    expect(JSON.parse(anonymous.body)).toMatchObject({ error: 'unauthorized', message: expect.any(String) });
    const refusals = [anonymous.body];

    if (who === 'user') {
      const refused = (declaration as UserAccess | undefined)?.platformAdmin?.refused;
      if (refused) refusals.push(body('forbidden', refused));
      refusals.push(body('email_not_verified', verificationMessages.refused));
      for (const caller of ['outsider', 'memberOfB', 'memberOfA'] as const) {
        expectLetThrough(await send(key, call, callers[caller]), refusals, `${key}: ${caller}`);
      }
      const admin = await send(key, call, callers.platformAdmin);
      if (refused) expect({ status: admin.status, body: admin.body }, key).toEqual({ status: 403, body: body('forbidden', refused) });
      else expectLetThrough(admin, refusals, `${key}: platformAdmin`);
      return;
    }

    if (who === 'admin') {
      refusals.push(FORBIDDEN);
      for (const caller of ['outsider', 'memberOfB', 'memberOfA'] as const) {
        const answer = await send(key, call, callers[caller]);
        expect({ status: answer.status, body: answer.body }, `${key}: ${caller}`).toEqual({ status: 403, body: FORBIDDEN });
      }
      if (declaration && 'organization' in declaration) {
        // About an organisation: one that does not exist is 404.
        const missing = await send(key, CALLS[key]!(withMissingIds(), fixed), callers.platformAdmin);
        expect({ status: missing.status, body: missing.body }, `${key}: platformAdmin, no such organisation`).toEqual({
          status: 404,
          body: ORGANIZATION_NOT_FOUND,
        });
        refusals.push(missing.body);
      }
      expectLetThrough(await send(key, call, callers.platformAdmin), refusals, `${key}: platformAdmin`);
      return;
    }

    // A member's route: strangers hear what they would for an organisation (or object) that does not exist, whether
    // their address is verified or not (a 403 email_not_verified for an existing id only would tell which ids exist).
    const member = declaration as MemberAccess;
    for (const caller of STRANGERS) {
      const stranger = await send(key, call, callers[caller]);
      const missing = await send(key, CALLS[key]!(withMissingIds(), fixed), callers[caller]);
      expect(stranger.status, `${key}: ${caller}: ${stranger.body}`).toBe(404);
      expect(stranger, `${key}: ${caller}, as for what does not exist`).toEqual(missing);
      refusals.push(stranger.body);
    }
    const admin = await send(key, call, callers.platformAdmin);
    if (typeof member.platformAdmin === 'object') {
      expect({ status: admin.status, body: admin.body }, key).toEqual({
        status: 403,
        body: body('forbidden', member.platformAdmin.refused),
      });
    } else if (member.platformAdmin === 'acts' || member.mode === 'read') {
      expectLetThrough(admin, refusals, `${key}: platformAdmin`);
    } else {
      const readOnly = body('forbidden', member.readOnlyMessage ?? organizationMessages.adminReadOnly);
      expect({ status: admin.status, body: admin.body }, `${key}: platformAdmin writes`).toEqual({ status: 403, body: readOnly });
      refusals.push(readOnly);
    }
    expectLetThrough(await send(key, call, callers.memberOfA), refusals, `${key}: memberOfA`);

    // The other roles of A's members (A's creator is its Referente): refused with the reason, or not refused by role.
    for (const role of ['editor', 'viewer'] as const) {
      const answer = await send(key, call, callers[role === 'editor' ? 'editorOfA' : 'viewerOfA']);
      const refusal = roleRefusal(member, role);
      if (refusal) expect({ status: answer.status, body: answer.body }, `${key}: ${role}`).toEqual({ status: 403, body: refusal });
      else {
        expect(answer.status, `${key}: ${role}: ${answer.body}`).toBeLessThan(500);
        expect(answer.status, `${key}: ${role}: ${answer.body}`).not.toBe(401);
        // Leaving is anybody's; removing somebody else (this request) is a Referente's, as the handler answers.
        const refused = member.mode === 'leave' ? refusals : refusals.concat(roleRefusals(role));
        expect(refused, `${key}: ${role} is refused: ${answer.body}`).not.toContain(answer.body);
      }
    }
  });
});

/** What a member of `role` hears on a route of this declaration (the calls' default rule: Referenti hand over), or null. */
function roleRefusal(member: MemberAccess, role: 'editor' | 'viewer'): string | null {
  switch (member.mode) {
    case 'read':
    case 'leave':
      return null;
    case 'write':
      return role === 'viewer' ? body('forbidden', memberRoleMessages.refusedWrite(role)) : null;
    case 'manage':
      return body('forbidden', memberRoleMessages.refusedManage(role));
    case 'handOver':
      return body('forbidden', memberRoleMessages.refusedHandOverReferents(role));
  }
}

const roleRefusals = (role: 'editor' | 'viewer') =>
  [memberRoleMessages.refusedWrite(role), memberRoleMessages.refusedManage(role), memberRoleMessages.refusedHandOverReferents(role)].map(
    (message) => body('forbidden', message),
  );

describe('every member route says which roles it lets through', () => {
  it('each member route declares a mode, and each mode but read and leave refuses some role', () => {
    const modes = new Set(
      apiRoutes()
        .map(({ access }) => access)
        .filter((access): access is MemberAccess => typeof access === 'object' && access.who === 'member')
        .map((access) => access.mode),
    );
    expect([...modes].sort()).toEqual(['handOver', 'leave', 'manage', 'read', 'write']);
  });
});

describe('an address not verified yet tells nothing about which ids exist', () => {
  it('a hand-over of another organisation’s application answers as one that does not exist', async () => {
    const route = apiRoutes().find(({ key }) => key === 'POST /api/Pui/UpdatePuiCompilazioneStatus');
    const access = route?.access as MemberAccess;
    expect(access.verifiedEmail).toBe(true);
    expect(access.organization).toBeInstanceOf(OwnedObject);
    const answers = [];
    for (const puiId of [ids.pui, randomUUID()]) {
      answers.push(await send(route!.key, { query: { puiId, status: 'Istruttoria Sottomessa' } }, callers.unverifiedOutsider));
    }
    expect(answers[0]!.status, answers[0]!.body).toBe(404);
    expect(answers[0]).toEqual(answers[1]);
  });
});
