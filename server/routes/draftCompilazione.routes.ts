import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationsMessages } from '../../domain/messages/applications.ts';
import { attachmentsMessages } from '../../domain/messages/attachments.ts';
import { exportsMessages } from '../../domain/messages/exports.ts';
import type { Fund } from '../../domain/applicationStatus.ts';
import {
  createDraftRequestSchema,
  createDraftResponseSchema,
  DRAFT_JSON_MAX_LENGTH,
  draftSchema,
  applicationExcelFileName,
  applicationExcelQuerySchema,
  excelExportRequestSchema,
  orgIdQuerySchema,
  statusFieldsOf,
} from '../../domain/application.ts';
import { isSubmittedStatus } from '../../machines/application-lifecycle/transitions.ts';
import { callerOf, organizationAccessOf, type RouteAccess } from '../auth/access.ts';
import type { ServerFund } from '../applications/fundModule.ts';
import type { ApplicationRepository } from '../applications/repository.ts';
import type { StatusChanges } from '../applications/statusChanges.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { parseCallType } from '../applications/callType.ts';
import { assertJsonWithinLimits } from '../jsonInput.ts';
import { prepareApplicationsExport } from '../exports/applicationsExport.ts';
import { writeApplicationsWorkbook } from '../exports/applicationsWorkbook.ts';
import { writeApplicationWorkbook } from '../exports/applicationWorkbook.ts';
import type { ReferenceNames } from '../exports/referenceNames.ts';
import type { ExportLog } from '../timeline/exportLog.ts';
import { attachmentDisposition } from '../attachments/contentDisposition.ts';
import { displayFileName } from '../../domain/fileName.ts';
import { errorResponses } from './errorResponses.ts';
import { fileResponse } from './fileResponse.ts';
import { MEDIA_TYPES } from '../http/mediaTypes.ts';
import { workbookStream } from '../exports/excel.ts';

const m = applicationsMessages;

/** The wizard's values as sent: a JSON object within the size and depth limits, without U+0000 (named by field). */
function parseDraftJson(json: string): Record<string, unknown> {
  if (json.length > DRAFT_JSON_MAX_LENGTH) throw new HttpError(413, 'draft_too_large', m.draftTooLarge);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new HttpError(400, 'draft_invalid', m.draftInvalid);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new HttpError(400, 'draft_invalid', m.draftInvalid);
  assertJsonWithinLimits(value);
  return value as Record<string, unknown>;
}

/** The registered fund `callType` names (server/applications/callType.ts). */
function serverFundOf(funds: readonly ServerFund[], callType: string | number): ServerFund {
  const entry = parseCallType(
    callType,
    funds.map((fund) => fund.entry),
  );
  return funds.find((candidate) => candidate.entry === entry)!;
}

export interface DraftRouteOptions {
  repository: ApplicationRepository;
  statusChanges: StatusChanges;
  db: Db;
  /** The registered funds (server/app.ts): drafts of any other compilazioneType are refused. */
  funds: readonly ServerFund[];
  /** Names of reference-list answers for the application's Excel (server/exports/referenceNames.ts). */
  referenceNames: ReferenceNames;
  /** Each Excel download is logged with the applications it included (issue 44: their timelines say so). */
  exportLog: ExportLog;
}

/** /api/DraftCompilazione/…: the autosaved drafts, whether an application was submitted, the Excel list. */
export const draftCompilazioneRoutes: FastifyPluginAsyncZod<DraftRouteOptions> = async (
  app,
  { db, repository, statusChanges, funds, referenceNames, exportLog },
) => {
  const fundOfType = new Map(funds.map((fund) => [fund.entry.compilazioneType, fund]));
  const adminOnly: RouteAccess = 'admin';

  /**
   * Autosave (spec §4: on every step change). Members only; refused (409) once the application is submitted, and
   * for a draft never handed over outside its call's window (`call_not_open`, `call_closed`, issue 44).
   * With `version`, a draft saved meanwhile elsewhere answers 412 instead of being overwritten. The membership
   * is checked in the handler (`checkedIn`): for a member it is the condition of the autosave's one UPDATE.
   */
  const autosave: RouteAccess = { who: 'member', organization: { body: 'organizationId' }, mode: 'write', checkedIn: 'handler' };
  app.post(
    '/api/DraftCompilazione/CreateDraftCompilazione',
    {
      config: { access: autosave },
      schema: {
        body: createDraftRequestSchema,
        response: { 200: createDraftResponseSchema, ...errorResponses(autosave, [409, 412, 413]) },
      },
    },
    async (request) => {
      const { compilazioneType, json, organizationId, version } = request.body;
      const fund = fundOfType.get(compilazioneType);
      if (!fund) throw new HttpError(400, 'invalid_call_type', m.callTypeInvalid);
      const user = callerOf(request);
      const orgId = organizationId;
      let sent: Record<string, unknown>;
      try {
        sent = parseDraftJson(json);
      } catch (error) {
        // Who may save here is answered before what is wrong with the draft, so a stranger learns nothing.
        await request.authorizeOrganization(orgId);
        throw error;
      }
      // Stored as the fund's values (unknown keys dropped, wrong types emptied), so exports can trust drafts.
      const draft = fund.application ? fund.application.definition.fromDraft(sent, orgId) : sent;
      const draftOf = { organizationId: orgId, fund: fund.entry.fund, draft, expectedVersion: version };
      // A person typing: one statement that saves only for a member (statusChanges.autosaveInPlace). Anything
      // else (not a member, no application yet, Non avviata, a newer version, submitted) is decided as always:
      // the membership first (404, 403), then the transaction (412, 409).
      let saved = await statusChanges.autosaveInPlace({ ...draftOf, memberUserId: user.id });
      if (!saved) {
        const access = await request.authorizeOrganization(orgId);
        saved = await statusChanges.saveDraft({ ...draftOf, actor: { role: 'applicant', userId: access.user.id } });
      }
      return {
        applicationId: saved.id,
        compilazioneType,
        createdAt: (saved.draftUpdatedAt ?? saved.updatedAt).toISOString(),
        version: saved.draftVersion,
        ...statusFieldsOf(saved.status),
      };
    },
  );

  const readApplication: RouteAccess = { who: 'member', organization: { query: 'orgId' }, mode: 'read' };
  for (const { entry } of funds) {
    const name = entry.controller;

    /** The latest draft; 404 when none was saved. Members and platform admins. */
    app.get(
      `/api/DraftCompilazione/Get${name}Draft`,
      {
        config: { access: readApplication },
        schema: { querystring: orgIdQuerySchema, response: { 200: draftSchema, ...errorResponses(readApplication, [403]) } },
      },
      async (request) => {
        const access = organizationAccessOf(request);
        const draft = await repository.draft(access.organization.id, entry);
        if (!draft) throw new HttpError(404, 'draft_not_found', m.draftNotFound);
        return draft;
      },
    );

    /** Whether the application is submitted (read-only for the applicant): false when none or reopened. */
    app.get(
      `/api/DraftCompilazione/HasSubmitted${name}`,
      {
        config: { access: readApplication },
        schema: { querystring: orgIdQuerySchema, response: { 200: z.boolean(), ...errorResponses(readApplication, [403]) } },
      },
      async (request) => {
        const access = organizationAccessOf(request);
        const row = await repository.byOrganization(access.organization.id, entry.fund);
        return row ? isSubmittedStatus(row.status) : false;
      },
    );
  }

  /**
   * The Excel list of the chosen applications of one fund, "Lista-candidature-{fund}.xlsx", streamed as it is
   * written. Platform admins only. Unknown ids and ids of the other fund are left out.
   */
  app.post(
    '/api/DraftCompilazione/DownloadExcelCompilazioni',
    {
      config: { access: adminOnly },
      schema: {
        body: excelExportRequestSchema,
        response: {
          200: fileResponse('Lista-candidature-{fondo}.xlsx, scritto mentre è inviato.', [MEDIA_TYPES.xlsx]),
          ...errorResponses(adminOnly, [400, 404, 409, 412, 413]),
        },
      },
    },
    async (request, reply) => {
      const registered = serverFundOf(funds, request.body.callType);
      const fund = registered.entry.fund as Fund;
      const ids = [...new Set(request.body.compilazioniId.map((id) => id.toLowerCase()))];
      if (ids.length === 0) throw new HttpError(400, 'export_empty', m.exportEmpty);
      const prepared = await prepareApplicationsExport(db, fund, ids);
      await exportLog.record({ kind: 'applications_excel', fund, applicationIds: prepared.ids, user: callerOf(request) });

      const stream = workbookStream(
        (out) =>
          writeApplicationsWorkbook(out, {
            sheets: [
              {
                sheetName: exportsMessages.applicationsSheet(fund),
                definition: registered.application?.definition ?? null,
                batches: prepared.batches,
              },
            ],
            names: referenceNames,
          }),
        request.log,
        'excel export',
      );
      return reply
        .type(MEDIA_TYPES.xlsx)
        .header('content-disposition', `attachment; filename="Lista-candidature-${fund}.xlsx"`)
        .header('cache-control', 'no-store')
        .header('x-compilazioni-count', String(prepared.count))
        .send(stream);
    },
  );

  /**
   * One organisation's application to one fund, "Candidatura{Tur|Pui}-{orgName}.xlsx" (spec §9): every field of
   * the fund's definition with its Italian label and the answer (the submitted application, or the draft while
   * there is none), streamed as it is written. Platform admins only; an unknown organisation is 404.
   */
  const exportApplication: RouteAccess = { who: 'admin', organization: { query: 'orgId' } };
  app.get(
    '/api/DraftCompilazione/DownloadExcelCompilazione',
    {
      config: { access: exportApplication },
      schema: {
        querystring: applicationExcelQuerySchema,
        response: {
          200: fileResponse('Candidatura{Tur|Pui}-{organizzazione}.xlsx, scritto mentre è inviato.', [MEDIA_TYPES.xlsx]),
          ...errorResponses(exportApplication),
        },
      },
    },
    async (request, reply) => {
      const registered = serverFundOf(funds, request.query.callType);
      const fund = registered.entry.fund as Fund;
      if (!registered.application) throw new HttpError(400, 'invalid_call_type', m.callTypeInvalid);
      const { organization } = organizationAccessOf(request);
      const row = await repository.byOrganization(organization.id, fund);
      if (!row || (row.body === null && row.draft === null)) throw new HttpError(404, 'not_found', m.exportNoApplication);
      await exportLog.record({ kind: 'application_excel', fund, applicationIds: [row.id], user: callerOf(request) });

      const { definition } = registered.application;
      const stream = workbookStream(
        (out) =>
          writeApplicationWorkbook(
            out,
            definition,
            {
              fund,
              organization: { name: organization.name, pIva: organization.pIva },
              status: row.status,
              submittedAt: row.submittedAt,
              statusChangedAt: row.statusChangedAt,
              warnings: row.warnings,
              data: row.body ?? row.draft,
              source: row.body ? exportsMessages.source.application : exportsMessages.source.draft,
            },
            referenceNames,
          ),
        request.log,
        'application excel export',
      );
      const fileName = applicationExcelFileName(
        registered.entry,
        displayFileName(organization.name) || attachmentsMessages.unnamedOrganization,
      );
      return reply
        .type(MEDIA_TYPES.xlsx)
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
