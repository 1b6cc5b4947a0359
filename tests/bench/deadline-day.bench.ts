/**
 * Deadline day, the hour before a call closes, when most applicants save, upload and submit at once:
 * `npm run bench:deadline-day` (also the last part of `npm run bench`). Needs DATABASE_URL (PostgreSQL) and
 * REDIS_URL; the S3 store is s3rver, started here.
 *
 * Two server processes (the built server, as `npm start` runs it) on one throwaway PostgreSQL database, Redis and
 * the S3 store, behind a round-robin balancer that follows /readyz (tests/support/roundRobinProxy.ts). APPLICANTS
 * simulated applicants (1,000 by default) in WORKERS processes of their own (deadline-day.worker.ts) arrive over
 * ARRIVAL_SECONDS: each registers an organisation, types its PUI application (an autosave per debounce), uploads
 * the six mandatory attachments (UPLOAD_KB in all) and hands the application over; meanwhile an administrator
 * reloads the organisations' list and a report every two seconds. Then the same with new applicants and one
 * process killed (SIGKILL) midway: the balancer retries what could not be delivered, and what was in flight on
 * the killed process fails, but nothing the server acknowledged may be missing.
 *
 * Printed, per run: p50/p95/p99 and counts per kind of request, 5xx and failed requests, each process's peak
 * resident memory, and the check in the database and the bucket that every acknowledged save, upload and
 * hand-over is stored. Targets: autosave p99 < 100 ms, hand-over p99 < 1 s, zero 5xx, zero lost. Figures only;
 * nothing is asserted.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { queryRows } from '../../server/db/queryRows.ts';
import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from '../../server/config.ts';
import { loadEmbeddedIdpSecrets } from '../../server/idp/secrets.ts';
import { freePort, startPortalProcess, type PortalProcess } from '../support/portalProcess.ts';
import { callsFileWithSignature } from '../support/testApp.ts';
import { providerLogin } from '../support/providerLogin.ts';
import { createThrowawayDatabase } from '../support/testDatabase.ts';
import { cpuSeconds, cpuUsed, loadAverage, postgresPids, startService } from './benchServices.ts';
import type { BalancerStats } from './deadline-day.services.ts';
import type { Sample, WorkerInput, WorkerOutput } from './deadline-day.worker.ts';

const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 1000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const ARRIVAL_SECONDS = Number(process.env.BENCH_ARRIVAL_SECONDS ?? 120);
const UPLOAD_KB = Number(process.env.BENCH_UPLOAD_KB ?? 2048);
const ADMIN_EMAIL = 'admin@portale.test';
const ADMIN_PASSWORD = 'amministra-2026';
const TARGETS = { autosaveP99Ms: 100, handoverP99Ms: 1000 };
/** The processes serve /metrics to this token: the run reads each one's own view of the autosaves and its event loop. */
const METRICS_TOKEN = randomUUID();
/** BENCH_CPU_PROF=<dir>: each portal process writes a V8 CPU profile there when it stops; its busy periods are printed. */
const PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
/** BENCH_KILL=0 leaves out the run with a process killed midway (a profiling run); BENCH_KILL=only runs just that one. */
const KILL_RUN = process.env.BENCH_KILL !== '0';
const BOTH_RUN = process.env.BENCH_KILL !== 'only';
const AUTOSAVE_ROUTE = '/api/DraftCompilazione/CreateDraftCompilazione';

if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  console.info('deadline-day: set DATABASE_URL (PostgreSQL) and REDIS_URL to run two processes as in production; skipped.');
  process.exit(0);
}

const database = await createThrowawayDatabase(process.env.DATABASE_URL);
const s3 = await startService<{ env: Record<string, string> }>(['s3']);
const ports = [await freePort(), await freePort()];
const proxy = await startService<{ url: string }>(['balancer', ...ports.map((port) => `http://127.0.0.1:${port}`)]);
const dataDirs = ports.map(() => mkdtempSync(path.join(tmpdir(), 'pf-deadline-')));
const env = (index: number) => ({
  ...s3.ready.env,
  DATABASE_URL: database.url,
  PUBLIC_URL: proxy.ready.url,
  DATA_DIR: dataDirs[index]!,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  LOG_LEVEL: 'warn',
  // Behind the balancer, which says each applicant's own address (rate limits count per address and account).
  TRUST_PROXY: 'true',
  REDIS_URL: process.env.REDIS_URL!,
  // Its own keys in Redis: the test suites spend this address's allowances under the default prefix.
  REDIS_KEY_PREFIX: `pf-deadline-${randomUUID()}:`,
  METRICS_TOKEN,
  // The rolling load of autosaves, uploads and hand-overs as it was measured before the signed Domanda (issue 43):
  // the shipped calls require it, and signing a thousand Domande is the click-day bench's business (issue 45).
  CALLS_FILE: callsFileWithSignature(dataDirs[index]!, false),
});
const processes: PortalProcess[] = await Promise.all(
  ports.map((port, index) =>
    startPortalProcess(`process ${index + 1}`, port, env(index), {
      nodeFlags: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    }),
  ),
);
const db: Database = await openDatabase({ kind: 'postgres', url: database.url });

try {
  // Tokens for the applicants, signed with the embedded provider's own key like the one a real login gets: a
  // thousand logins through the provider's pages would measure the password hash, not deadline day.
  const model = await providerLogin(processes[0]!.send, proxy.ready.url, processes[1]!.send).register({
    email: `modello.${Date.now()}@esempio.it`,
  });
  // The administrator signs in at the start of each run: a run lasts less than the access token (15 minutes).
  const adminToken = async () =>
    (await providerLogin(processes[0]!.send, proxy.ready.url, processes[1]!.send).login(ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  // Applicants sign in as the model did: the same claims, each with its own subject and address, signed with
  // the provider's key by the workers, which renew a token before it expires as the browser's refresh does.
  const signing: WorkerInput['signing'] = {
    jwk: (await loadEmbeddedIdpSecrets(db.db)).signingKeys[0] as JsonWebKey,
    header: decodeProtectedHeader(model.token) as { alg: string; kid?: string },
    claims: decodeJwt(model.token),
    ttlSeconds: DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  };
  let minted = 0;
  const applicants = (count: number) => {
    const now = Math.floor(Date.now() / 1000);
    return Array.from({ length: count }, () => {
      const index = ++minted;
      return {
        index,
        claims: {
          sub: `scadenza-${index}-${now}`,
          email: `richiedente${index}.${now}@esempio.it`,
          email_verified: true,
          given_name: 'Richiedente',
          family_name: `Numero ${index}`,
        },
      };
    });
  };

  if (BOTH_RUN) await deadlineRun('both processes', applicants(APPLICANTS), signing, await adminToken(), undefined);
  if (KILL_RUN) {
    await deadlineRun('process 2 killed (SIGKILL) midway', applicants(APPLICANTS), signing, await adminToken(), processes[1]!);
  }
} finally {
  await Promise.all(processes.map((portal) => portal.stop()));
  if (PROFILE_DIR) {
    for (const file of readdirSync(PROFILE_DIR).filter((name) => name.endsWith('.cpuprofile'))) {
      console.info(`\n${file}:\n${busyPeriods(path.join(PROFILE_DIR, file)).join('\n')}`);
    }
  }
  await proxy.stop();
  await db.close();
  await s3.stop();
  await database.drop();
}

async function deadlineRun(
  title: string,
  applicants: WorkerInput['applicants'],
  signing: WorkerInput['signing'],
  adminToken: string,
  killMidway: PortalProcess | undefined,
) {
  console.info(
    `\ndeadline day, ${title}: ${applicants.length} applicants in ${WORKERS} processes arriving over ${ARRIVAL_SECONDS} s, ${UPLOAD_KB} KB of attachments each`,
  );
  const load = loadAverage();
  const cpuBefore = cpuByPart();
  const peaks = new Map(processes.map((portal) => [portal.pid, 0]));
  const sampler = setInterval(() => {
    for (const portal of processes) peaks.set(portal.pid, Math.max(peaks.get(portal.pid) ?? 0, residentMb(portal.pid)));
  }, 250);

  // The administrator reloads the list and a report while applicants work.
  let running = true;
  const adminSamples: Sample[] = [];
  const adminLoop = (async () => {
    while (running) {
      for (const url of [
        '/api/Organization/GetAllOrgsCompilazioni',
        '/api/Report/GetReport?workspaceId=fondi-tematici&reportId=stato-candidature',
      ]) {
        const started = performance.now();
        const response = await fetch(`${proxy.ready.url}${url}`, { headers: { authorization: `Bearer ${adminToken}` } }).catch(
          () => undefined,
        );
        await response?.arrayBuffer();
        adminSamples.push({ kind: 'read', status: response?.status ?? 0, ms: performance.now() - started });
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  })();

  // Read now so each process's figures below cover this run only (the event-loop histogram restarts at each read).
  const metricsBefore = new Map(await Promise.all(processes.map(async (portal) => [portal.name, await serverMetrics(portal)] as const)));
  const started = performance.now();
  const killer = killMidway
    ? setTimeout(
        () => {
          console.info(`  ${Math.round((performance.now() - started) / 1000)} s: SIGKILL to ${killMidway.name}`);
          process.kill(killMidway.pid, 'SIGKILL');
        },
        (ARRIVAL_SECONDS * 1000) / 2,
      )
    : undefined;

  const share = Math.ceil(applicants.length / WORKERS);
  const outputs = await Promise.all(
    Array.from({ length: WORKERS }, (_, worker) => {
      const input: WorkerInput = {
        proxyUrl: proxy.ready.url,
        applicants: applicants.slice(worker * share, (worker + 1) * share),
        signing,
        arrivalWindowMs: ARRIVAL_SECONDS * 1000,
        uploadBytes: UPLOAD_KB * 1024,
      };
      const child = fork(fileURLToPath(new URL('./deadline-day.worker.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
      return new Promise<WorkerOutput>((resolve, reject) => {
        child.once('message', (output) => resolve(output as WorkerOutput));
        child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`worker ${worker} exited ${code}`))));
        child.send(input);
      });
    }),
  );
  clearTimeout(killer);
  running = false;
  await adminLoop;
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuByPart();

  const samples = [
    ...outputs.flatMap((output) => output.samples),
    ...adminSamples.map((sample) => ({ ...sample, kind: 'admin' as const })),
  ];
  console.info(`  ${samples.length} requests in ${seconds.toFixed(0)} s (load average before: ${load})`);
  console.info('  kind          count     p50 ms   p95 ms   p99 ms   5xx   failed (no answer)   other non-2xx');
  const notes: string[] = [];
  for (const kind of ['organisation', 'autosave', 'upload', 'handover', 'read', 'admin'] as const) {
    const of = samples.filter((sample) => sample.kind === kind);
    if (of.length === 0) continue;
    const ms = of.map((sample) => sample.ms).sort((a, b) => a - b);
    const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))]!.toFixed(0).padStart(8);
    const serverErrors = of.filter((sample) => sample.status >= 500).length;
    const failed = of.filter((sample) => sample.status === 0).length;
    const other = of.filter((sample) => sample.status >= 300 && sample.status < 500).length;
    const statuses = [...new Set(of.filter((sample) => sample.status >= 300 && sample.status < 500).map((sample) => sample.status))];
    if (statuses.length > 0)
      notes.push(
        `${kind}: ${statuses.map((status) => `${status} × ${of.filter((sample) => sample.status === status).length}`).join(', ')}`,
      );
    console.info(
      `  ${kind.padEnd(12)} ${String(of.length).padStart(6)} ${at(50)} ${at(95)} ${at(99)} ${String(serverErrors).padStart(5)}   ${String(failed).padStart(18)}   ${String(other).padStart(13)}`,
    );
  }
  if (notes.length > 0) console.info(`  other non-2xx answers: ${notes.join('; ')}`);
  const causes = new Map<string, number>();
  for (const sample of samples)
    if (sample.status === 0)
      causes.set(`${sample.kind} ${sample.error ?? '?'}`, (causes.get(`${sample.kind} ${sample.error ?? '?'}`) ?? 0) + 1);
  if (causes.size > 0) console.info(`  no answer: ${[...causes].map(([cause, count]) => `${cause} × ${count}`).join('; ')}`);
  const p99 = (kind: Sample['kind']) => {
    const ms = samples
      .filter((sample) => sample.kind === kind && sample.status === 200)
      .map((sample) => sample.ms)
      .sort((a, b) => a - b);
    return ms[Math.floor(0.99 * (ms.length - 1))] ?? Number.NaN;
  };
  console.info(
    `  targets: autosave p99 ${p99('autosave').toFixed(0)} ms (< ${TARGETS.autosaveP99Ms}: ${p99('autosave') < TARGETS.autosaveP99Ms ? 'met' : 'NOT MET'}), ` +
      `hand-over p99 ${p99('handover').toFixed(0)} ms (< ${TARGETS.handoverP99Ms}: ${p99('handover') < TARGETS.handoverP99Ms ? 'met' : 'NOT MET'}), ` +
      `5xx ${samples.filter((sample) => sample.status >= 500).length}`,
  );
  for (const portal of processes) {
    const before = metricsBefore.get(portal.name);
    const after = portal === killMidway ? undefined : await serverMetrics(portal);
    console.info(`  ${portal.name}: peak resident memory ${peaks.get(portal.pid)!.toFixed(0)} MB${serverSide(before, after)}`);
  }
  // Where the machine's CPU went: the portal's share beside the load generator and the services it runs beside.
  const workersCpu = outputs.reduce((sum, output) => sum + output.cpuSeconds, 0);
  const parts = [
    ...[...cpuAfter.entries()].map(([part, after]) => [part, cpuUsed(cpuBefore.get(part), after)] as const),
    ["applicants' processes", workersCpu] as const,
  ];
  console.info(
    `  CPU seconds over ${seconds.toFixed(0)} s on ${availableParallelism()} cores: ` +
      parts.map(([part, cpu]) => `${part} ${cpu === undefined ? '(killed)' : cpu.toFixed(0)}`).join(', '),
  );
  const balancer = await proxy.ask<BalancerStats>({ ask: 'stats' });
  console.info(
    `  balancer: ${balancer.retried} undelivered requests retried elsewhere, ${balancer.dropped} dropped in flight (since the start)`,
  );

  // What the server acknowledged, read back from the database and the bucket.
  const drafts = Object.assign({}, ...outputs.map((output) => output.acknowledged.drafts)) as Record<string, string>;
  const handovers = outputs.flatMap((output) => output.acknowledged.handovers);
  const uploads = outputs.flatMap((output) => output.acknowledged.uploads);
  const stored = await queryRows<{ organization_id: string; status: string; prog_nome: string | null }>(
    db.db,
    sql`select organization_id, status, draft->>'progNome' as prog_nome from applications where fund = 'PUI'`,
  );
  const byOrganisation = new Map(stored.map((row) => [row.organization_id, row]));
  // A save the server committed but whose answer was lost with the killed process is newer than the last
  // acknowledged one: lost means stored older than acknowledged, or not at all.
  const revision = (progNome: string | null | undefined) => Number(/revisione (\d+)$/.exec(progNome ?? '')?.[1] ?? -1);
  const lostDrafts = Object.entries(drafts).filter(
    ([orgId, progNome]) => revision(byOrganisation.get(orgId)?.prog_nome) < revision(progNome),
  );
  const lostHandovers = handovers.filter((orgId) => byOrganisation.get(orgId)?.status !== 'CANDIDATURA_SOTTOMESSA');
  const rows = await queryRows<{ id: string; storage_key: string }>(db.db, sql`select id, storage_key from attachments`);
  const keyOf = new Map(rows.map((row) => [row.id, row.storage_key]));
  const inBucket = uploads.filter((upload) => keyOf.has(upload.id)).map((upload) => keyOf.get(upload.id)!);
  const absent = new Set(await s3.ask<string[]>({ ask: 'missing', keys: inBucket }));
  const lostUploads = uploads.filter((upload) => !keyOf.has(upload.id) || absent.has(keyOf.get(upload.id)!));
  console.info(
    `  acknowledged and stored: drafts ${Object.keys(drafts).length - lostDrafts.length}/${Object.keys(drafts).length}, ` +
      `uploads ${uploads.length - lostUploads.length}/${uploads.length}, hand-overs ${handovers.length - lostHandovers.length}/${handovers.length}` +
      ` — lost: ${lostDrafts.length + lostUploads.length + lostHandovers.length}`,
  );
}

interface ServerMetrics {
  /** The autosaves the process answered, and how many of them within 50 and 100 ms (its latency histogram). */
  autosaves: number;
  within50: number;
  within100: number;
  /** Event-loop delay since the previous read, in ms. */
  loopP99: number;
  loopMax: number;
}

/** The process's own /metrics: its autosave latency histogram (successful saves) and its event-loop delay. */
async function serverMetrics(portal: PortalProcess): Promise<ServerMetrics | undefined> {
  const response = await fetch(`${portal.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).catch(() => undefined);
  if (response?.status !== 200) return undefined;
  const text = await response.text();
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  // Buckets of the autosave route's successful answers, by upper bound: `name{label="…",…} count`.
  const buckets = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^http_request_duration_seconds_bucket\{(.*)\} (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((label) => [label[1]!, label[2]!]));
    if (labels.route === AUTOSAVE_ROUTE && labels.status_class === '2xx') buckets.set(labels.le!, Number(match[2]));
  }
  const bucket = (le: string) => buckets.get(le) ?? 0;
  return {
    autosaves: bucket('+Inf'),
    within50: bucket('0.05'),
    within100: bucket('0.1'),
    loopP99: value(/^nodejs_eventloop_lag_p99_seconds (\S+)$/m) * 1000,
    loopMax: value(/^nodejs_eventloop_lag_max_seconds (\S+)$/m) * 1000,
  };
}

/** The process's own view of the run: the share of its autosaves over 100 ms and its event loop's delay. */
function serverSide(before: ServerMetrics | undefined, after: ServerMetrics | undefined): string {
  if (!before || !after) return '';
  const count = after.autosaves - before.autosaves;
  if (count <= 0) return '';
  const over = (within: number, earlier: number) => (((count - (within - earlier)) / count) * 100).toFixed(1);
  return (
    `; answered ${count} autosaves, ${over(after.within50, before.within50)} % over 50 ms and ` +
    `${over(after.within100, before.within100)} % over 100 ms from request to reply in the process; ` +
    `event-loop delay p99 ${after.loopP99.toFixed(0)} ms, max ${after.loopMax.toFixed(0)} ms`
  );
}

/**
 * What keeps a process's event loop busy long enough to hold the requests queued behind it: from a V8 CPU profile,
 * the periods without an idle sample that last over 50 ms (a request waits for the whole period), their count and
 * length, and the frames they spend their time in, inclusive (each frame once per sample, with its callers).
 */
function busyPeriods(file: string, overMs = 50): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(dist-server|server)\//, '$1/');
    return `${functionName || '(anonymous)'}${where ? ` ${where}:${lineNumber + 1}` : ''}`;
  };
  const periods: { ms: number; samples: number[] }[] = [];
  let current: { ms: number; samples: number[] } | undefined;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (byId.get(id)!.callFrame.functionName === '(idle)') {
      if (current && current.ms > overMs) periods.push(current);
      current = undefined;
      return;
    }
    current ??= { ms: 0, samples: [] };
    current.ms += ms;
    current.samples.push(id);
  });
  if (current && current.ms > overMs) periods.push(current);
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const period of periods) {
    for (const id of period.samples) {
      total++;
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(name(at));
      for (const frame of seen) inclusive.set(frame, (inclusive.get(frame) ?? 0) + 1);
    }
  }
  const lengths = periods.map((period) => period.ms).sort((a, b) => a - b);
  const skip = /^\((root|program)\)|^processTicksAndRejections|^runMicrotasks|^\(anonymous\)$/;
  return [
    `  busy periods over ${overMs} ms: ${periods.length}, ${(lengths.reduce((sum, ms) => sum + ms, 0) / 1000).toFixed(1)} s in all, ` +
      `median ${(lengths[Math.floor(lengths.length / 2)] ?? 0).toFixed(0)} ms, longest ${(lengths.at(-1) ?? 0).toFixed(0)} ms`,
    ...[...inclusive]
      .filter(([frame]) => !skip.test(frame))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([frame, samples]) => `    ${((100 * samples) / Math.max(1, total)).toFixed(1).padStart(5)} %  ${frame}`),
  ];
}

function residentMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** CPU seconds (user and system) used so far, per process, of the portal's processes, the services and PostgreSQL. */
function cpuByPart(): Map<string, Map<number, number>> {
  const postgres = postgresPids();
  return new Map([
    ...processes.map((portal) => [portal.name, cpuSeconds([portal.pid])] as const),
    ['PostgreSQL (the whole server)', cpuSeconds(postgres)],
    ['S3 store', cpuSeconds([s3.pid])],
    ['balancer', cpuSeconds([proxy.pid])],
  ]);
}
