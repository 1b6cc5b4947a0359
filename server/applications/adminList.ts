import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { organizations } from '../db/schema/organizations.ts';
import { APPLICATION_STATUS_CODES, applicationStatusLabels, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import { FUND_ENTRIES, type FundEntry } from '../../domain/funds.ts';
import { adminTargetsFrom } from '../../machines/application-lifecycle/transitions.ts';
import { foldForSearch } from '../../domain/textSearch.ts';
import { organizationMatcher, organizationSearchKeys, type OrganizationSearchKeys } from '../../domain/organizationSearch.ts';

/**
 * The admin panel's organisation list (GET /api/Organization/GetAllOrgsCompilazioni): every organisation with
 * its application to each fund and its drafts, by name, as JSON text (domain/application.ts
 * adminOrganizationListItemSchema). The panel loads it whole and searches, filters, sorts and pages it in the
 * browser, so a keystroke never waits for the network.
 *
 * Built once per process, when the server starts (adminOrganizations.routes.ts), then kept up to date
 * incrementally (tests/bench/admin-list.bench.ts: a full build at 5,000 organisations costs 60–200 ms on this
 * shared hardware, a patch a few milliseconds):
 * - every insert and update of an organisation or application stamps the row with its transaction
 *   (`change_xact`, a trigger: see server/db/schema/columns.ts changeXact), whoever writes it;
 * - each build or check reads, in the same statement (a build: the same repeatable-read transaction), the
 *   database snapshot it saw (`pg_current_snapshot()`);
 * - a request asks which rows were written by transactions that snapshot did not see — committed since, or
 *   still running then, whatever their order — and re-reads only those organisations, patching them in.
 * The database decides, so several server processes (each with its own copy) stay correct, and a lost copy
 * (restart) is simply built again. Row counts catch deletions: when the patched list does not have as many
 * organisations and applications as the tables, it is built again.
 */

/**
 * Organisation (id, name, email, P.IVA, codice fiscale), then each fund's application (id, status, submitted,
 * changed, draft saved, draft version, warnings, the server's acceptance of its hand-over to the microsecond).
 */
type Tuple = [string, string, string | null, string, string | null, string, ...(string | number | null)[]];
const ORGANIZATION_FIELDS = 6;
const APPLICATION_FIELDS = 8;
type ApplicationFields = [
  string | null,
  ApplicationStatusCode | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
];

const epochMs = (alias: SQL, column: string) => sql`(extract(epoch from ${alias}.${sql.raw(column)}) * 1000)::bigint`;
/**
 * When the server accepted the application's hand-over (its first receipt, issue 45), ISO in UTC to the microsecond
 * (domain/acceptanceTime.ts); written in the hand-over's transaction, which stamps the application row too.
 */
const acceptedAt = (alias: SQL) =>
  sql`(select to_char(r.accepted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from receipts r
    where r.application_id = ${alias}.id and r.kind = 'application' order by r.number limit 1)`;
const fields = (alias: SQL) =>
  sql`${alias}.id, ${alias}.status, ${epochMs(alias, 'submitted_at')}, ${epochMs(alias, 'status_changed_at')},
    ${epochMs(alias, 'draft_updated_at')}, ${alias}.draft_version, jsonb_array_length(${alias}.warnings), ${acceptedAt(alias)}`;

/** `"status":…,"statusCode":…,"allowedTargets":[…]` per status: the targets come from the lifecycle machine. */
const statusFragments = new Map(
  APPLICATION_STATUS_CODES.map((code) => [
    code,
    `"status":${JSON.stringify(applicationStatusLabels[code])},"statusCode":"${code}","allowedTargets":${JSON.stringify(adminTargetsFrom(code))}`,
  ]),
);

const isoOf = (epoch: number) => `"${new Date(epoch).toISOString()}"`;

function compilationJson([id, status, submittedAt, statusChangedAt, , , warningsCount, acceptedAt]: ApplicationFields): string {
  if (id === null || status === null) return 'null';
  return (
    `{"id":"${id}",${statusFragments.get(status)},"submittedAt":${submittedAt === null ? 'null' : isoOf(submittedAt)},` +
    `"acceptedAt":${acceptedAt === null ? 'null' : `"${acceptedAt}"`},` +
    `"statusChangedAt":${isoOf(statusChangedAt ?? 0)},"warningsCount":${warningsCount ?? 0}}`
  );
}

/** The draft of an application still being written (Aperta): once handed over, the application is no draft. */
function draftJson(fund: FundEntry, [id, status, , , draftUpdatedAt, draftVersion]: ApplicationFields): string | null {
  if (id === null || draftUpdatedAt === null || status !== 'APERTA') return null;
  return `{"compilazioneType":${fund.compilazioneType},"createdAt":${isoOf(draftUpdatedAt)},"version":${draftVersion ?? 0}}`;
}

/**
 * One organisation of the list: its JSON, its place in name order, how many applications it has. The JSON is
 * kept as bytes, a view into the list's body once laid out (layout): one copy of the text for the whole list,
 * where JavaScript strings built by concatenation would hold it again, in pieces, several times its size.
 */
interface Entry {
  id: string;
  key: string;
  /** What the search (`?q=`) compares: domain/organizationSearch.ts. */
  search: OrganizationSearchKeys;
  json: Buffer;
  applications: number;
}

/** Each fund's application under the fund's key (FundEntry.listKey: turCompilazione, puiCompilazione). */
function entryOf(funds: readonly FundEntry[], row: Tuple): Entry {
  const [id, name, email, pIva, profileCodiceFiscale, status] = row;
  const suspended = status === 'suspended';
  const codiceFiscale = typeof profileCodiceFiscale === 'string' && profileCodiceFiscale.trim() !== '' ? profileCodiceFiscale : null;
  const perFund = funds.map((fund, index) => {
    const start = ORGANIZATION_FIELDS + index * APPLICATION_FIELDS;
    return { fund, fields: row.slice(start, start + APPLICATION_FIELDS) as ApplicationFields };
  });
  const drafts = perFund.map(({ fund, fields }) => draftJson(fund, fields)).filter((d) => d !== null);
  return {
    id,
    key: foldForSearch(name),
    search: organizationSearchKeys({ name, pIva, codiceFiscale }),
    json: Buffer.from(
      `{"organization":${JSON.stringify({ id, name, email, pIva, codiceFiscale, suspended })},` +
        perFund.map(({ fund, fields }) => `${JSON.stringify(fund.listKey)}:${compilationJson(fields)},`).join('') +
        `"compilazioneDrafts":[${drafts.join(',')}]}`,
    ),
    applications: perFund.filter(({ fields }) => fields[0] !== null).length,
  };
}

/** Name order as an Italian reader expects it (case and accents ignored); the id settles ties. */
const byName = (a: Entry, b: Entry) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The list as the route sends it: the JSON bytes, their ETag (from the bytes: equal in every process) and the count. */
export interface AdminListVersion {
  body: Buffer;
  etag: string;
  total: number;
}

/**
 * The JSON of CHUNK consecutive organisations (in name order) and its hash. A status change or an autosave
 * rewrites one chunk, not 3 MB of text: joining and hashing the whole list cost 15–150 ms on this shared
 * machine (most of it garbage collection), a chunk well under one. Once laid out, `bytes` is a view into the
 * list's body, as each entry's JSON is.
 */
interface Chunk {
  bytes: Buffer;
  digest: Buffer;
}
const CHUNK = 100;

interface Copy {
  /** The database snapshot (pg_snapshot text) the copy is known to be complete for. */
  snapshot: string;
  sorted: Entry[];
  /** Organisation id → index in `sorted`. */
  positions: Map<string, number>;
  chunks: Chunk[];
  applications: number;
  version: AdminListVersion;
}

/** Beyond this many changed organisations, one full build is cheaper than a patch. */
const MAX_PATCH = 1_000;

function chunkOf(sorted: readonly Entry[], index: number): Chunk {
  const pieces: Buffer[] = [];
  for (const entry of sorted.slice(index * CHUNK, (index + 1) * CHUNK))
    pieces.push(...(pieces.length === 0 ? [entry.json] : [COMMA, entry.json]));
  const bytes = Buffer.concat(pieces);
  return { bytes, digest: createHash('sha1').update(bytes).digest() };
}

/** The copy for `sorted`; given the previous copy's chunks (same organisations, same order), re-writes only those in `dirty`. */
function layout(
  snapshot: string,
  sorted: Entry[],
  previous?: { chunks: readonly Chunk[]; dirty: ReadonlySet<number>; positions: Map<string, number> },
): Copy {
  const count = Math.ceil(sorted.length / CHUNK);
  const chunks = Array.from({ length: count }, (_, i) => (previous && !previous.dirty.has(i) ? previous.chunks[i]! : chunkOf(sorted, i)));
  const pieces: Buffer[] = [OPEN];
  chunks.forEach((chunk, i) => pieces.push(...(i === 0 ? [chunk.bytes] : [COMMA, chunk.bytes])));
  pieces.push(CLOSE);
  const etag = createHash('sha1');
  for (const chunk of chunks) etag.update(chunk.digest);
  const body = Buffer.concat(pieces);
  return {
    snapshot,
    sorted,
    positions: previous?.positions ?? new Map(sorted.map((entry, i) => [entry.id, i])),
    chunks: viewsInto(body, chunks, sorted),
    applications: sorted.reduce((sum, entry) => sum + entry.applications, 0),
    version: { body, etag: `"${etag.digest('base64url')}"`, total: sorted.length },
  };
}

/**
 * The chunks, and each entry's JSON, as views into `body`, which holds the same bytes in the same order: the
 * list's text is then held once, and the previous body (and chunks) are released as soon as no answer being sent
 * uses them. An entry shared with the previous copy gets the new view: the same bytes.
 */
function viewsInto(body: Buffer, chunks: readonly Chunk[], sorted: Entry[]): Chunk[] {
  let offset = OPEN.length;
  return chunks.map((chunk, index) => {
    const start = offset;
    for (const entry of sorted.slice(index * CHUNK, (index + 1) * CHUNK)) {
      if (offset > start) offset += COMMA.length;
      entry.json = body.subarray(offset, offset + entry.json.length);
      offset += entry.json.length;
    }
    const view = { bytes: body.subarray(start, offset), digest: chunk.digest };
    offset += COMMA.length;
    return view;
  });
}
/** How many organisations one statement of a full build reads. */
const BUILD_PAGE = 1000;
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** The list of the registered funds (server/app.ts: the portal's, and tests' made-up ones): one column group each. */
export function createAdminList(db: Db, funds: readonly FundEntry[] = FUND_ENTRIES) {
  // One alias per fund (f0, f1, …): one left join of applications each, the fund's code bound as a parameter.
  const aliases = funds.map((_, index) => sql.raw(`f${index}`));
  const joins = sql.join(
    funds.map(
      (fund, index) =>
        sql`left join ${applications} ${aliases[index]} on ${aliases[index]}.organization_id = ${organizations.id} and ${aliases[index]}.fund = ${fund.fund}`,
    ),
    sql` `,
  );
  /** One JSON value of tuples: per-cell result transfer is what costs most, in PGlite above all. */
  const tuples = sql`coalesce(json_agg(json_build_array(
    ${organizations.id}, ${organizations.name}, ${organizations.email}, ${organizations.pIva},
    ${organizations.profile}->>'codiceFiscale', ${organizations.status}, ${sql.join(aliases.map(fields), sql`, `)}))::text, '[]')`;
  const fundCodes = sql.join(
    funds.map((fund) => sql`${fund.fund}`),
    sql`, `,
  );

  async function rows<T>(statement: SQL, on: Pick<Db, 'execute'> = db): Promise<T> {
    const result = (await on.execute(statement)) as unknown as { rows: T[] };
    return result.rows[0]!;
  }

  /**
   * Every organisation, with the snapshot the reads saw: BUILD_PAGE organisations per statement (by id), all in one
   * repeatable-read transaction, so every page and the snapshot are the same moment of the database. One statement
   * for all of them would hold the whole list's text and its parsed tuples at once (tens of MB at 12,800
   * organisations), and the server's memory would keep that high-water mark (tests/bench/heavy-exports.bench.ts).
   */
  async function build(): Promise<Copy> {
    return db.transaction(
      async (tx) => {
        const { snapshot } = await rows<{ snapshot: string }>(sql`select pg_current_snapshot()::text as snapshot`, tx);
        const entries: Entry[] = [];
        for (let after: string | null = null; ;) {
          const page: { body: string } = await rows(
            sql`select ${tuples} as body from (
              select * from ${organizations}
              where ${after === null ? sql`true` : sql`${organizations.id} > ${after}`}
              order by ${organizations.id} limit ${BUILD_PAGE}
            ) ${organizations} ${joins}`,
            tx,
          );
          const tuplesOfPage = JSON.parse(page.body) as Tuple[];
          for (const tuple of tuplesOfPage) {
            entries.push(entryOf(funds, tuple));
            if (after === null || tuple[0] > after) after = tuple[0];
          }
          if (tuplesOfPage.length < BUILD_PAGE) break;
        }
        return layout(snapshot, entries.sort(byName));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /**
   * The organisations written (or whose applications were written) by transactions `snapshot` did not see,
   * the table sizes, and the snapshot this statement read. Rows written before `snapshot`'s oldest running
   * transaction are skipped through the change_xact indexes.
   */
  async function changesSince(snapshot: string) {
    const unseen = (table: SQL) =>
      sql`${table}.change_xact >= pg_snapshot_xmin(${snapshot}::pg_snapshot)::text::bigint
        and not pg_visible_in_snapshot(${table}.change_xact::text::xid8, ${snapshot}::pg_snapshot)`;
    const row = await rows<{ snapshot: string; organizations: number; applications: number; changed: string }>(sql`
      select pg_current_snapshot()::text as snapshot,
        (select count(*)::int from ${organizations}) as organizations,
        (select count(*)::int from ${applications} where ${applications.fund} in (${fundCodes})) as applications,
        (select coalesce(json_agg(id), '[]')::text from (
          select ${organizations.id} as id from ${organizations} where ${unseen(sql`${organizations}`)}
          union
          select ${applications.organizationId} from ${applications} where ${unseen(sql`${applications}`)}
        ) changed) as changed`);
    return { ...row, changed: JSON.parse(row.changed) as string[] };
  }

  /** The copy brought up to date with the database, or null when a full build is needed. */
  async function patch(copy: Copy): Promise<Copy | null> {
    const changes = await changesSince(copy.snapshot);
    if (changes.changed.length > MAX_PATCH) return null;
    const complete = (next: Copy) => next.sorted.length === changes.organizations && next.applications === changes.applications;
    if (changes.changed.length === 0) return complete(copy) ? { ...copy, snapshot: changes.snapshot } : null;

    const fetched = (
      JSON.parse(
        (
          await rows<{ body: string }>(sql`
          select ${tuples} as body from ${organizations} ${joins}
          where ${organizations.id} in (${sql.join(
            changes.changed.map((id) => sql`${id}`),
            sql`, `,
          )})`)
        ).body,
      ) as Tuple[]
    ).map((tuple) => entryOf(funds, tuple));
    // The usual case (status change, autosave): the same organisations under the same names, in place.
    const inPlace =
      fetched.length === changes.changed.length &&
      fetched.every((entry) => copy.sorted[copy.positions.get(entry.id) ?? -1]?.key === entry.key);
    let next: Copy;
    if (inPlace) {
      const sorted = copy.sorted.slice();
      const dirty = new Set<number>();
      for (const entry of fetched) {
        const position = copy.positions.get(entry.id)!;
        sorted[position] = entry;
        dirty.add(Math.floor(position / CHUNK));
      }
      next = layout(changes.snapshot, sorted, { chunks: copy.chunks, dirty, positions: copy.positions });
    } else {
      const entries = new Map(copy.sorted.map((entry) => [entry.id, entry]));
      for (const id of changes.changed) entries.delete(id);
      for (const entry of fetched) entries.set(entry.id, entry);
      next = layout(changes.snapshot, [...entries.values()].sort(byName));
    }
    // Rows fetched after the check may be newer than its snapshot: the counts then differ and we rebuild.
    return complete(next) ? next : null;
  }

  let copy: Copy | null = null;
  async function refresh(): Promise<AdminListVersion> {
    copy = (copy && (await patch(copy))) ?? (await build());
    return copy.version;
  }

  /**
   * One refresh at a time: a request that arrives while one runs waits for the next one, which starts after
   * it arrived (so it sees every change committed before it), and shares it with the others that waited.
   */
  let running: Promise<AdminListVersion> | null = null;
  let queued: Promise<AdminListVersion> | null = null;
  function current(): Promise<AdminListVersion> {
    if (running === null) {
      running = refresh().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return current();
      });
    return queued;
  }

  return {
    /** The whole list as the database holds it now (every change committed before the call is in it). */
    current,
    /**
     * The organisations of the current list that `query` finds (name, P.IVA or codice fiscale:
     * domain/organizationSearch.ts), in name order, as the list's JSON bytes; the whole list for a blank query.
     */
    async search(query: string): Promise<{ body: Buffer; total: number }> {
      const version = await current();
      const matches = organizationMatcher(query);
      if (!matches || !copy) return { body: version.body, total: version.total };
      const found = copy.sorted.filter((entry) => matches(entry.search));
      const pieces: Buffer[] = [OPEN];
      found.forEach((entry, i) => pieces.push(...(i === 0 ? [entry.json] : [COMMA, entry.json])));
      pieces.push(CLOSE);
      return { body: Buffer.concat(pieces), total: found.length };
    },
    /** Forgets this process's copy: the next call builds the list from scratch (the benchmark's cold build). */
    forget(): void {
      copy = null;
    },
  };
}

export type AdminList = ReturnType<typeof createAdminList>;
