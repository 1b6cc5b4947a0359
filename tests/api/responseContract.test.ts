import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  adminOrganizationListSchema,
  adminStatusHistoryItemSchema,
  compilationSchemaOf,
  createDraftResponseSchema,
  draftSchema,
} from '../../domain/application.ts';
import { COMPILAZIONE_TYPE, type Fund } from '../../domain/applicationStatus.ts';
import {
  attachmentSlotListSchema,
  attachmentValidationSchema,
  removeAttachmentResponseSchema,
  uploadFileResponseSchema,
  type AttachmentSlot,
} from '../../domain/attachments.ts';
import { tokenSetSchema } from '../../domain/auth.ts';
import { callListSchema } from '../../domain/call.ts';
import { fundEntry } from '../../domain/funds.ts';
import { acceptInvitationResponseSchema, invitationViewSchema, sendInvitationsResponseSchema } from '../../domain/invitation.ts';
import { lookupItemSchema, lookupListSchema, provinceListSchema } from '../../domain/lookups.ts';
import { monitoringRowSchema, overdueMonitoringSchema } from '../../domain/monitoring.ts';
import { createOrganizationResponseSchema, organizationDetailSchema, pIvaLookupSchema } from '../../domain/organization.ts';
import { identityProviderSchema } from '../../domain/passwordChange.ts';
import { puiLookupListSchema } from '../../domain/puiReference.ts';
import { receiptListSchema, receiptSummarySchema } from '../../domain/receipts.ts';
import { REPORT_IDS } from '../../domain/reports/reportIds.ts';
import { reportListSchema, reportSchema } from '../../domain/reports/reportData.ts';
import {
  surveyDefinitionSchema,
  surveyDefinitionSummarySchema,
  surveySubmissionSchema,
  surveyValidationSchema,
} from '../../domain/surveys.ts';
import { userSchema, userStatusSchema } from '../../domain/user.ts';
import { forceApplicationStatus, saveDraft } from '../support/applicationFixtures.ts';
import { removeAttachment, samplePdf, uploadAttachment } from '../support/attachmentUpload.ts';
import { romeDay } from '../support/monitoringPeriods.ts';
import { organizationPayload, personWithOrganization, selected } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';

/*
 * The browser does not parse the server's answers again (docs/ARCHITECTURE.md, How a request flows, step 5): it
 * takes each JSON answer it reads as its domain schema's type. That is sound only while the JSON the server sends
 * is already exactly what the schema yields: every key present (no `.default` left to fill), no `.transform` left
 * to apply, no extra key to strip. The serialiser enforces the schema on most routes; reference lists and the admin
 * list are sent as prepared bytes, which it never sees. Every answer src/api reads is checked here.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof personWithOrganization>>;
let admin: Awaited<ReturnType<TestApp['loginAsAdmin']>>;
let submittedPui: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await personWithOrganization(t, { name: 'Comune del Contratto' });
  admin = await t.loginAsAdmin();
  submittedPui = await forceApplicationStatus(t, owner.orgId, 'PUI', 'AMMISSIBILE', { submittedAt: new Date() });
});
afterAll(() => t.close());

/** A 2xx JSON answer that the schema gives back unchanged: what the browser takes as the schema's output. */
function expectContract<Schema extends z.ZodType>(schema: Schema, response: { statusCode: number; body: string }): z.infer<Schema> {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
  expect(response.statusCode, response.body).toBeLessThan(300);
  const body: unknown = JSON.parse(response.body);
  expect(schema.parse(body)).toStrictEqual(body);
  return body as z.infer<Schema>;
}

const get = (url: string, token = owner.token, headers: Record<string, string> = {}) => t.get(url, token, headers);

describe('the answers the browser reads are exactly their schemas’ output', () => {
  it('the person: /api/User, GetUserStatus, IsUserAdmin, UpdateUser, GetIdentityProvider', async () => {
    const user = expectContract(userSchema, await get('/api/User'));
    expectContract(userStatusSchema, await get('/api/User/GetUserStatus'));
    expectContract(identityProviderSchema, await get('/api/User/GetIdentityProvider'));
    expect(JSON.parse((await get('/api/User/IsUserAdmin')).body)).toBe(false);
    expect(JSON.parse((await get('/api/User/IsUserAdmin', admin.token)).body)).toBe(true);
    expectContract(
      userSchema,
      await t.post(
        '/api/User/UpdateUser',
        { id: user.id, firstName: 'Giulia', lastName: 'Verdi', email: user.email, roles: user.roles },
        owner.token,
      ),
    );
  });

  it('the token exchange and refresh (POST /api/Jwt/token-exchange, /api/Jwt/refresh)', async () => {
    // t.register went through the token exchange; its answer is checked here as the browser receives it.
    const person = await t.register();
    const { email: _email, ...tokens } = person;
    expect(tokenSetSchema.parse(tokens)).toStrictEqual(tokens);
    expectContract(tokenSetSchema, await t.post('/api/Jwt/refresh', { refresh_token: person.refresh_token }));
  });

  it('the calls and both funds’ compilations, drafts and status history', async () => {
    expectContract(callListSchema, await get('/api/Call/GetCallList'));
    for (const fund of ['TUR', 'PUI'] as Fund[]) {
      const { controller } = fundEntry(fund);
      // Not started (TUR) and submitted (PUI): `body` and `integrationRounds` are sent, never left to a default.
      const compilation = expectContract(
        compilationSchemaOf(fundEntry(fund)),
        await get(`/api/${controller}/Get${controller}Compilazione?orgId=${owner.orgId}`),
      );
      expect(compilation).toHaveProperty('body');
      expect(compilation).toHaveProperty('integrationRounds');
    }
    expectContract(createDraftResponseSchema, await saveDraft(t, owner.token, owner.orgId, 'TUR', { progNome: 'Contratto' }));
    expectContract(draftSchema, await get(`/api/DraftCompilazione/GetTurDraft?orgId=${owner.orgId}`));
    expectContract(
      adminStatusHistoryItemSchema.array(),
      await get(`/api/Organization/GetCompilazioneHistory?compilazioneId=${submittedPui}`, admin.token),
    );
  });

  it('an integration round in the compilation and its slots', async () => {
    const other = await personWithOrganization(t, { name: 'Comune in Integrazione' });
    const id = await forceApplicationStatus(t, other.orgId, 'PUI', 'IN_VALUTAZIONE', { submittedAt: new Date() });
    const query = new URLSearchParams({ puiId: id, status: 'In integrazione', note: 'Manca il quadro economico.', deadline: romeDay(10) });
    expect((await t.post(`/api/Pui/UpdatePuiCompilazioneStatus?${query}`, undefined, admin.token)).statusCode).toBe(200);
    const compilation = expectContract(
      compilationSchemaOf(fundEntry('PUI')),
      await get(`/api/Pui/GetPuiCompilazione?orgId=${other.orgId}`, other.token),
    );
    expect(compilation.integrationRounds).toHaveLength(1);
    expectContract(
      attachmentSlotListSchema,
      await get(`/api/FileUpload/GetAttachmentIntegrations?orgId=${other.orgId}&callType=PUI`, other.token),
    );
  });

  it('a hand-over’s receipt: in the compilation, listed and read (GetReceipts, GetReceipt)', async () => {
    const other = await personWithOrganization(t, { name: 'Comune della Ricevuta' });
    const id = await forceApplicationStatus(t, other.orgId, 'PUI', 'IN_VALUTAZIONE', { submittedAt: new Date() });
    const ask = new URLSearchParams({ puiId: id, status: 'In integrazione', note: 'Manca il computo metrico.' });
    expect((await t.post(`/api/Pui/UpdatePuiCompilazioneStatus?${ask}`, undefined, admin.token)).statusCode).toBe(200);
    const document = { name: 'computo.pdf', content: samplePdf('Computo metrico') };
    expect((await uploadAttachment(t, other.token, document, { orgId: other.orgId, callType: 'PUI', typeId: 150 })).statusCode).toBe(200);
    const complete = new URLSearchParams({ puiId: id, status: 'Integrazione Sottomessa' });
    const compilation = expectContract(
      compilationSchemaOf(fundEntry('PUI')),
      await t.post(`/api/Pui/UpdatePuiCompilazioneStatus?${complete}`, undefined, other.token),
    );
    expect(compilation.receipts).toHaveLength(1);
    const [receipt] = expectContract(receiptListSchema, await get(`/api/Receipt/GetReceipts?applicationId=${id}`, other.token));
    expectContract(receiptSummarySchema, await get(`/api/Receipt/GetReceipt?receiptId=${receipt!.id}`, other.token));
  });

  it('attachments: slots, validations, an upload and its removal', async () => {
    const applicant = await personWithOrganization(t, { name: 'Comune degli Allegati' });
    const slots = expectContract(
      attachmentSlotListSchema,
      await get(`/api/FileUpload/GetAttachmentTypes?orgId=${applicant.orgId}&callType=PUI`, applicant.token),
    );
    expectContract(
      attachmentValidationSchema,
      await get(`/api/FileUpload/FileUploadValidationPui?orgId=${applicant.orgId}`, applicant.token),
    );
    const pdfSlot = slots.find((slot: AttachmentSlot) => slot.attachedType === 'PDF')!;
    const uploaded = expectContract(
      uploadFileResponseSchema,
      await uploadAttachment(
        t,
        applicant.token,
        { name: 'relazione.pdf', content: samplePdf('relazione') },
        { orgId: applicant.orgId, callType: 'PUI', typeId: pdfSlot.id },
      ),
    );
    const withFile = expectContract(
      attachmentSlotListSchema,
      await get(`/api/FileUpload/GetAttachmentTypes?orgId=${applicant.orgId}&callType=PUI`, applicant.token),
    );
    expect(withFile.some((slot: AttachmentSlot) => slot.downloadId === uploaded.id)).toBe(true);
    expectContract(removeAttachmentResponseSchema, await removeAttachment(t, applicant.token, uploaded.id));
    expectContract(
      attachmentSlotListSchema,
      await get(`/api/FileUpload/GetIstruttoriaGresbAttachmentTypes?orgId=${owner.orgId}&callType=PUI`),
    );
    expectContract(attachmentValidationSchema, await get(`/api/FileUpload/FilesUploadIstGresbPuiValidation?orgId=${owner.orgId}`));
  });

  it('organisations: GetPIva, CreateOrganization, the profile and its update', async () => {
    expectContract(pIvaLookupSchema, await t.post(`/api/Organization/GetPIva?pIva=${owner.payload.pIva}`, undefined, owner.token));
    const person = await t.register();
    expectContract(
      createOrganizationResponseSchema,
      await t.post('/api/Organization/CreateOrganization', organizationPayload(), person.token),
    );
    expectContract(organizationDetailSchema, await get(`/api/Organization/GetOrganizationById?id=${owner.orgId}`));
    expectContract(
      organizationDetailSchema,
      await t.post('/api/Organization/UpdateOrganization', { id: owner.orgId, website: 'https://contratto.example' }, owner.token),
    );
  });

  it('invitations: SendEmail, GetInvitation, AcceptInvitation', async () => {
    const outbox = t.config.mail.outboxDir;
    const emlFiles = async () => (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'));
    const before = new Set(await emlFiles());
    const email = `invitata.${Date.now()}@esempio.it`;
    expectContract(
      sendInvitationsResponseSchema,
      await t.post(
        '/api/SendEmail/SendEmail',
        { emails: [email], userId: owner.userId, subject: 'Invito', message: 'Ciao' },
        owner.token,
        selected(owner.orgId),
      ),
    );
    // The invitation among the new e-mails (a status change's e-mail may be written meanwhile).
    const written = await Promise.all(
      (await emlFiles())
        .filter((name) => !before.has(name))
        .map(async (name) => (await readFile(path.join(outbox, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=')),
    );
    const token = written.map((eml) => /accetta-invito\?token=([A-Za-z0-9_-]+)/.exec(eml)?.[1]).find(Boolean)!;
    const invited = await t.register({ email });
    expectContract(invitationViewSchema, await get(`/api/Organization/GetInvitation?token=${token}`, invited.token));
    expectContract(acceptInvitationResponseSchema, await t.post('/api/Organization/AcceptInvitation', { token }, invited.token));
  });

  it('reference lists, sent as prepared bytes', async () => {
    for (const name of [
      'GetAllFormaGiuridica',
      'GetAllRegione',
      'GetAllCities',
      'GetAllTourism',
      'GetAllDesignlevel',
      'GetTipoprogettiFinanz',
    ]) {
      expectContract(lookupListSchema, await get(`/api/Typology/${name}`));
    }
    const [region] = expectContract(lookupListSchema, await get('/api/Typology/GetAllRegione'));
    const [province] = expectContract(provinceListSchema, await get(`/api/Typology/GetprovfromRegion?regId=${region!.id}`));
    expectContract(lookupListSchema, await get(`/api/Typology/GetComunefromProv?provId=${province!.id}`));
    const [city] = expectContract(lookupListSchema, await get('/api/Typology/GetAllCities'));
    expectContract(lookupListSchema, await get(`/api/Typology/GetComuneFromCity?cityId=${city!.id}`));
    expectContract(lookupItemSchema, await get(`/api/Typology/GetRegionFromCity?cityId=${city!.id}`));
    const [obiettivo] = expectContract(puiLookupListSchema, await get('/api/Pui/GetObiettiviGenerali'));
    expectContract(puiLookupListSchema, await get('/api/Pui/GetFinalitaGenerali'));
    expectContract(puiLookupListSchema, await get(`/api/Pui/GetAllPuiFromCity?cityId=${city!.id}`));
    expectContract(puiLookupListSchema, await get(`/api/Pui/GetPuiObiettiviSpecifici?obbGeneraleId=${obiettivo!.id}&cityId=${city!.id}`));
  });

  it('surveys: the list, a definition, answers before and after a save, the validation', async () => {
    const list = expectContract(surveyDefinitionSummarySchema.array(), await get('/api/SJSurvey/GetSurveyTypeList'));
    const survey = list.find((item: { name: string }) => item.name === 'Istruttoria-Pui')!;
    expectContract(surveyDefinitionSchema, await get(`/api/SJSurvey/GetSurveyJsonStructBySurveyID?surveyId=${survey.id}`));
    const answers = `/api/SJSurvey/GetSurveySubmssionbySurveyId?surveyId=${survey.id}&candidaturaId=${submittedPui}&monitoraggio=false`;
    expect(JSON.parse((await get(answers)).body)).toBeNull();
    expectContract(
      surveySubmissionSchema,
      await t.post(
        '/api/SJSurvey/CreateSurveyAnswers',
        {
          surveySubmissionID: null,
          surveyId: survey.id,
          json: {},
          candidaturaId: submittedPui,
          compilazioneType: COMPILAZIONE_TYPE.PUI,
          monitoraggio: false,
        },
        owner.token,
      ),
    );
    expectContract(surveySubmissionSchema, await get(answers));
    expectContract(surveyValidationSchema, await get(`/api/SJSurvey/GetSurveyValidation?candidaturaId=${submittedPui}&monitoraggio=false`));
  });

  it('monitoring: an application’s periods and the overdue ones', async () => {
    expectContract(monitoringRowSchema.array(), await get(`/api/Monitoraggio/ShowMonitoraggioPui?candidaturaId=${submittedPui}`));
    expectContract(overdueMonitoringSchema, await get('/api/Monitoraggio/GetMonitoraggiScaduti', admin.token));
  });

  it('admins: the organisations list (prepared bytes) and every report', async () => {
    const list = expectContract(adminOrganizationListSchema, await get('/api/Organization/GetAllOrgsCompilazioni', admin.token));
    expect(list.length).toBeGreaterThan(0);
    const reports = expectContract(reportListSchema, await get('/api/Report/GetReportList', admin.token));
    expect(reports.reports.map((report: { id: string }) => report.id)).toEqual([...REPORT_IDS]);
    for (const reportId of REPORT_IDS) {
      expectContract(reportSchema, await get(`/api/Report/GetReport?workspaceId=${reports.workspaceId}&reportId=${reportId}`, admin.token));
    }
  });
});
