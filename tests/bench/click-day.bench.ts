/**
 * Click day (issue 45), the opening second of a first-come-first-served call: `npm run bench:click-day` (also the
 * last part of `npm run bench`). Needs DATABASE_URL (PostgreSQL) and REDIS_URL; the S3 store is s3rver.
 *
 * Two built server processes on one throwaway PostgreSQL database, Redis and the S3 store, behind the round-robin
 * balancer that follows /readyz (tests/support/roundRobinProxy.ts, deadline-day.services.ts). First, unmeasured,
 * N applicants (BENCH_CLICKDAY_N, 300 by default) each get an organisation with complete applications to both
 * funds, attachments included. Then every hand-over is released within one second (one per applicant, the funds
 * taking turns), as the browser sends it: a 503 «Sei in coda» is sent again after its Retry-After, as
 * machines/application-wizard does, with the first-try ticket the 503 set as a cookie. Meanwhile a signed-in page
 * load (GET /api/User) every 50 ms, and PostgreSQL's sessions sampled every 50 ms.
 *
 * Printed: hand-overs a second from the first request to the last answer; latency from first try to final answer
 * p50/p95/p99/max; status counts (every try); each process's event-loop delay and queue figures; CPU seconds of
 * each process and of PostgreSQL; PostgreSQL's wait events during the burst; the protocol numbers against the
 * acceptance times and the order of first tries; the time until every receipt e-mail is written, and each
 * process's share. Targets (300 at once): ≥ 200 hand-overs a second, p99 < 1 s, 0 5xx, 0 lost, gapless numbers in
 * arrival order, every receipt e-mailed within 60 s, GET /api/User p99 < 100 ms. Figures only; nothing is asserted.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, SignJWT, type JWTPayload } from 'jose';
import type { Fund } from '../../domain/applicationStatus.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/queryRows.ts';
import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from '../../server/config.ts';
import { loadEmbeddedIdpSecrets } from '../../server/idp/secrets.ts';
import { prepareCompleteApplicationOverHttp } from '../support/completeApplicationOverHttp.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { freePort, startPortalProcess, type PortalProcess } from '../support/portalProcess.ts';
import { providerLogin } from '../support/providerLogin.ts';
import { callsFileWithSignature } from '../support/testApp.ts';
import { createThrowawayDatabase } from '../support/testDatabase.ts';
import { cpuSeconds, cpuUsed, loadAverage, postgresPids, startService } from './benchServices.ts';

const N = Number(process.env.BENCH_CLICKDAY_N ?? 300);
/** Applicants prepared at once (organisation, drafts, attachments): the preparation is not measured. */
const PREPARE_AT_ONCE = 8;
const RELEASE_MS = 1000;
const RECEIPTS_WITHIN_MS = 180_000;
const TARGETS = { perSecond: 200, p99Ms: 1000, receiptsMs: 60_000, pageP99Ms: 100, loopP99Ms: 50 };
const METRICS_TOKEN = randomUUID();
const FUNDS: readonly Fund[] = ['PUI', 'TUR'];

if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  console.info('click-day: set DATABASE_URL (PostgreSQL) and REDIS_URL to run two processes as in production; skipped.');
  process.exit(0);
}

const database = await createThrowawayDatabase(process.env.DATABASE_URL);
const s3 = await startService<{ env: Record<string, string> }>(['s3']);
const ports = [await freePort(), await freePort()];
const proxy = await startService<{ url: string }>(['balancer', ...ports.map((port) => `http://127.0.0.1:${port}`)]);
const dataDirs = ports.map(() => mkdtempSync(path.join(tmpdir(), 'pf-clickday-')));
const processes: PortalProcess[] = await Promise.all(
  ports.map((port, index) =>
    startPortalProcess(`process ${index + 1}`, port, {
      ...s3.ready.env,
      DATABASE_URL: database.url,
      PUBLIC_URL: proxy.ready.url,
      DATA_DIR: dataDirs[index]!,
      ADMIN_EMAIL: 'admin@portale.test',
      ADMIN_PASSWORD: 'amministra-2026',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_KEY_PREFIX: `pf-clickday-${randomUUID()}:`,
      METRICS_TOKEN,
      // The opening second's hand-overs, not the signing of a thousand Domande beforehand.
      CALLS_FILE: callsFileWithSignature(dataDirs[index]!, false),
    }),
  ),
);
const db: Database = await openDatabase({ kind: 'postgres', url: database.url });

interface Applicant {
  index: number;
  token: string;
  address: string;
  orgId: string;
  fund: Fund;
  handOver: { path: string; body: Record<string, unknown> };
}

interface Outcome {
  applicant: Applicant;
  /** ms since the burst's start: the first try left, the final answer came. */
  firstTry: number;
  answered: number;
  status: number;
  tries: number[];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const applicants = await prepare();
  const burst = await release(applicants);
  await report(burst);
} finally {
  await Promise.all(processes.map((portal) => portal.stop()));
  await proxy.stop();
  await db.close();
  await s3.stop();
  await database.drop();
}

/** N applicants with an organisation and complete applications to both funds, signed in as a login would sign them. */
async function prepare(): Promise<Applicant[]> {
  const started = performance.now();
  const model = await providerLogin(processes[0]!.send, proxy.ready.url, processes[1]!.send).register({
    email: `modello.clickday.${Date.now()}@esempio.it`,
  });
  const jwk = (await loadEmbeddedIdpSecrets(db.db)).signingKeys[0] as JsonWebKey;
  const key = await crypto.subtle.importKey('jwk', jwk, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  const header = decodeProtectedHeader(model.token) as { alg: string; kid?: string };
  const claims: JWTPayload = decodeJwt(model.token);
  const now = Math.floor(Date.now() / 1000);
  const applicants: Applicant[] = [];
  let next = 0;
  const prepareOne = async (index: number) => {
    const token = await new SignJWT({
      ...claims,
      sub: `clickday-${index}-${now}`,
      email: `sportello${index}.${now}@esempio.it`,
      email_verified: true,
      given_name: 'Richiedente',
      family_name: `Numero ${index}`,
      iat: now,
      exp: now + DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    })
      .setProtectedHeader(header)
      .sign(key);
    const address = `2001:db8::c1:${index.toString(16)}`;
    const headers = { 'x-forwarded-for': address };
    const created = await fetch(`${proxy.ready.url}/api/Organization/CreateOrganization`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(organizationPayload({ name: `Comune dello Sportello ${index}` })),
    });
    if (created.status !== 201) throw new Error(`CreateOrganization answered ${created.status}`);
    const { orgId } = (await created.json()) as { orgId: string };
    const prepared = new Map<Fund, Applicant['handOver']>();
    for (const fund of FUNDS) {
      // A kept-alive connection the server closed just then fails the request: the preparation is sent again (it is idempotent).
      for (let attempt = 1; ; attempt++) {
        try {
          prepared.set(fund, await prepareCompleteApplicationOverHttp(proxy.ready.url, token, orgId, fund, headers));
          break;
        } catch (error) {
          if (attempt >= 3 || !(error instanceof TypeError)) throw error;
        }
      }
    }
    const fund = FUNDS[index % FUNDS.length]!;
    applicants.push({ index, token, address, orgId, fund, handOver: prepared.get(fund)! });
  };
  await Promise.all(
    Array.from({ length: PREPARE_AT_ONCE }, async () => {
      for (let index = next++; index < N; index = next++) await prepareOne(index);
    }),
  );
  applicants.sort((a, b) => a.index - b.index);
  console.info(
    `\nclick day: ${N} applicants prepared in ${((performance.now() - started) / 1000).toFixed(0)} s ` +
      `(an organisation, complete PUI and TUR applications with their attachments each)`,
  );
  return applicants;
}

interface Burst {
  outcomes: Outcome[];
  startedAt: number;
  seconds: number;
  pages: { ms: number; status: number }[];
  waits: Map<string, number>;
  states: Map<string, number>;
  samples: number;
  cpu: [string, number | undefined][];
  loops: string[];
  load: string;
}

/** Every hand-over within RELEASE_MS, each retried after Retry-After as the browser does; what the server went through meanwhile. */
async function release(applicants: Applicant[]): Promise<Burst> {
  const load = loadAverage();
  await Promise.all(processes.map(processFigures)); // resets each process's event-loop histogram
  const cpuBefore = cpuByPart();
  const monitor = await openDatabase({ kind: 'postgres', url: database.url });
  const waits = new Map<string, number>();
  const states = new Map<string, number>();
  let samples = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const rows = await queryRows<{ wait: string | null; state: string | null; count: number }>(
        monitor.db,
        sql`select wait_event_type || ':' || wait_event as wait, state, count(*)::int as count from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' group by 1, 2`,
      );
      samples += 1;
      for (const row of rows) {
        if (row.wait && row.state === 'active') waits.set(row.wait, (waits.get(row.wait) ?? 0) + row.count);
        if (row.state) states.set(row.state, (states.get(row.state) ?? 0) + row.count);
      }
      await sleep(50);
    }
  })();
  const pages: Burst['pages'] = [];
  const pageLoads = (async () => {
    const viewer = applicants[0]!;
    while (running) {
      const started = performance.now();
      const response = await fetch(`${proxy.ready.url}/api/User`, {
        headers: { authorization: `Bearer ${viewer.token}`, 'x-forwarded-for': viewer.address },
      }).catch(() => undefined);
      await response?.arrayBuffer();
      pages.push({ ms: performance.now() - started, status: response?.status ?? 0 });
      await sleep(50);
    }
  })();

  const startedAt = performance.now();
  const outcomes = await Promise.all(
    applicants.map(async (applicant, position) => {
      await sleep((position * RELEASE_MS) / applicants.length);
      const firstTry = performance.now() - startedAt;
      const tries: number[] = [];
      // The first-try ticket a queued answer sets, sent back with the retry as the browser sends its cookies.
      let ticket: string | undefined;
      for (;;) {
        const response = await fetch(`${proxy.ready.url}${applicant.handOver.path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${applicant.token}`,
            'x-forwarded-for': applicant.address,
            'content-type': 'application/json',
            ...(ticket ? { cookie: ticket } : {}),
          },
          body: JSON.stringify(applicant.handOver.body),
        }).catch(() => undefined);
        const status = response?.status ?? 0;
        const body = response ? ((await response.json().catch(() => ({}))) as { error?: string }) : {};
        tries.push(status);
        const given = response?.headers.getSetCookie().find((cookie) => cookie.startsWith('pf_handover_'));
        if (given) ticket = given.split(';')[0];
        if (status === 503 && body.error === 'handover_queued') {
          await sleep(Number(response!.headers.get('retry-after') ?? 1) * 1000);
          continue;
        }
        return { applicant, firstTry, answered: performance.now() - startedAt, status, tries } satisfies Outcome;
      }
    }),
  );
  const seconds = Math.max(...outcomes.map((outcome) => outcome.answered)) / 1000;
  running = false;
  await Promise.all([sampler, pageLoads]);
  await monitor.close();
  const cpuAfter = cpuByPart();
  const loops = await Promise.all(processes.map(async (portal) => `${portal.name}: ${await processFigures(portal)}`));
  const cpu = [...cpuAfter].map(([part, after]) => [part, cpuUsed(cpuBefore.get(part), after)] as [string, number | undefined]);
  return { outcomes, startedAt, seconds, pages, waits, states, samples, cpu, loops, load };
}

async function report(burst: Burst) {
  const { outcomes, seconds, pages } = burst;
  const latencies = outcomes.map((outcome) => outcome.answered - outcome.firstTry);
  const tries = outcomes.flatMap((outcome) => outcome.tries);
  const statusCounts = [...new Set(tries)].sort().map((status) => `${status} × ${tries.filter((s) => s === status).length}`);
  const perSecond = outcomes.length / seconds;
  const p99 = percentile(latencies, 99);
  const fiveXx = tries.filter((status) => status >= 500 && status !== 503).length;
  const refusedQueued = outcomes.filter((outcome) => outcome.tries.length > 1).length;
  console.info(`  load average before: ${burst.load}; ${availableParallelism()} cores`);
  console.info(
    `  hand-overs: ${outcomes.length} released within ${RELEASE_MS} ms; the last answer ${seconds.toFixed(2)} s after the first request: ` +
      `${perSecond.toFixed(0)} a second (target ≥ ${TARGETS.perSecond}: ${perSecond >= TARGETS.perSecond ? 'met' : 'NOT MET'})`,
  );
  console.info(
    `  latency from first try to final answer: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, ` +
      `p99 ${p99.toFixed(0)} ms (target < ${TARGETS.p99Ms}: ${p99 < TARGETS.p99Ms ? 'met' : 'NOT MET'}), max ${Math.max(...latencies).toFixed(0)} ms`,
  );
  console.info(
    `  answers (every try): ${statusCounts.join(', ')}; 5xx other than the queue's 503: ${fiveXx}; ` +
      `hand-overs that waited in the queue (503, sent again): ${refusedQueued}`,
  );
  const pageMs = pages.filter((page) => page.status === 200).map((page) => page.ms);
  console.info(
    `  GET /api/User during the burst: ${pages.length} loads, p50 ${percentile(pageMs, 50).toFixed(0)} ms, ` +
      `p99 ${percentile(pageMs, 99).toFixed(0)} ms (target < ${TARGETS.pageP99Ms}: ${percentile(pageMs, 99) < TARGETS.pageP99Ms ? 'met' : 'NOT MET'}), ` +
      `max ${Math.max(...pageMs).toFixed(0)} ms, non-200 ${pages.length - pageMs.length}`,
  );
  for (const line of burst.loops) console.info(`  ${line}`);
  const portalCpu = burst.cpu.filter(([part]) => part !== 'PostgreSQL').reduce((sum, [, cpu]) => sum + (cpu ?? 0), 0);
  const postgresCpu = burst.cpu.find(([part]) => part === 'PostgreSQL')?.[1] ?? 0;
  console.info(
    `  CPU seconds over the burst: ${burst.cpu.map(([part, cpu]) => `${part} ${cpu === undefined ? '?' : cpu.toFixed(1)}`).join(', ')}; ` +
      `per hand-over: ${((portalCpu * 1000) / outcomes.length).toFixed(1)} ms of the portal processes, ${((postgresCpu * 1000) / outcomes.length).toFixed(1)} ms of PostgreSQL`,
  );
  const average = (count: number) => (count / Math.max(1, burst.samples)).toFixed(1);
  const waits = [...burst.waits].sort((a, b) => b[1] - a[1]);
  console.info(
    `  PostgreSQL during the burst (${burst.samples} samples, average sessions): ` +
      `${[...burst.states].map(([state, count]) => `${state} ${average(count)}`).join(', ')}; ` +
      `waiting active sessions: ${waits.length === 0 ? 'none' : waits.map(([wait, count]) => `${wait} ${average(count)}`).join(', ')}`,
  );

  // What was stored: one receipt per hand-over, numbers gapless per fund, in acceptance order and in first-try order.
  const receipts = await queryRows<{ organization_id: string; fund: string; number: number; accepted: string }>(
    db.db,
    sql`select organization_id, fund, number, to_char(accepted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as accepted
        from receipts where kind = 'application' order by fund, number`,
  );
  const acknowledged = outcomes.filter((outcome) => outcome.status === 200);
  const stored = new Set(receipts.map((receipt) => `${receipt.fund} ${receipt.organization_id}`));
  const lost = acknowledged.filter((outcome) => !stored.has(`${outcome.applicant.fund} ${outcome.applicant.orgId}`)).length;
  const firstTryOf = new Map(outcomes.map((outcome) => [`${outcome.applicant.fund} ${outcome.applicant.orgId}`, outcome.firstTry]));
  for (const fund of FUNDS) {
    const ofFund = receipts.filter((receipt) => receipt.fund === fund);
    const gapless = ofFund.every((receipt, index) => receipt.number === index + 1);
    const acceptanceInversions = ofFund.filter((receipt, index) => index > 0 && receipt.accepted < ofFund[index - 1]!.accepted).length;
    const tried = ofFund.map((receipt) => firstTryOf.get(`${fund} ${receipt.organization_id}`) ?? Number.NaN);
    let inversions = 0;
    let farInversions = 0;
    for (let i = 0; i < tried.length; i++)
      for (let j = i + 1; j < tried.length; j++)
        if (tried[j]! < tried[i]!) {
          inversions += 1;
          if (tried[i]! - tried[j]! > 50) farInversions += 1;
        }
    console.info(
      `  ${fund}: ${ofFund.length} receipts, numbers 1…${ofFund.length} ${gapless ? 'gapless and unique' : 'WITH GAPS OR DOUBLES'}, ` +
        `${acceptanceInversions === 0 ? 'in the order of their acceptance times' : `${acceptanceInversions} out of acceptance order`}; ` +
        `against the order of first tries: ${inversions} pairs inverted (${farInversions} of them tried over 50 ms apart)`,
    );
  }
  console.info(
    `  acknowledged (200) and stored: ${acknowledged.length - lost}/${acknowledged.length} — lost: ${lost}; receipts in all: ${receipts.length}`,
  );

  // Receipt e-mails: every hand-over's status e-mail sent (with its receipt), and which process wrote it.
  const waitedFrom = performance.now();
  let sent = 0;
  while (performance.now() - waitedFrom < RECEIPTS_WITHIN_MS) {
    const [row] = await queryRows<{ sent: number }>(
      db.db,
      sql`select count(*)::int as sent from status_notifications where status = 'CANDIDATURA_SOTTOMESSA' and sent_at is not null`,
    );
    sent = row?.sent ?? 0;
    if (sent >= receipts.length) break;
    await sleep(250);
  }
  const lastMs = performance.now() - burst.startedAt;
  const shares = dataDirs.map((dir, index) => {
    const outbox = path.join(dir, 'outbox');
    let files = 0;
    try {
      files = readdirSync(outbox).length;
    } catch {
      files = 0;
    }
    return `${processes[index]!.name} ${files}`;
  });
  console.info(
    `  receipt e-mails: ${sent}/${receipts.length} sent, the last ${(lastMs / 1000).toFixed(1)} s after the first hand-over ` +
      `(target < ${TARGETS.receiptsMs / 1000} s: ${sent >= receipts.length && lastMs < TARGETS.receiptsMs ? 'met' : 'NOT MET'}); ` +
      `e-mails written per process: ${shares.join(', ')}`,
  );
  const after = await Promise.all(processes.map(async (portal) => `${portal.name}: ${await processFigures(portal)}`));
  console.info(`  while the e-mails went out: ${after.join('; ')}`);
}

/** A process's own /metrics: its event-loop delay since the previous read, and its queues' figures. */
async function processFigures(portal: PortalProcess): Promise<string> {
  const response = await fetch(`${portal.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).catch(() => undefined);
  if (response?.status !== 200) return 'no /metrics';
  const text = await response.text();
  const value = (series: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${series} `))
        ?.slice(series.length + 1) ?? Number.NaN,
    );
  const loopP99 = value('nodejs_eventloop_lag_p99_seconds') * 1000;
  const queue = (name: string) =>
    `${name} running ${value(`portale_queue_jobs{queue="${name}",state="running"}`)}, waiting ${value(`portale_queue_jobs{queue="${name}",state="waiting"}`)}, ` +
    `refused ${value(`portale_queue_refused_total{queue="${name}"}`)}`;
  return (
    `event-loop delay p99 ${loopP99.toFixed(0)} ms (target < ${TARGETS.loopP99Ms}: ${loopP99 < TARGETS.loopP99Ms ? 'met' : 'NOT MET'}), ` +
    `max ${(value('nodejs_eventloop_lag_max_seconds') * 1000).toFixed(0)} ms; ${queue('handovers')}; ${queue('pdf')}`
  );
}

/** CPU seconds used so far by each portal process and by the PostgreSQL server. */
function cpuByPart(): Map<string, Map<number, number>> {
  return new Map([
    ...processes.map((portal) => [portal.name, cpuSeconds([portal.pid])] as const),
    ['PostgreSQL', cpuSeconds(postgresPids())],
  ]);
}
