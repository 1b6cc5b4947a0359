import { pipeline, Transform, type Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import type { ApplicationStatusCode, Fund } from '../../domain/applicationStatus.ts';
import { FUNDS } from '../../domain/funds.ts';
import {
  BULK_MAX_APPLICATIONS,
  type BulkAction,
  type BulkActionSummary,
  type BulkFilters,
  type BulkSelection,
  type CreateBulkActionBody,
} from '../../domain/bulkActions.ts';
import { displayFileName } from '../../domain/fileName.ts';
import { attachmentsMessages } from '../../domain/messages/attachments.ts';
import { bulkActionsMessages } from '../../domain/messages/bulkActions.ts';
import { exportsMessages } from '../../domain/messages/exports.ts';
import { organizationMatcher, organizationSearchKeys } from '../../domain/organizationSearch.ts';
import { isStatusMailStatus } from '../../domain/statusNotifications.ts';
import type { UserRow } from '../auth/users.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { bulkActionItems, bulkActions } from '../db/schema/bulkActions.ts';
import { organizations } from '../db/schema/organizations.ts';
import { HttpError } from '../errors.ts';
import { prepareApplicationsExport } from '../exports/applicationsExport.ts';
import { writeApplicationsWorkbook, type ListedDefinition } from '../exports/applicationsWorkbook.ts';
import { addArchiveEntries, archiveEntriesOf, type ArchiveSources } from '../exports/applicationZip.ts';
import type { ReferenceNames } from '../exports/referenceNames.ts';
import { yieldToEventLoop } from '../exports/pacing.ts';
import { serialJob } from '../operations/serialJob.ts';
import type { FileStorage } from '../storage/fileStorage.ts';
import type { ExportLog } from '../timeline/exportLog.ts';
import type { StatusChanges, StatusRequest } from './statusChanges.ts';
import { workbookStream } from '../exports/excel.ts';

const m = bulkActionsMessages;

/** How long a process holds what it claimed (items, or a file being written) before another may take it over. */
export const BULK_LEASE_MS = 60_000;
/** How many pending items of a status change one claim takes. */
const BATCH = 10;
/** How often a running process looks for work nobody holds (a process that died leaves its work behind). */
export const BULK_POLL_MS = 5_000;
/** The most recent actions the administrator's list shows. */
const RECENT = 10;
/** Ids per statement when reading or inserting a selection. */
const CHUNK = 1000;

const collator = new Intl.Collator('it', { sensitivity: 'base', numeric: true });

export interface BulkActionsDeps {
  db: Db;
  statusChanges: StatusChanges;
  storage: FileStorage;
  archive: ArchiveSources;
  /** The list Excel's columns per fund, and the reference data's names (server/exports/applicationsWorkbook.ts). */
  excel: { definitionOf(fund: Fund): ListedDefinition | null; names: ReferenceNames };
  exportLog: ExportLog;
  log: FastifyBaseLogger;
  leaseMs?: number;
}

interface Selected {
  id: string;
  fund: Fund;
  organizationId: string;
  organizationName: string;
}

const selectedColumns = {
  id: applications.id,
  fund: sql<Fund>`${applications.fund}`,
  organizationId: applications.organizationId,
  organizationName: organizations.name,
};

/** The admin list's filters (spec §2) on the applications themselves, the search aside (it is the domain's rule). */
function filterConditions(filters: BulkFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.fund) conditions.push(eq(applications.fund, filters.fund));
  if (filters.statuses && filters.statuses.length > 0) conditions.push(inArray(applications.status, filters.statuses));
  // Italian calendar days, both ends included, as the list shows them (adminListView.ts).
  if (filters.from && filters.to && filters.from <= filters.to) {
    conditions.push(sql`${applications.submittedAt} >= (${filters.from}::date)::timestamp at time zone 'Europe/Rome'`);
    conditions.push(sql`${applications.submittedAt} < (${filters.to}::date + 1)::timestamp at time zone 'Europe/Rome'`);
  }
  return conditions;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** "TUR-Comune di Assisi/", made unique within the zip. */
function folderOf(used: Set<string>, item: Selected): string {
  const base = `${item.fund}-${displayFileName(item.organizationName) || attachmentsMessages.unnamedOrganization}`;
  let name = base;
  for (let n = 2; used.has(name); n += 1) name = `${base} (${n})`;
  used.add(name);
  return `${name}/`;
}

/**
 * The bytes of `source` as the storage reads them, counted on the way. A 'data' listener on the source itself would
 * set it flowing before the storage starts reading (it first makes its folder, or opens its upload), and the
 * chunks written meanwhile would be lost from the stored file.
 */
function counted(source: Readable): { stream: Readable; bytes: () => number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  // An error of the source (a zip entry that cannot be read) reaches the storage through the counter.
  pipeline(source, counter, () => undefined);
  return { stream: counter, bytes: () => bytes };
}

/**
 * Actions on many applications at once (issue 44), persisted so that they outlive the page and the process that
 * started them. The selection is frozen into one item per application when the action is created; any server
 * process's worker then claims pending items a few at a time with a lease (BULK_LEASE_MS), as the reminders claim
 * theirs (server/applications/closingReminders.ts), and applies each in one transaction that locks the item, checks it
 * is still pending, asks the lifecycle through the one status writer (statusChanges: its history row, its e-mail in
 * the outbox) and marks the item done or failed with the Italian reason. A process that dies leaves its items
 * pending: another takes them over once the lease is past, and the row lock with the state check means that no
 * application is changed twice. A zip or an Excel is one piece of work, claimed whole, written to the file storage
 * and recorded with the action in one statement that only the first writer wins.
 */
export function createBulkActions(deps: BulkActionsDeps) {
  const { db, statusChanges, storage, archive, excel, exportLog, log, leaseMs = BULK_LEASE_MS } = deps;

  /** The applications a selection names now, in the order the administrator reads them (organisation, fund). */
  async function resolve(selection: BulkSelection): Promise<Selected[]> {
    let rows: Selected[];
    if ('ids' in selection) {
      const ids = [...new Set(selection.ids.map((id) => id.toLowerCase()))];
      rows = [];
      for (const chunk of chunks(ids, CHUNK)) {
        rows.push(
          ...(await db
            .select(selectedColumns)
            .from(applications)
            .innerJoin(organizations, eq(organizations.id, applications.organizationId))
            .where(inArray(applications.id, chunk))),
        );
      }
    } else {
      const { filters } = selection;
      const found = await db
        .select({
          ...selectedColumns,
          pIva: organizations.pIva,
          codiceFiscale: sql<string | null>`${organizations.profile}->>'codiceFiscale'`,
        })
        .from(applications)
        .innerJoin(organizations, eq(organizations.id, applications.organizationId))
        .where(and(...filterConditions(filters)));
      const matches = organizationMatcher(filters.q ?? '');
      rows = (
        matches
          ? found.filter((row) =>
              matches(
                organizationSearchKeys({ name: row.organizationName, pIva: row.pIva, codiceFiscale: row.codiceFiscale?.trim() || null }),
              ),
            )
          : found
      ).map(({ id, fund, organizationId, organizationName }) => ({ id, fund, organizationId, organizationName }));
    }
    return rows.sort(
      (a, b) => collator.compare(a.organizationName, b.organizationName) || a.fund.localeCompare(b.fund) || a.id.localeCompare(b.id),
    );
  }

  async function summaries(
    where: SQL,
    limit?: number,
  ): Promise<(BulkActionSummary & { startedBy: string | null; resultKey: string | null })[]> {
    const query = db
      .select({
        id: bulkActions.id,
        kind: bulkActions.kind,
        targetStatus: bulkActions.targetStatus,
        note: bulkActions.note,
        createdAt: bulkActions.createdAt,
        finishedAt: bulkActions.finishedAt,
        total: bulkActions.total,
        startedBy: bulkActions.startedBy,
        resultKey: bulkActions.resultKey,
        resultName: bulkActions.resultName,
        resultSize: bulkActions.resultSize,
        done: sql<number>`(select count(*)::int from ${bulkActionItems} where ${bulkActionItems.actionId} = ${bulkActions.id} and ${bulkActionItems.state} = 'done')`,
        failed: sql<number>`(select count(*)::int from ${bulkActionItems} where ${bulkActionItems.actionId} = ${bulkActions.id} and ${bulkActionItems.state} = 'failed')`,
      })
      .from(bulkActions)
      .where(where)
      .orderBy(desc(bulkActions.createdAt));
    const rows = limit === undefined ? await query : await query.limit(limit);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      targetStatus: row.targetStatus,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      total: row.total,
      done: Number(row.done),
      failed: Number(row.failed),
      result: row.resultKey && row.resultName ? { fileName: row.resultName, size: row.resultSize ?? 0 } : null,
      startedBy: row.startedBy,
      resultKey: row.resultKey,
    }));
  }

  async function summaryOf(id: string) {
    const [found] = await summaries(eq(bulkActions.id, id));
    if (!found) throw new HttpError(404, 'not_found', m.notFound);
    return found;
  }

  // ---------------------------------------------------------------- the worker

  /** Marks every status action whose items are all handled as finished. */
  async function finishStatusActions(now: Date): Promise<void> {
    await db
      .update(bulkActions)
      .set({ finishedAt: now })
      .where(
        and(
          eq(bulkActions.kind, 'status'),
          isNull(bulkActions.finishedAt),
          sql`not exists (select 1 from ${bulkActionItems} where ${bulkActionItems.actionId} = ${bulkActions.id} and ${bulkActionItems.state} = 'pending')`,
        ),
      );
  }

  /** Takes up to BATCH pending items of status actions that nobody holds (or whose holder's lease is past). */
  async function claimItems(now: Date) {
    const until = new Date(now.getTime() + leaseMs);
    const result = (await db.execute(sql`
      update ${bulkActionItems} set lease_until = ${until.toISOString()}::timestamptz
      from (
        select i.action_id, i.application_id from ${bulkActionItems} i
        join ${bulkActions} a on a.id = i.action_id
        where a.kind = 'status' and a.finished_at is null and i.state = 'pending'
          and (i.lease_until is null or i.lease_until < ${now.toISOString()}::timestamptz)
        order by a.created_at, i.position
        limit ${BATCH}
        for update of i skip locked
      ) claimed
      where ${bulkActionItems.actionId} = claimed.action_id and ${bulkActionItems.applicationId} = claimed.application_id
      returning ${bulkActionItems.actionId} as "actionId", ${bulkActionItems.applicationId} as "applicationId"`)) as unknown as {
      rows: { actionId: string; applicationId: string }[];
    };
    return result.rows;
  }

  /**
   * One application of a status action, exactly once: the item is locked and must still be pending; the change and
   * the item's new state commit together (a refusal is a savepoint rolled back, its reason kept on the item).
   */
  async function applyItem(actionId: string, applicationId: string, now: Date): Promise<void> {
    const [action] = await db.select().from(bulkActions).where(eq(bulkActions.id, actionId));
    if (!action?.targetStatus) return;
    const to = action.targetStatus;
    let done: { request: StatusRequest; afterCommit?: () => Promise<void> } | undefined;
    await statusChanges.transaction(async (tx) => {
      const [item] = await tx
        .select({ state: bulkActionItems.state })
        .from(bulkActionItems)
        .where(
          and(
            eq(bulkActionItems.actionId, actionId),
            eq(bulkActionItems.applicationId, applicationId),
            eq(bulkActionItems.state, 'pending'),
          ),
        )
        .for('update');
      // Handled meanwhile by another process (which took it over after this one's lease ran out): nothing to do.
      if (!item) return;
      const mark = (state: 'done' | 'failed', reason: string | null) =>
        tx
          .update(bulkActionItems)
          .set({ state, reason, handledAt: now, leaseUntil: null })
          .where(and(eq(bulkActionItems.actionId, actionId), eq(bulkActionItems.applicationId, applicationId)));
      const [application] = await tx.select().from(applications).where(eq(applications.id, applicationId)).for('update');
      if (!application) return mark('failed', m.vanished);
      const request: StatusRequest = {
        application,
        role: 'admin',
        to,
        actor: { role: 'admin', userId: action.startedBy },
        note: action.note,
      };
      try {
        const changed = await tx.transaction((savepoint) => statusChanges.requestIn(savepoint, request));
        done = { request, afterCommit: changed.afterCommit };
        await mark('done', null);
      } catch (error) {
        if (!(error instanceof HttpError))
          log.error({ err: error, actionId, applicationId }, 'bulk status change of one application failed');
        await mark('failed', error instanceof HttpError ? error.message : m.failedUnexpectedly);
      }
    });
    if (!done) return;
    if (isStatusMailStatus(to)) statusChanges.committed();
    await statusChanges.runAfterCommit(done.afterCommit, done.request);
  }

  /** Takes a zip or Excel action nobody is writing (or whose writer's lease is past). */
  async function claimFileAction(now: Date) {
    const until = new Date(now.getTime() + leaseMs);
    const result = (await db.execute(sql`
      update ${bulkActions} set lease_until = ${until.toISOString()}::timestamptz
      where id = (
        select id from ${bulkActions}
        where kind in ('zip', 'excel') and finished_at is null
          and (lease_until is null or lease_until < ${now.toISOString()}::timestamptz)
        order by created_at limit 1
        for update skip locked
      )
      returning id`)) as unknown as { rows: { id: string }[] };
    return result.rows[0]?.id;
  }

  async function itemsOf(actionId: string): Promise<Selected[]> {
    return db
      .select(selectedColumns)
      .from(bulkActionItems)
      .innerJoin(applications, eq(applications.id, bulkActionItems.applicationId))
      .innerJoin(organizations, eq(organizations.id, applications.organizationId))
      .where(eq(bulkActionItems.actionId, actionId))
      .orderBy(asc(bulkActionItems.position));
  }

  /** Writes the zip of every selected application's files (one folder each) to the storage. */
  async function writeZip(items: Selected[]): Promise<{ key: string; size: number; failed: Map<string, string> }> {
    const zip = new yazl.ZipFile();
    const output = zip.outputStream as Readable;
    const written = counted(output);
    const stored = storage.put(written.stream);
    const failed = new Map<string, string>();
    const folders = new Set<string>();
    try {
      for (const item of items) {
        const entries = await archiveEntriesOf(archive, item.organizationId, item.fund);
        if (entries.length === 0) {
          failed.set(item.id, m.noFiles);
          continue;
        }
        const folder = folderOf(folders, item);
        const missing = await addArchiveEntries(zip, entries, { storage, folder, output });
        if (missing.length > 0) {
          log.error({ applicationId: item.id, missing }, 'attachments missing from storage');
          zip.addBuffer(
            Buffer.from(attachmentsMessages.zipMissingFiles(missing), 'utf8'),
            folder + attachmentsMessages.zipMissingFilesName,
          );
        }
        await yieldToEventLoop();
      }
      zip.on('error', (error: Error) => output.destroy(error));
      zip.end();
    } catch (error) {
      output.destroy(error instanceof Error ? error : new Error(String(error)));
      await stored.catch(() => undefined);
      throw error;
    }
    const { key } = await stored;
    return { key, size: written.bytes(), failed };
  }

  /** Writes the Excel list of the selected applications: one sheet per fund, in the table of funds' order. */
  async function writeExcel(items: Selected[]): Promise<{ key: string; size: number; failed: Map<string, string>; funds: Fund[] }> {
    const funds = (FUNDS as readonly Fund[]).filter((fund) => items.some((item) => item.fund === fund));
    const prepared = await Promise.all(
      funds.map((fund) =>
        prepareApplicationsExport(
          db,
          fund,
          items.filter((item) => item.fund === fund).map((item) => item.id),
        ),
      ),
    );
    const stream = workbookStream(
      (out) =>
        writeApplicationsWorkbook(out, {
          sheets: funds.map((fund, index) => ({
            sheetName: exportsMessages.applicationsSheet(fund),
            definition: excel.definitionOf(fund),
            batches: prepared[index]!.batches,
          })),
          names: excel.names,
        }),
      log,
      'bulk excel',
    );
    const written = counted(stream);
    const { key } = await storage.put(written.stream);
    const exported = new Set(prepared.flatMap((fund) => fund.ids));
    const failed = new Map(items.filter((item) => !exported.has(item.id)).map((item) => [item.id, m.vanished]));
    return { key, size: written.bytes(), failed, funds };
  }

  /** A zip or an Excel, written whole; recorded only if no other process finished it first. */
  async function workFileAction(actionId: string): Promise<void> {
    const [action] = await db.select().from(bulkActions).where(eq(bulkActions.id, actionId));
    if (!action || action.finishedAt) return;
    // Keeps the claim while the file is written, so that a long zip is not taken over by another process.
    const renew = setInterval(() => {
      void db
        .update(bulkActions)
        .set({ leaseUntil: new Date(Date.now() + leaseMs) })
        .where(and(eq(bulkActions.id, actionId), isNull(bulkActions.finishedAt)))
        .catch((err: unknown) => log.error({ err, actionId }, 'bulk action lease not renewed'));
    }, leaseMs / 3);
    renew.unref();
    try {
      const items = await itemsOf(actionId);
      const written =
        action.kind === 'zip'
          ? { ...(await writeZip(items)), fileName: m.zipFileName }
          : await writeExcel(items).then((excel) => ({ ...excel, fileName: m.excelFileName(excel.funds) }));
      const { fileName } = written;
      const now = new Date();
      const recorded = await db.transaction(async (tx) => {
        const [finished] = await tx
          .update(bulkActions)
          .set({ finishedAt: now, resultKey: written.key, resultName: fileName, resultSize: written.size, leaseUntil: null })
          .where(and(eq(bulkActions.id, actionId), isNull(bulkActions.finishedAt)))
          .returning({ id: bulkActions.id });
        if (!finished) return false;
        for (const [applicationId, reason] of written.failed) {
          await tx
            .update(bulkActionItems)
            .set({ state: 'failed', reason, handledAt: now })
            .where(and(eq(bulkActionItems.actionId, actionId), eq(bulkActionItems.applicationId, applicationId)));
        }
        await tx
          .update(bulkActionItems)
          .set({ state: 'done', handledAt: now })
          .where(and(eq(bulkActionItems.actionId, actionId), eq(bulkActionItems.state, 'pending')));
        return true;
      });
      // Another process wrote it first (this one's lease ran out): its file is the action's, this one goes.
      if (!recorded) await storage.delete(written.key);
    } finally {
      clearInterval(renew);
    }
  }

  /** Everything claimable now; answers how many pieces of work this process did. */
  async function work(now?: Date): Promise<number> {
    let handled = 0;
    for (let id = await claimFileAction(now ?? new Date()); id; id = await claimFileAction(now ?? new Date())) {
      await workFileAction(id);
      handled += 1;
    }
    for (;;) {
      const at = now ?? new Date();
      const claimed = await claimItems(at);
      if (claimed.length === 0) break;
      for (const item of claimed) {
        await applyItem(item.actionId, item.applicationId, now ?? new Date());
        handled += 1;
        // Applicants typing meanwhile get the database in between.
        await yieldToEventLoop();
      }
      await finishStatusActions(now ?? new Date());
    }
    await finishStatusActions(now ?? new Date());
    return handled;
  }

  const job = serialJob(
    (now?: Date) => work(now),
    (err) => log.error({ err }, 'bulk actions: run failed'),
  );

  return {
    /** How many applications `selection` names now (said before the administrator confirms). */
    async count(selection: BulkSelection): Promise<number> {
      return (await resolve(selection)).length;
    },

    /** Freezes the selection into the action's items and starts working on it in this process. */
    async create(body: CreateBulkActionBody, user: UserRow, note: string | null): Promise<BulkAction> {
      if (body.kind === 'status' && !body.targetStatus) throw new HttpError(400, 'target_required', m.targetRequired);
      if (body.kind !== 'status' && (body.targetStatus || note)) throw new HttpError(400, 'target_not_allowed', m.targetNotAllowed);
      const selected = await resolve(body.selection);
      if (selected.length === 0) throw new HttpError(400, 'empty_selection', m.emptySelection);
      if (selected.length > BULK_MAX_APPLICATIONS) throw new HttpError(400, 'too_many', m.tooMany(BULK_MAX_APPLICATIONS));
      const id = await db.transaction(async (tx) => {
        const [action] = await tx
          .insert(bulkActions)
          .values({
            kind: body.kind,
            targetStatus: body.kind === 'status' ? (body.targetStatus as ApplicationStatusCode) : null,
            note: body.kind === 'status' ? note : null,
            startedBy: user.id,
            total: selected.length,
          })
          .returning({ id: bulkActions.id });
        const rows = selected.map((item, position) => ({ actionId: action!.id, applicationId: item.id, position }));
        for (const chunk of chunks(rows, CHUNK)) await tx.insert(bulkActionItems).values(chunk);
        return action!.id;
      });
      void job.runOnce().catch((err: unknown) => log.error({ err }, 'bulk action not started'));
      return this.get(id);
    },

    /** The action with its progress and every item's state (the reason of those that failed). */
    async get(id: string): Promise<BulkAction> {
      const { startedBy: _startedBy, resultKey: _resultKey, ...summary } = await summaryOf(id);
      const items = await db
        .select({
          applicationId: bulkActionItems.applicationId,
          fund: sql<Fund>`${applications.fund}`,
          organizationName: organizations.name,
          state: bulkActionItems.state,
          reason: bulkActionItems.reason,
        })
        .from(bulkActionItems)
        .innerJoin(applications, eq(applications.id, bulkActionItems.applicationId))
        .innerJoin(organizations, eq(organizations.id, applications.organizationId))
        .where(eq(bulkActionItems.actionId, id))
        .orderBy(asc(bulkActionItems.position));
      return { ...summary, items };
    },

    /** The caller's most recent actions, newest first. */
    async recentOf(user: UserRow): Promise<BulkActionSummary[]> {
      return (await summaries(eq(bulkActions.startedBy, user.id), RECENT)).map(
        ({ startedBy: _startedBy, resultKey: _resultKey, ...summary }) => summary,
      );
    },

    /** The action's file, with what the download records in the applications' timelines. */
    async result(id: string, user: UserRow): Promise<{ stream: Readable; fileName: string; size: number; kind: 'zip' | 'excel' }> {
      const summary = await summaryOf(id);
      if (summary.kind === 'status' || !summary.resultKey || !summary.result)
        throw new HttpError(409, 'result_not_ready', m.resultNotReady);
      const included = await db
        .select({ id: applications.id, fund: applications.fund })
        .from(bulkActionItems)
        .innerJoin(applications, eq(applications.id, bulkActionItems.applicationId))
        .where(and(eq(bulkActionItems.actionId, id), eq(bulkActionItems.state, 'done')));
      for (const fund of new Set(included.map((row) => row.fund))) {
        await exportLog.record({
          kind: summary.kind === 'zip' ? 'application_zip' : 'applications_excel',
          fund,
          applicationIds: included.filter((row) => row.fund === fund).map((row) => row.id),
          user,
        });
      }
      return {
        stream: await storage.openRead(summary.resultKey),
        fileName: summary.result.fileName,
        size: summary.result.size,
        kind: summary.kind,
      };
    },

    /** Does what is claimable now (tests drive it with their own instant); runs never overlap in a process. */
    runOnce: (now?: Date) => job.runOnce(now),
    idle: () => job.idle(),
    /** Runs now and every `intervalMs` until the returned stop is called; stop waits for a run under way. */
    start(intervalMs: number = BULK_POLL_MS): () => Promise<void> {
      return job.start(intervalMs, undefined);
    },
  };
}

export type BulkActions = ReturnType<typeof createBulkActions>;
