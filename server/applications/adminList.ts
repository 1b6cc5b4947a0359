import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { organizations } from '../db/schema/organizations.ts';
import {
  APPLICATION_STATUS_CODES,
  applicationStatusLabels,
  COMPILAZIONE_TYPE,
  type ApplicationStatusCode,
  type Fund,
} from '../../domain/applicationStatus.ts';
import type { AdminListSort } from '../../domain/application.ts';
import { adminTargetsFrom } from '../../machines/application-lifecycle/transitions.ts';

/**
 * The admin panel's organisation list (GET /api/Organization/GetAllOrgsCompilazioni), in two forms:
 * - `all()`: every organisation, sorted by name — the spec's call without parameters;
 * - `page(query)`: filtered (name, fund, statuses, candidacy dates), sorted and paged in SQL — what the panel
 *   uses at scale (see adminOrganizations.routes.ts for why).
 * Both are written as JSON text (domain/application.ts adminOrganizationListItemSchema) from one query that
 * answers a single JSON value of tuples: per-cell result transfer is what costs most, in PGlite above all.
 */

export interface AdminListQuery {
  /** Case- and accent-insensitive part of the organisation's name. */
  q?: string;
  fund?: Fund;
  statuses?: ApplicationStatusCode[];
  /** Candidacy date range: submittedAt ≥ from and < toExclusive. */
  from?: Date;
  toExclusive?: Date;
  sort: AdminListSort;
  offset: number;
  limit: number;
}

/** Organisation (id, name, email, P.IVA), then TUR and PUI (id, status, submitted, changed, draft saved, draft version, warnings). */
type Tuple = [string, string, string | null, string, ...ApplicationFields, ...ApplicationFields];
type ApplicationFields = [string | null, ApplicationStatusCode | null, number | null, number | null, number | null, number | null, number | null];

/** Lower case without accents: the admin list's name order and name search ("Àlfa" sorts and matches as "alfa"). */
export const foldName = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('it');

/** Folded names are asked for on every request: keep them (a few thousand short strings). */
const folded = new Map<string, string>();
function foldedName(name: string): string {
  let key = folded.get(name);
  if (key === undefined) {
    if (folded.size > 50_000) folded.clear();
    key = foldName(name);
    folded.set(name, key);
  }
  return key;
}

const tur = sql.raw('tur');
const pui = sql.raw('pui');
const epochMs = (alias: SQL, column: string) => sql`(extract(epoch from ${alias}.${sql.raw(column)}) * 1000)::bigint`;
const fields = (alias: SQL) =>
  sql`${alias}.id, ${alias}.status, ${epochMs(alias, 'submitted_at')}, ${epochMs(alias, 'status_changed_at')},
    ${epochMs(alias, 'draft_updated_at')}, ${alias}.draft_version, jsonb_array_length(${alias}.warnings)`;

/** `"status":…,"statusCode":…,"allowedTargets":[…]` per status: the targets come from the lifecycle machine. */
const statusFragments = new Map(
  APPLICATION_STATUS_CODES.map((code) => [
    code,
    `"status":${JSON.stringify(applicationStatusLabels[code])},"statusCode":"${code}","allowedTargets":${JSON.stringify(adminTargetsFrom(code))}`,
  ]),
);

const isoOf = (epoch: number) => `"${new Date(epoch).toISOString()}"`;

function compilationJson([id, status, submittedAt, statusChangedAt, , , warningsCount]: ApplicationFields): string {
  if (id === null || status === null) return 'null';
  return (
    `{"id":"${id}",${statusFragments.get(status)},"submittedAt":${submittedAt === null ? 'null' : isoOf(submittedAt)},` +
    `"statusChangedAt":${isoOf(statusChangedAt ?? 0)},"warningsCount":${warningsCount ?? 0}}`
  );
}

function draftJson(fund: Fund, [id, , , , draftUpdatedAt, draftVersion]: ApplicationFields): string | null {
  if (id === null || draftUpdatedAt === null) return null;
  return `{"compilazioneType":${COMPILAZIONE_TYPE[fund]},"createdAt":${isoOf(draftUpdatedAt)},"version":${draftVersion ?? 0}}`;
}

function itemJson(row: Tuple): string {
  const [id, name, email, pIva] = row;
  const turFields = row.slice(4, 11) as ApplicationFields;
  const puiFields = row.slice(11, 18) as ApplicationFields;
  const drafts = [draftJson('TUR', turFields), draftJson('PUI', puiFields)].filter((d) => d !== null);
  return (
    `{"organization":${JSON.stringify({ id, name, email, pIva })},"turCompilazione":${compilationJson(turFields)},` +
    `"puiCompilazione":${compilationJson(puiFields)},"compilazioneDrafts":[${drafts.join(',')}]}`
  );
}

/** Name order as an Italian reader expects it (case and accents ignored); the id settles ties. */
function sortByName(rows: Tuple[]): Tuple[] {
  const keyed = rows.map((row) => ({ row, key: foldedName(row[1]) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.row[0] < b.row[0] ? -1 : 1));
  return keyed.map((k) => k.row);
}

function conditions(query: AdminListQuery): SQL[] {
  const where: SQL[] = [];
  const chosen = query.fund === undefined ? [tur, pui] : [query.fund === 'TUR' ? tur : pui];
  const any = (parts: SQL[]) => sql`(${sql.join(parts, sql` or `)})`;
  const statuses = query.statuses ?? [];
  if (statuses.length > 0) {
    const stored = statuses.filter((s) => s !== 'NON_AVVIATA');
    where.push(
      any(
        chosen.flatMap((alias) => [
          ...(stored.length > 0 ? [sql`${alias}.status in (${sql.join(stored.map((s) => sql`${s}`), sql`, `)})`] : []),
          ...(statuses.includes('NON_AVVIATA') ? [sql`${alias}.id is null`] : []),
        ]),
      ),
    );
  } else if (query.fund !== undefined) {
    where.push(sql`${chosen[0]}.id is not null`);
  }
  if (query.from || query.toExclusive) {
    where.push(
      any(
        chosen.map((alias) => {
          const bounds = [sql`${alias}.submitted_at is not null`];
          if (query.from) bounds.push(sql`${alias}.submitted_at >= ${query.from.toISOString()}::timestamptz`);
          if (query.toExclusive) bounds.push(sql`${alias}.submitted_at < ${query.toExclusive.toISOString()}::timestamptz`);
          return sql`(${sql.join(bounds, sql` and `)})`;
        }),
      ),
    );
  }
  return where;
}

/** [id, name, TUR candidacy date, PUI candidacy date]: what filtering by name and sorting need. */
type Candidate = [string, string, number | null, number | null];

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts in place: by folded name, or by a candidacy date (those without one last), then by name. */
function sortCandidates(rows: { row: Candidate; key: string }[], sort: AdminListSort): void {
  const date = sort === 'tur' || sort === '-tur' ? 2 : 3;
  const direction = sort.startsWith('-') ? -1 : 1;
  rows.sort((a, b) => {
    if (sort === 'name' || sort === '-name') return direction * (byKey(a.key, b.key) || byKey(a.row[0], b.row[0]));
    const x = a.row[date];
    const y = b.row[date];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return direction * (x - y);
    }
    return byKey(a.key, b.key) || byKey(a.row[0], b.row[0]);
  });
}

export function createAdminList(db: Db) {
  const joins = sql`
    left join ${applications} ${tur} on ${tur}.organization_id = ${organizations.id} and ${tur}.fund = 'TUR'
    left join ${applications} ${pui} on ${pui}.organization_id = ${organizations.id} and ${pui}.fund = 'PUI'`;
  const tuple = sql`json_build_array(
    ${organizations.id}, ${organizations.name}, ${organizations.email}, ${organizations.pIva}, ${fields(tur)}, ${fields(pui)})`;

  async function tuples(statement: SQL): Promise<Tuple[]> {
    const result = (await db.execute(statement)) as unknown as { rows: { body: string }[] };
    return JSON.parse(result.rows[0]!.body) as Tuple[];
  }

  /** Every organisation with its two applications, in no particular order. */
  const everything = () =>
    tuples(sql`select coalesce(json_agg(${tuple})::text, '[]') as body from ${organizations} ${joins}`);

  /**
   * The page in three steps: the organisations that pass the fund, status and date filters (ids, names and
   * candidacy dates only), then name search and sort here — accent-insensitive, like the full list, and
   * cheaper than folding 5,000 names in SQL — then the fields of the page's organisations.
   */
  async function pageOf(query: AdminListQuery): Promise<{ rows: Tuple[]; total: number }> {
    const where = conditions(query);
    const candidates = (await tuples(sql`
      select coalesce(json_agg(json_build_array(
        ${organizations.id}, ${organizations.name}, ${epochMs(tur, 'submitted_at')}, ${epochMs(pui, 'submitted_at')}
      ))::text, '[]') as body
      from ${organizations} ${joins}
      ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}`)) as unknown as Candidate[];
    const needle = query.q ? foldName(query.q) : '';
    const keyed = candidates.map((row) => ({ row, key: foldedName(row[1]) })).filter((c) => c.key.includes(needle));
    sortCandidates(keyed, query.sort);
    const ids = keyed.slice(query.offset, query.offset + query.limit).map((c) => c.row[0]);
    if (ids.length === 0) return { rows: [], total: keyed.length };
    const fetched = await tuples(sql`
      select coalesce(json_agg(${tuple})::text, '[]') as body
      from ${organizations} ${joins}
      where ${organizations.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    const byId = new Map(fetched.map((row) => [row[0], row]));
    const rows = ids.map((id) => byId.get(id)).filter((row): row is Tuple => row !== undefined);
    return { rows, total: keyed.length };
  }

  return {
    /**
     * Changes whenever anything the list shows changes: the number of organisations and applications and the
     * sum of their `updated_at` (every write of ours sets it). A few milliseconds at 5,000 organisations, so
     * the full list is rebuilt only after a change, in any process (ETag, in-process cache).
     */
    async fingerprint(): Promise<string> {
      const result = (await db.execute(sql`
        select (select count(*) || ':' || coalesce(sum(extract(epoch from ${organizations.updatedAt})), 0) from ${organizations})
          || '/' || (select count(*) || ':' || coalesce(sum(extract(epoch from ${applications.updatedAt})), 0) from ${applications})
          as fingerprint`)) as unknown as { rows: { fingerprint: string }[] };
      return result.rows[0]!.fingerprint;
    },

    /** Every organisation, by name. */
    async all(): Promise<{ body: string; total: number }> {
      const rows = sortByName(await everything());
      return { body: `[${rows.map(itemJson).join(',')}]`, total: rows.length };
    },

    /** One page of the filtered, sorted list, and how many organisations match in all. */
    async page(query: AdminListQuery): Promise<{ body: string; total: number }> {
      const { rows, total } = await pageOf(query);
      return { body: `[${rows.map(itemJson).join(',')}]`, total };
    },
  };
}

export type AdminList = ReturnType<typeof createAdminList>;
