import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { organizations } from '../db/schema/organizations.ts';
import { queryRows } from '../db/queryRows.ts';

const MAX_ENTRIES = 200;

interface Stamp {
  snapshot: string;
  organizations: number;
  applications: number;
}

/**
 * Computed reports kept until the data they were computed from changes, so an admin moving between reports
 * and filters waits for the database only after something changed. Valid while no organisation or
 * application was written by a transaction the stamp's snapshot did not see (every status change writes its
 * application row, so history rows are covered; change_xact is stamped by a trigger: server/db/schema/
 * columns.ts) and the two tables have as many rows (deletions). The same test the admin list uses
 * (server/applications/adminList.ts). Per process: several servers each keep their own, equally correct.
 */
export function createReportCache(db: Db) {
  const entries = new Map<string, { stamp: Stamp; value: unknown }>();
  const unseen = (table: SQL, snapshot: string) =>
    sql`${table}.change_xact >= pg_snapshot_xmin(${snapshot}::pg_snapshot)::text::bigint
      and not pg_visible_in_snapshot(${table}.change_xact::text::xid8, ${snapshot}::pg_snapshot)`;

  async function current(since: string | null): Promise<Stamp & { changed: boolean }> {
    const [row] = await queryRows<Stamp & { changed: boolean }>(
      db,
      sql`select pg_current_snapshot()::text as snapshot,
            (select count(*)::int from ${organizations}) as organizations,
            (select count(*)::int from ${applications}) as applications,
            ${
              since === null
                ? sql`true`
                : sql`(exists (select 1 from ${organizations} where ${unseen(sql`${organizations}`, since)})
                       or exists (select 1 from ${applications} where ${unseen(sql`${applications}`, since)}))`
            } as changed`,
    );
    return row!;
  }

  return {
    /** The value stored under `key` if nothing changed since it was computed; otherwise computed again. */
    async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      const now = await current(entry?.stamp.snapshot ?? null);
      if (entry && !now.changed && now.organizations === entry.stamp.organizations && now.applications === entry.stamp.applications) {
        entries.delete(key);
        entries.set(key, entry); // most recently used last
        return entry.value as T;
      }
      // The stamp is read before computing: whatever commits meanwhile is unseen by it, so it is recomputed next time.
      const value = await compute();
      entries.set(key, { stamp: { snapshot: now.snapshot, organizations: now.organizations, applications: now.applications }, value });
      while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return value;
    },
  };
}
