import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { applications, type ApplicationRow } from '../db/schema/applications.ts';
import { calls } from '../db/schema/calls.ts';
import { HttpError } from '../errors.ts';
import { callThresholdsSchema, type CallThresholds } from '../../domain/call.ts';
import type { ApiErrorBody } from '../../domain/errors.ts';
import { submissionMessages } from '../../domain/messages/submission.ts';
import type { FieldIssue } from '../../domain/wizard.ts';
import { transitionOn } from '../../machines/application-lifecycle/transitions.ts';
import { refuseOutsideCallWindow } from './callWindow.ts';
import type { StatusActor, StatusChanges } from './statusChanges.ts';

const m = submissionMessages;
const SUBMIT = 'applicant.application.submit';
const AUTOSAVE = 'applicant.draft.autosave';

/** What a call decides about its applications (read from the `calls` row, never from constants). */
export interface CallRules {
  /** Last allowed end of works, YYYY-MM-DD (spec §5 Blocking date). */
  endOfWorksLimit: string;
  thresholds: CallThresholds;
  /** Applications are handed over from opensAt until closesAt (issue 44). */
  opensAt: Date;
  closesAt: Date;
}

export type ParsedSubmission<Values> = { ok: true; values: Values } | { ok: false; error: ApiErrorBody & { error: 'validation_error' } };

/**
 * One fund's submission: how its body is checked, completed and judged. Made from the fund's server module
 * by `fundSubmissionOf` (fundModule.ts); every fund goes through the same `submit`.
 */
export interface FundSubmission<Values extends Record<string, unknown>> {
  fund: string;
  /** The wizard step where a missing mandatory attachment is reported. */
  attachmentsStep: string;
  /** The client's body checked for shape (types, lengths); fields the server sets itself are dropped, not checked. */
  parse(body: unknown): ParsedSubmission<Values>;
  /** The values as they will be stored: computed and derived fields recomputed, answers hidden by others cleared. */
  prepare(values: Values): Values;
  /** Every rule of spec §5 the values break under this call, attachments aside. */
  validate(values: Values, call: CallRules): FieldIssue[];
  /** The reviewers' warnings (spec §5), with the call's thresholds. */
  warnings(values: Values, thresholds: CallThresholds): string[];
}

/** Names of the organisation's mandatory attachment slots of `fund` that hold no file (the attachments module). */
export type MissingRequiredAttachments = (organizationId: string, fund: string) => Promise<string[]>;

/**
 * The hand-over's check of the signed Domanda (server/domanda/signedDomanda.ts, issue 43): when the fund's call
 * requires a signature, the values being handed over must be exactly what the legal representative signed; it
 * throws the 409 that says what is missing otherwise.
 */
export type SignatureCheck = (organizationId: string, fund: string, values: Record<string, unknown>) => Promise<void>;

/** JSON with object keys sorted: JSONB does not keep key order, so equal values must compare equal anyway. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sameValues = (stored: unknown, values: unknown) =>
  stored !== null && stored !== undefined && canonicalJson(stored) === canonicalJson(values);

/** Whether the application was submitted and is now out of the applicant's hands (no autosave, no submit). */
const isSettled = (row: ApplicationRow) => row.status !== 'NON_AVVIATA' && !transitionOn(row.status, SUBMIT);

/**
 * Submitting an application (spec §4 Candidatura Sottomessa, §5, §7 CreatePui): the body is checked for
 * shape (400), completed by the server, judged by the fund's rules under its call (422), checked against the
 * signed Domanda when the call requires one (409, issue 43), then stored with
 * its warnings and moved to Candidatura Sottomessa in one transaction, through statusChanges only.
 *
 * Idempotent by content: submitting values equal to the stored submission of an application that can no
 * longer be submitted answers that submission again (nothing written); any other values then get 409.
 * The application row is locked for the whole transaction, so of two identical submissions at once one
 * writes and the other finds it done — one history row.
 */
export function createApplicationSubmission(deps: {
  db: Db;
  statusChanges: StatusChanges;
  missingRequiredAttachments?: MissingRequiredAttachments;
  signatureCheck?: SignatureCheck;
}) {
  const { db, statusChanges, missingRequiredAttachments, signatureCheck } = deps;

  async function callRules(fund: string): Promise<CallRules> {
    const [call] = await db
      .select({ endOfWorksLimit: calls.endOfWorksLimit, thresholds: calls.thresholds, opensAt: calls.opensAt, closesAt: calls.closesAt })
      .from(calls)
      .where(eq(calls.fund, fund));
    if (!call) throw new HttpError(503, 'call_missing', m.callMissing);
    return { ...call, thresholds: callThresholdsSchema.parse(call.thresholds) };
  }

  async function current(tx: Db, organizationId: string, fund: string, lock: boolean): Promise<ApplicationRow | undefined> {
    const query = tx
      .select()
      .from(applications)
      .where(and(eq(applications.organizationId, organizationId), eq(applications.fund, fund)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** A settled application: the same values again are a replay (200), anything else is an edit (409). */
  function replayOrRefuse(row: ApplicationRow, values: unknown): ApplicationRow {
    if (sameValues(row.body, values)) return row;
    throw new HttpError(409, 'application_submitted', m.alreadySubmitted);
  }

  async function submit<Values extends Record<string, unknown>>(
    definition: FundSubmission<Values>,
    input: { organizationId: string; body: unknown; actor: StatusActor },
  ): Promise<ApplicationRow> {
    const { fund } = definition;
    const { organizationId, actor } = input;
    const parsed = definition.parse(input.body);
    const values = parsed.ok ? definition.prepare(parsed.values) : undefined;

    // Once submitted, nothing the client sends changes it, whatever its shape or completeness.
    const before = await current(db, organizationId, fund, false);
    if (before && isSettled(before)) return replayOrRefuse(before, values);

    // Outside the call's window nothing else is worth checking: the draft cannot be handed over at all.
    const call = await callRules(fund);
    refuseOutsideCallWindow(call, before?.submittedAt != null, new Date(), 'submit');
    if (!parsed.ok) {
      const { error, message, field, issues } = parsed.error;
      throw new HttpError(400, error, message, {}, { field, issues });
    }
    const checked = values!;
    const issues = definition.validate(checked, call);
    if (missingRequiredAttachments) {
      for (const name of await missingRequiredAttachments(organizationId, fund)) {
        issues.push({ field: definition.attachmentsStep, step: definition.attachmentsStep, message: m.attachmentRequired(name) });
      }
    }
    if (issues.length > 0) {
      throw new HttpError(422, 'application_incomplete', m.incomplete, {}, { issues });
    }
    const warnings = definition.warnings(checked, call.thresholds);
    // Complete, so the Domanda exists: it must be signed as it is now (when the call asks for the signature).
    if (signatureCheck) await signatureCheck(organizationId, fund, checked);

    // The receipt's protocol number is the transaction's last statement (statusChanges.transaction).
    const result = await statusChanges.transaction(async (tx) => {
      // Created here if the wizard never autosaved; it then takes the machine's path Non avviata → Aperta first.
      await tx.insert(applications).values({ organizationId, fund }).onConflictDoNothing();
      let row = await current(tx, organizationId, fund, true);
      if (!row) throw new Error('application row vanished');
      if (isSettled(row)) return replayOrRefuse(row, checked);

      const draft = { draft: checked, draftVersion: sql`${applications.draftVersion} + 1`, draftUpdatedAt: new Date() };
      const autosave = transitionOn(row.status, AUTOSAVE);
      if (row.status === 'NON_AVVIATA' && autosave) {
        row = await statusChanges.apply(tx, row.id, autosave, actor, { at: draft.draftUpdatedAt, set: draft });
        if (!row) throw new Error('locked application changed');
      }
      const submission = transitionOn(row.status, SUBMIT);
      if (!submission) throw new HttpError(409, 'application_submitted', m.alreadySubmitted);
      // Strictly later than an autosave just written, so the history lists the two in the order they happened.
      const at = new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1));
      // The submitted values also become the latest draft: an application reopened by the admins shows them.
      const submitted = await statusChanges.apply(tx, row.id, submission, actor, {
        at,
        set: { ...draft, draftUpdatedAt: at, body: checked, warnings },
      });
      // The row is locked: nobody can have changed it since it was read.
      if (!submitted) throw new Error('locked application changed');
      return submitted;
    });
    // Its "candidatura ricevuta" e-mail, recorded in the transaction, goes out now.
    statusChanges.committed();
    return result;
  }

  return { submit, callRules };
}

export type ApplicationSubmission = ReturnType<typeof createApplicationSubmission>;
