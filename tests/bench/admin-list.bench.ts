/**
 * The admin panel's organisation list at 5,000 organisations: `npm run bench` (a plain script, so it can
 * print exactly the figures that matter; DATABASE_URL=postgres://… runs it on PostgreSQL instead of PGlite).
 *
 * (a) Server: GET /api/Organization/GetAllOrgsCompilazioni as the admin panel calls it — one page of the
 *     filtered, sorted list per keystroke or filter change — and, for comparison, the full list without
 *     parameters (built after a change, cached, revalidated), against a bare Fastify route in the same
 *     process, all through inject. Target: the server answers in < 150 ms.
 * (b) Browser: keystroke in the search box → filtered list: tests/bench/admin-search.bench.ts, which
 *     `npm run bench` runs after this one.
 *
 * The machine is shared and noisy: compare the ratio within one run more than absolute figures across runs.
 */
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { applications } from '../../server/db/schema/applications.ts';
import { createAdminList } from '../../server/applications/adminList.ts';
import { createTestApp } from '../support/testApp.ts';
import { insertBulkOrganizations } from '../support/bulkApplications.ts';

const ORGANIZATIONS = 5_000;
const TARGET_MS = 150;
const LIST_REQUESTS = 40;
const BARE_REQUESTS = 5_000;
const PANEL_REQUESTS = 400;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;

async function latencies(requests: number, call: () => Promise<{ statusCode: number }>): Promise<number[]> {
  for (let i = 0; i < Math.min(5, requests); i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await call();
    samples.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`unexpected ${response.statusCode}`);
  }
  return samples;
}

/** Requests per second with `concurrency` requests in flight. */
async function throughput(total: number, concurrency: number, call: () => Promise<unknown>): Promise<number> {
  let started = 0;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < total) {
        started += 1;
        await call();
      }
    }),
  );
  return total / ((performance.now() - begin) / 1000);
}

const t = await createTestApp();
const seedStarted = performance.now();
await insertBulkOrganizations(t.db, ORGANIZATIONS);
const seedMs = performance.now() - seedStarted;
const { token } = await t.loginAsAdmin();
const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
await bare.ready();

const callList = () => t.get('/api/Organization/GetAllOrgsCompilazioni', token);
/** What the panel asks while someone works in it: first page, typing a name, filters, another sort and page. */
const panelRequests = [
  '?sort=name&limit=50',
  '?q=c&limit=50',
  '?q=comune%20di%20b&limit=50',
  '?q=comune%20di%20bo&limit=50',
  '?fund=TUR&statuses=IN_VALUTAZIONE,Ammissibile,Candidatura%20Sottomessa&from=2026-02-01&to=2026-06-30&sort=-tur&limit=50',
  '?fund=PUI&statuses=Non%20avviata&sort=name&limit=50',
  '?sort=-pui&offset=450&limit=50',
  '?q=albergo&sort=-name&limit=50',
];
let panelIndex = 0;
const callPanel = () => t.get(`/api/Organization/GetAllOrgsCompilazioni${panelRequests[panelIndex++ % panelRequests.length]}`, token);
const callBare = () => bare.inject({ method: 'GET', url: '/bare' });

// ---------------------------------------------------------------------------------------------
// (a) server
// ---------------------------------------------------------------------------------------------
const first = await callList();
const adminListBody = first.body;
const items = (JSON.parse(adminListBody) as unknown[]).length;
const etag = String(first.headers.etag);

const [touched] = await t.db.select({ id: applications.id }).from(applications).limit(1);
/** Any write to an application (here: its updated_at) makes the next answer a fresh build. */
const touch = () => t.db.update(applications).set({ updatedAt: sql`now()` }).where(eq(applications.id, touched!.id));

const panel = await latencies(PANEL_REQUESTS, callPanel);
const list = await latencies(LIST_REQUESTS, callList);
const afterChange: number[] = [];
for (let i = 0; i < LIST_REQUESTS; i++) {
  await touch();
  const started = performance.now();
  await callList();
  afterChange.push(performance.now() - started);
}
const bareSamples = await latencies(BARE_REQUESTS, callBare);
const revalidated = await latencies(LIST_REQUESTS, async () => {
  const response = await t.get('/api/Organization/GetAllOrgsCompilazioni', token, { 'if-none-match': etag });
  return { statusCode: response.statusCode === 304 ? 200 : response.statusCode };
});
const adminList = createAdminList(t.db);
const build = await latencies(LIST_REQUESTS, async () => (await adminList.all(), { statusCode: 200 }));
const listRps = await throughput(LIST_REQUESTS, 4, callList);
const panelRps = await throughput(PANEL_REQUESTS, 4, callPanel);
const bareRps = await throughput(BARE_REQUESTS, 4, callBare);

const p50 = percentile(panel, 50);
const p95 = percentile(panel, 95);
const bareP50 = percentile(bareSamples, 50);
console.log(
  [
    '',
    `Admin organisation list — ${items} organisations on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (seeded in ${(seedMs / 1000).toFixed(1)} s), answer ${(Buffer.byteLength(adminListBody) / 1024 / 1024).toFixed(2)} MB of JSON`,
    '',
    '(a) server, sequential requests through inject',
    `  panel: one page per keystroke / filter       p50 ${ms(p50)}   p95 ${ms(p95)}   max ${ms(Math.max(...panel))}   (${panel.length} requests, ${panelRequests.length} kinds)`,
    `  full list, after a change (built)            p50 ${ms(percentile(afterChange, 50))}   p95 ${ms(percentile(afterChange, 95))}   (${afterChange.length} requests)`,
    `    of which query + JSON text                 p50 ${ms(percentile(build, 50))}   p95 ${ms(percentile(build, 95))}`,
    `  full list, nothing changed (cached, 200)     p50 ${ms(percentile(list, 50))}   p95 ${ms(percentile(list, 95))}`,
    `  full list, revalidation (304)                p50 ${ms(percentile(revalidated, 50))}   p95 ${ms(percentile(revalidated, 95))}`,
    `  bare Fastify route                           p50 ${ms(bareP50)}   p95 ${ms(percentile(bareSamples, 95))}   (${bareSamples.length} requests)`,
    `  latency ratio to bare (p50)                  panel ${(p50 / bareP50).toFixed(0)} : 1, full list built ${(percentile(afterChange, 50) / bareP50).toFixed(0)} : 1`,
    `  throughput, 4 in flight                      panel ${panelRps.toFixed(0)} req/s, full list (cached) ${listRps.toFixed(1)} req/s, bare ${bareRps.toFixed(0)} req/s (bare : panel = ${(bareRps / panelRps).toFixed(0)} : 1)`,
    `  target: panel answer p95 < ${TARGET_MS} ms          ${p95 < TARGET_MS ? 'met' : 'NOT MET'}`,
    '',
  ].join('\n'),
);

// (b) browser, keystroke → filtered list: tests/bench/admin-search.bench.ts (run next by npm run bench).

await bare.close();
await t.close();
