import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { applications, applicationStatusHistory, type ApplicationRow } from '../db/schema/applications.ts';
import { users } from '../db/schema/users.ts';
import { attachments } from '../db/schema/attachments.ts';
import { integrationRounds } from '../db/schema/integrations.ts';
import { sentMonitoringReminders } from '../monitoring/sentReminders.ts';
import { monitoringMessages } from '../../domain/messages/monitoring.ts';
import type { IntegrationRound } from '../../domain/integration.ts';
import { itemsOfRounds } from '../integrations/items.ts';
import { applicationStatusLabels, NO_APPLICATION_ID, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import {
  statusFieldsOf,
  type AdminStatusHistoryItem,
  type CompilationView,
  type Draft,
  type StatusHistoryItem,
} from '../../domain/application.ts';
import type { FundEntry } from '../../domain/funds.ts';
import type { ReceiptSummary } from '../../domain/receipts.ts';
import { receiptsOfApplication } from '../receipts/receipts.ts';
import { isToldToApplicant } from '../../domain/statusNotifications.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Reads of applications, their drafts and histories. Status writes live in statusChanges.ts only. */
export function createApplicationRepository(db: Db) {
  // GetTurDraft / GetPuiDraft, read as often as the wizard opens: prepared once per connection, only the draft's
  // columns (not the submitted body), and the draft as the database's JSON text, answered as it is instead of
  // parsed into objects and serialised again.
  const draftOf = db
    .select({
      json: sql<string | null>`${applications.draft}::text`,
      updatedAt: applications.draftUpdatedAt,
      version: applications.draftVersion,
    })
    .from(applications)
    .where(and(eq(applications.organizationId, sql.placeholder('organizationId')), eq(applications.fund, sql.placeholder('fund'))))
    .prepare('draft_of_application');

  async function byOrganization(organizationId: string, fund: string): Promise<ApplicationRow | undefined> {
    const [row] = await db
      .select()
      .from(applications)
      .where(and(eq(applications.organizationId, organizationId), eq(applications.fund, fund)));
    return row;
  }

  async function byId(id: string): Promise<ApplicationRow | undefined> {
    const [row] = await db.select().from(applications).where(eq(applications.id, id));
    return row;
  }

  async function history(applicationId: string): Promise<StatusHistoryItem[]> {
    const rows = await db
      .select({
        to: applicationStatusHistory.toStatus,
        at: applicationStatusHistory.createdAt,
        note: applicationStatusHistory.note,
        actorRole: applicationStatusHistory.actorRole,
      })
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.applicationId, applicationId))
      .orderBy(asc(applicationStatusHistory.createdAt), asc(applicationStatusHistory.id));
    // The reviewers' note, where they tell the applicant something: not on the internal steps.
    return rows.map((r) => ({
      ...statusFieldsOf(r.to),
      at: r.at.toISOString(),
      note: r.actorRole === 'admin' && isToldToApplicant(r.to) && r.note?.trim() ? r.note : null,
    }));
  }

  /** Every integration round of the application, oldest first, with its documents. */
  async function integrationRoundsOf(applicationId: string): Promise<IntegrationRound[]> {
    const rounds = await db
      .select()
      .from(integrationRounds)
      .where(eq(integrationRounds.applicationId, applicationId))
      .orderBy(asc(integrationRounds.number));
    if (rounds.length === 0) return [];
    const [files, items] = await Promise.all([
      db
        .select()
        .from(attachments)
        .where(
          inArray(
            attachments.integrationRoundId,
            rounds.map((round) => round.id),
          ),
        )
        .orderBy(asc(attachments.createdAt), asc(attachments.id)),
      itemsOfRounds(
        db,
        rounds.map((round) => round.id),
      ),
    ]);
    return rounds.map((round) => ({
      number: round.number,
      request: round.request,
      deadline: round.deadline,
      requestedAt: round.requestedAt.toISOString(),
      completedAt: round.completedAt?.toISOString() ?? null,
      documents: files
        .filter((file) => file.integrationRoundId === round.id)
        .map((file) => ({ downloadId: file.id, fileName: file.fileName, size: file.size, uploadedAt: file.createdAt.toISOString() })),
      items: items.get(round.id) ?? [],
    }));
  }

  /** The history, integration rounds and receipts of a stored application. */
  async function detailsOf(applicationId: string) {
    const [statusHistory, rounds, receipts] = await Promise.all([
      history(applicationId),
      integrationRoundsOf(applicationId),
      receiptsOfApplication(db, applicationId),
    ]);
    return { history: statusHistory, integrationRounds: rounds, receipts };
  }

  return {
    byOrganization,
    byId,
    integrationRoundsOf,

    /** The organisation's application to `fund`, or the all-zero "none yet" one (spec §3). */
    async compilation(organizationId: string, fund: FundEntry, options: { withWarnings: boolean }): Promise<CompilationView> {
      const row = await byOrganization(organizationId, fund.fund);
      const details = row ? await detailsOf(row.id) : { history: [], integrationRounds: [], receipts: [] };
      return compilationOf(row, organizationId, fund, options.withWarnings ? undefined : [], details);
    },

    async compilationOfRow(row: ApplicationRow, fund: FundEntry, options: { withWarnings: boolean }): Promise<CompilationView> {
      return compilationOf(row, row.organizationId, fund, options.withWarnings ? undefined : [], await detailsOf(row.id));
    },

    async draft(organizationId: string, fund: FundEntry): Promise<Draft | undefined> {
      const [row] = await draftOf.execute({ organizationId, fund: fund.fund });
      if (!row?.json || !row.updatedAt) return undefined;
      return { compilazioneType: fund.compilazioneType, createdAt: row.updatedAt.toISOString(), json: row.json, version: row.version };
    },

    /** Every change with its note and who made it, oldest first: for admins only. */
    async adminHistory(applicationId: string): Promise<AdminStatusHistoryItem[]> {
      const rows = await db
        .select({
          from: applicationStatusHistory.fromStatus,
          to: applicationStatusHistory.toStatus,
          note: applicationStatusHistory.note,
          actorRole: applicationStatusHistory.actorRole,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          at: applicationStatusHistory.createdAt,
        })
        .from(applicationStatusHistory)
        .leftJoin(users, eq(users.id, applicationStatusHistory.actorUserId))
        .where(eq(applicationStatusHistory.applicationId, applicationId))
        .orderBy(asc(applicationStatusHistory.createdAt), asc(applicationStatusHistory.id));
      const changes: AdminStatusHistoryItem[] = rows.map((r) => {
        const name = `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim();
        return {
          fromStatus: applicationStatusLabels[r.from],
          fromStatusCode: r.from,
          ...statusFieldsOf(r.to),
          note: r.note,
          actorRole: r.actorRole,
          actorName: name || r.email || null,
          at: r.at.toISOString(),
        };
      });
      // The monitoring reminders the portal e-mailed (only ever while Monitoraggio Aperto), among the changes.
      const reminders = await sentMonitoringReminders(db, applicationId);
      const sent: AdminStatusHistoryItem[] = reminders.map((r) => ({
        fromStatus: applicationStatusLabels.MONITORAGGIO_APERTO,
        fromStatusCode: 'MONITORAGGIO_APERTO',
        ...statusFieldsOf('MONITORAGGIO_APERTO'),
        note: monitoringMessages.reminderHistory(r.title, monitoringMessages.reminderKinds[r.kind], r.recipients),
        actorRole: 'system',
        actorName: null,
        at: r.at.toISOString(),
      }));
      return [...changes, ...sent].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    },
  };
}

function compilationOf(
  row: ApplicationRow | undefined,
  organizationId: string,
  fund: FundEntry,
  warnings: string[] | undefined,
  details: { history: StatusHistoryItem[]; integrationRounds: IntegrationRound[]; receipts: ReceiptSummary[] },
): CompilationView {
  const status: ApplicationStatusCode = row?.status ?? 'NON_AVVIATA';
  return {
    id: row?.id ?? NO_APPLICATION_ID,
    organizationId,
    compilazioneType: fund.compilazioneType,
    ...statusFieldsOf(status),
    submittedAt: iso(row?.submittedAt ?? null),
    statusChangedAt: iso(row?.statusChangedAt ?? null),
    hasDraft: Boolean(row?.draft),
    history: details.history,
    integrationRounds: details.integrationRounds,
    receipts: details.receipts,
    warnings: warnings ?? row?.warnings ?? [],
    body: row?.body ?? null,
  };
}

export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;
