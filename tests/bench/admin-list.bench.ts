/**
 * The admin panel's organisation list at 5,000 organisations: `npm run bench` (a plain script, so it can
 * print exactly the figures that matter; DATABASE_URL=postgres://… runs it on PostgreSQL instead of PGlite).
 *
 * (a) Server: GET /api/Organization/GetAllOrgsCompilazioni as the admin panel calls it — the whole list, which
 *     the panel then searches, filters and pages in the browser — through inject, against a bare Fastify route
 *     in the same process:
 *     - cold build: the list built from scratch, as each server process does once when it starts (without
 *       HTTP), and the first answer after the 5,000 organisations were inserted (too many changes to patch:
 *       built whole, in the request);
 *     - after a status change: an admin changes an application's status through the API, then the list is
 *       asked (the server patches its copy with the changed organisation);
 *     - cached: nothing changed (the server still asks the database what changed);
 *     - revalidation: If-None-Match with the current ETag → 304.
 *     Target: every answer < 150 ms (p95).
 * (b) Browser: keystroke in the search box → filtered list: tests/bench/admin-search.bench.ts, which
 *     `npm run bench` runs after this one.
 *
 * The machine is shared and noisy: compare the ratio within one run more than absolute figures across runs.
 */
import Fastify from 'fastify';
import { applicationStatusLabels, type ApplicationStatusCode } from '../../domain/applicationStatus.ts';
import { adminTargetsFrom } from '../../machines/application-lifecycle/transitions.ts';
import { createAdminList } from '../../server/applications/adminList.ts';
import { createTestApp } from '../support/testApp.ts';
import { insertBulkOrganizations } from '../support/bulkApplications.ts';
import { updateStatus } from '../support/applicationFixtures.ts';

const ORGANIZATIONS = 5_000;
const TARGET_MS = 150;
const LIST_REQUESTS = 40;
const BUILDS = 10;
const BARE_REQUESTS = 5_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
const figures = (samples: number[]) =>
  `p50 ${ms(percentile(samples, 50))}   p95 ${ms(percentile(samples, 95))}   max ${ms(Math.max(...samples))}`;

async function timed<T>(call: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await call();
  return [performance.now() - started, result];
}

async function latencies(requests: number, call: () => Promise<{ statusCode: number }>, expected = 200): Promise<number[]> {
  for (let i = 0; i < Math.min(5, requests); i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) {
    const [elapsed, response] = await timed(call);
    samples.push(elapsed);
    if (response.statusCode !== expected) throw new Error(`unexpected ${response.statusCode}`);
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

const url = '/api/Organization/GetAllOrgsCompilazioni';
const callList = () => t.get(url, token);
const callBare = () => bare.inject({ method: 'GET', url: '/bare' });

// ---------------------------------------------------------------------------------------------
// (a) server
// ---------------------------------------------------------------------------------------------
const [firstAnswerMs, first] = await timed(callList);
const body = first.body;
type Listed = { turCompilazione: { id: string; statusCode: ApplicationStatusCode } | null };
const items = JSON.parse(body) as Listed[];

/** Applications an admin may move on, with the first change the lifecycle allows: one per sample. */
const changes = items
  .map((item) => item.turCompilazione)
  .filter((c): c is NonNullable<Listed['turCompilazione']> => c !== null && adminTargetsFrom(c.statusCode).length > 0)
  .slice(0, LIST_REQUESTS)
  .map((c) => ({ id: c.id, to: applicationStatusLabels[adminTargetsFrom(c.statusCode)[0]!] }));
const afterChange: number[] = [];
for (const change of changes.slice(0, LIST_REQUESTS)) {
  const changed = await updateStatus(t, token, 'TUR', change.id, change.to);
  if (changed.statusCode !== 200) throw new Error(`status change answered ${changed.statusCode}: ${changed.body}`);
  const [elapsed, response] = await timed(callList);
  if (response.statusCode !== 200) throw new Error(`unexpected ${response.statusCode}`);
  afterChange.push(elapsed);
}
const patchedBody = (await callList()).body;
const cached = await latencies(LIST_REQUESTS, callList);
const etag = String((await callList()).headers.etag);
const revalidated = await latencies(LIST_REQUESTS, () => t.get(url, token, { 'if-none-match': etag }), 304);
const bareSamples = await latencies(BARE_REQUESTS, callBare);

/** The list built from scratch, as a process's first request does (query, JSON text, hash; no HTTP). */
const standalone = createAdminList(t.db);
const builds: number[] = [];
let builtBody = '';
for (let i = 0; i < BUILDS; i++) {
  standalone.forget();
  const [elapsed, built] = await timed(() => standalone.current());
  builds.push(elapsed);
  builtBody = built.body.toString();
}
if (builtBody !== patchedBody) throw new Error('the list patched after the status changes differs from a list built from scratch');
const listRps = await throughput(LIST_REQUESTS * 2, 4, callList);
const bareRps = await throughput(BARE_REQUESTS, 4, callBare);

const bareP50 = percentile(bareSamples, 50);
const ratio = (samples: number[]) => `${(percentile(samples, 50) / bareP50).toFixed(0)} : 1`;
const answers = { 'after a status change': afterChange, cached, '304': revalidated };
const worst = Math.max(...Object.values(answers).map((samples) => percentile(samples, 95)));
console.log(
  [
    '',
    `Admin organisation list — ${items.length} organisations on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (seeded in ${(seedMs / 1000).toFixed(1)} s), answer ${(Buffer.byteLength(body) / 1024 / 1024).toFixed(2)} MB of JSON`,
    '',
    '(a) server, sequential requests through inject',
    `  cold build: list from scratch (no HTTP)      ${figures(builds)}   (${builds.length} builds; done at server start)`,
    `  cold build: first answer after the seed      ${ms(firstAnswerMs)}   (5,000 new organisations: built whole in the request)`,
    `  answer after a status change (patched)       ${figures(afterChange)}   (${afterChange.length} changes through the API; same bytes as a fresh build)`,
    `  answer, nothing changed (cached, 200)        ${figures(cached)}`,
    `  revalidation (304)                           ${figures(revalidated)}`,
    `  bare Fastify route                           ${figures(bareSamples)}   (${bareSamples.length} requests)`,
    `  latency ratio to bare (p50)                  after a change ${ratio(afterChange)}, cached ${ratio(cached)}, 304 ${ratio(revalidated)}`,
    `  throughput, 4 in flight                      full list (cached) ${listRps.toFixed(1)} req/s, bare ${bareRps.toFixed(0)} req/s (bare : list = ${(bareRps / listRps).toFixed(0)} : 1)`,
    `  target: every answer p95 < ${TARGET_MS} ms          ${worst < TARGET_MS ? 'met' : 'NOT MET'} (worst p95 ${ms(worst)}; cold build p95 ${percentile(builds, 95) < TARGET_MS ? 'also under' : 'over'} it)`,
    '',
  ].join('\n'),
);

// (b) browser, keystroke → filtered list: tests/bench/admin-search.bench.ts (run next by npm run bench).

await bare.close();
await t.close();
