import { z } from 'zod';
import { applicationStatusLabels, FUNDS, type ApplicationStatusCode, type Fund } from './applicationStatus.ts';
import { applicationStatusCodeSchema, statusActorRoleSchema } from './applicationStatusSchemas.ts';
import { FUND_REGISTRY, type FundEntry } from './funds.ts';
import { integrationRoundSchema } from './integration.ts';
import { receiptSummarySchema } from './receipts.ts';
import { idSchema } from './idSchema.ts';
import { UUID_PATTERN } from './uuid.ts';

/** Limits of what a client may store (the wizard's values are far smaller). */
export const DRAFT_JSON_MAX_LENGTH = 512 * 1024;
export const EXPORT_MAX_APPLICATIONS = 10_000;

/** A fund's numeric type in a payload (spec §3 compilazioneType); which funds exist is the server's to say. */
const fundTypeSchema = z.number().int().min(0).max(999);

const statusLabelSchema = z.enum(Object.values(applicationStatusLabels) as [string, ...string[]]);
const isoDateTime = z.string();

/** A status as both people and programs need it. */
const statusFields = { status: statusLabelSchema, statusCode: applicationStatusCodeSchema };

export function statusFieldsOf(code: ApplicationStatusCode) {
  return { status: applicationStatusLabels[code], statusCode: code };
}

/**
 * One change on the applicant's fund card: which status, since when, and the reviewers' note when the status is
 * one the applicant is told of (domain/statusNotifications.ts); null otherwise. No names.
 */
export const statusHistoryItemSchema = z.object({ ...statusFields, at: isoDateTime, note: z.string().nullable() });
export type StatusHistoryItem = z.infer<typeof statusHistoryItemSchema>;

/** One change as admins see it (GET /api/Organization/GetCompilazioneHistory). */
export const adminStatusHistoryItemSchema = z.object({
  fromStatus: statusLabelSchema,
  fromStatusCode: applicationStatusCodeSchema,
  ...statusFields,
  note: z.string().nullable(),
  actorRole: statusActorRoleSchema,
  /** "Nome Cognome" (or the e-mail) of the person; null for the portal itself or a deleted account. */
  actorName: z.string().nullable(),
  at: isoDateTime,
});
export type AdminStatusHistoryItem = z.infer<typeof adminStatusHistoryItemSchema>;

/**
 * GET /api/Tur/GetTurCompilazione, /api/Pui/GetPuiCompilazione (spec §3, Compilation). `id` is all zeros
 * and the status Non avviata when the organisation has not started this application. `warningsTur` /
 * `warningsPui` are shown to admins only (spec §5): applicants get an empty list.
 */
const compilationBase = {
  id: z.string(),
  organizationId: z.string(),
  compilazioneType: fundTypeSchema,
  ...statusFields,
  /** Candidacy date: the latest submission; null before the first. */
  submittedAt: isoDateTime.nullable(),
  statusChangedAt: isoDateTime.nullable(),
  /** Whether a draft is stored (GET …/GetTurDraft, GetPuiDraft answer 200). */
  hasDraft: z.boolean(),
  /** Every status change, oldest first. */
  history: z.array(statusHistoryItemSchema),
  /**
   * The values of the latest submission (POST /api/Pui/CreatePui), as the server validated and recomputed
   * them; null before the first. The read-only wizard shows these; while null it shows the draft instead.
   */
  body: z.record(z.string(), z.unknown()).nullable().default(null),
  /** The reviewers' requests for documents (spec §4 Integration), oldest first, each with its documents. */
  integrationRounds: z.array(integrationRoundSchema).default([]),
  /** The receipts of what was handed over, oldest first: protocol number, what, when. */
  receipts: z.array(receiptSummarySchema).default([]),
};
/** A fund's compilation as its controller answers it, with the warnings under the fund's own key. */
export function compilationSchemaOf(entry: Pick<FundEntry, 'warningsKey'>) {
  return z.object({ ...compilationBase, [entry.warningsKey]: z.array(z.string()) }) as unknown as z.ZodType<FundCompilation>;
}
export type FundCompilation = Omit<CompilationView, 'warnings'> & Record<string, unknown>;
/** The compilation with the fund's warnings under one name, `warnings`, as the generic code handles it. */
export const compilationViewSchema = z.object({ ...compilationBase, warnings: z.array(z.string()) });
export type CompilationView = z.infer<typeof compilationViewSchema>;

export const orgIdQuerySchema = z.object({ orgId: idSchema });

/** The spec's query: the status as the Italian label (or the stable code), an optional note. */
const statusChangeQuery = {
  status: z.string().min(1).max(100),
  note: z.string().optional(),
  /** In integrazione: the date (YYYY-MM-DD) by which the documents are expected. */
  deadline: z.string().max(40).optional(),
};
/** Update{Tur|Pui}CompilazioneStatus's query: the application id under the fund's key (turId, puiId). */
export function statusQuerySchemaOf(entry: Pick<FundEntry, 'idQueryKey'>) {
  return z.object({ [entry.idQueryKey]: idSchema, ...statusChangeQuery }) as unknown as z.ZodType<
    { status: string; note?: string; deadline?: string } & Record<string, string | undefined>
  >;
}

/** POST /api/DraftCompilazione/CreateDraftCompilazione (spec §3, Draft compilation). */
export const createDraftRequestSchema = z.object({
  compilazioneType: fundTypeSchema,
  /** The wizard's values, stringified: must be a JSON object. */
  json: z.string(),
  organizationId: idSchema,
  /** The version this draft was based on (0 = none yet); a different stored version answers 412. Optional. */
  version: z.number().int().min(0).optional(),
});

export const createDraftResponseSchema = z.object({
  applicationId: z.string(),
  compilazioneType: fundTypeSchema,
  /** When this version was saved. */
  createdAt: isoDateTime,
  version: z.number().int(),
  ...statusFields,
});
export type CreateDraftResponse = z.infer<typeof createDraftResponseSchema>;

/** GET /api/DraftCompilazione/GetTurDraft, GetPuiDraft: the latest saved draft. */
export const draftSchema = z.object({
  compilazioneType: fundTypeSchema,
  /** When this version was saved (each autosave replaces the previous one). */
  createdAt: isoDateTime,
  json: z.string(),
  version: z.number().int(),
});
export type Draft = z.infer<typeof draftSchema>;

/** One application in the admin list: status, dates and the changes the admin dialog may offer. */
export const adminCompilationSchema = z.object({
  id: z.string(),
  ...statusFields,
  submittedAt: isoDateTime.nullable(),
  /**
   * When the server accepted the hand-over (issue 45): ISO 8601 in UTC with six fractional digits
   * (domain/acceptanceTime.ts), as a click day ranks applications by microseconds; null before the hand-over.
   */
  acceptedAt: z.string().nullable(),
  statusChangedAt: isoDateTime,
  /** Stable codes of the statuses an admin may set from here (the status dialog's options), spec order. */
  allowedTargets: z.array(applicationStatusCodeSchema),
  warningsCount: z.number().int(),
});
export type AdminCompilation = z.infer<typeof adminCompilationSchema>;

/**
 * Each fund's application under the fund's key (turCompilazione, puiCompilazione: FundEntry.listKey); null while
 * the organisation has no application to that fund (Non avviata).
 */
const fundCompilations = Object.fromEntries(FUNDS.map((fund) => [FUND_REGISTRY[fund].listKey, adminCompilationSchema.nullable()])) as {
  [F in Fund as (typeof FUND_REGISTRY)[F]['listKey']]: z.ZodNullable<typeof adminCompilationSchema>;
};

/** GET /api/Organization/GetAllOrgsCompilazioni (spec §3, Organisation admin list item). */
export const adminOrganizationListItemSchema = z.object({
  organization: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    pIva: z.string(),
    /** The organisation's codice fiscale (its profile), searched like the P.IVA; null when not given. */
    codiceFiscale: z.string().nullable(),
    /** Issue 42: suspended by a platform administrator (its members read, change nothing). */
    suspended: z.boolean(),
  }),
  ...fundCompilations,
  compilazioneDrafts: z.array(z.object({ compilazioneType: fundTypeSchema, createdAt: isoDateTime, version: z.number().int() })),
});
export type AdminOrganizationListItem = z.infer<typeof adminOrganizationListItemSchema>;
export const adminOrganizationListSchema = z.array(adminOrganizationListItemSchema);

/** The item's application to `fund` (read under the fund's key: FundEntry.listKey). */
export function adminCompilationOf(item: AdminOrganizationListItem, fund: Pick<FundEntry, 'listKey'>): AdminCompilation | null {
  return (item as unknown as Record<string, AdminCompilation | null | undefined>)[fund.listKey] ?? null;
}

/** GetAllOrgsCompilazioni's optional search: name, P.IVA or codice fiscale (domain/organizationSearch.ts). */
export const adminListQuerySchema = z.object({ q: z.string().max(200).optional() });

export const compilazioneHistoryQuerySchema = z.object({ compilazioneId: idSchema });

/** POST /api/DraftCompilazione/DownloadExcelCompilazioni. `callType`: the fund's code (any case) or its compilazioneType. */
export const excelExportRequestSchema = z.object({
  compilazioniId: z.array(z.string().regex(UUID_PATTERN)).max(EXPORT_MAX_APPLICATIONS),
  callType: z.union([fundTypeSchema, z.string()]),
});

/** One organisation's application to one fund as a spreadsheet (admins): ?orgId=&callType= code or compilazioneType. */
export const applicationExcelQuerySchema = z.object({ orgId: idSchema, callType: z.string() });

/** "Candidatura{Tur|Pui}-{orgName}.xlsx" (spec §9), named like the attachments' zip. */
export function applicationExcelFileName(fund: Pick<FundEntry, 'controller'>, organizationName: string): string {
  return `Candidatura${fund.controller}-${organizationName}.xlsx`;
}

/**
 * POST /api/Pui/CreatePui (spec §7): the body is the PUI form values (domain/pui/puiApplication.ts) with
 * `organizationId`. `status`, `allegatoId`, `warningsPui` and the computed or derived values (fontiCopertura,
 * percTotInvest, tempiFineLavoriPrev, progRegione) may be sent and are ignored: the server sets them.
 * Answers:
 * - 200: the compilation as GetPuiCompilazione answers it (status Candidatura Sottomessa, `body` = the stored
 *   values); reviewers' warnings are stored but, as always for applicants, `warningsPui` is empty.
 * - 400 `validation_error` (with `field` and `issues`): a value of the wrong type, too long or a date that does
 *   not exist, by field.
 * - 401, 403 (not a member, or a platform admin: admins never submit), 404 (unknown organisation).
 * - 409 `application_submitted`: the application was already submitted with other values.
 * - 422 `application_incomplete`: rules of spec §5 broken (the end-of-works limit of the call, a comune outside the
 *   chosen city, a mandatory attachment missing — step 'allegati'); `message` is spec §8's 'Controlla che tutti i
 *   campi obbligatori siano compilati' and `issues` lists every problem with its field and wizard step.
 * Idempotent by content: the same values again (a double click, a retry, two at once) answer 200 with the
 * same compilation and write nothing more — one submission, one history row.
 */
