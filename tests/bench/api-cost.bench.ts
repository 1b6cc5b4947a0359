/**
 * What an authenticated API call costs, beside the floor of this stack: `npm run bench`.
 *
 * The server runs in a process of its own (tests/bench/api-cost.server.ts: the real portal, logging at info);
 * autocannon, in this process, keeps CONNECTIONS requests in flight for DURATION seconds per route and reports
 * req/s and latency percentiles, and the server process's CPU time per request (the figure that survives a
 * busy machine: req/s and latencies move with whatever else runs). Two reference routes live in the server's process on a bare Fastify instance:
 * hello world, and the floor — the same JWT verified with jose and one indexed SELECT on the same database.
 * Targets: every read ≥ 50 % of the floor's req/s (on PostgreSQL); the autosave (CreateDraftCompilazione) p99
 * < 50 ms with 100 concurrent writers, each saving their own organisation's draft as often as the wizard does
 * while they type (once per AUTOSAVE_DEBOUNCE_MS); and the autosave's ceiling with the same 100 and no pause.
 *
 * The typing writers are 100 loops in this process, not autocannon: autocannon's overallRate releases its
 * requests at the start of every 1 s tick, so 67 saves arrived together as one burst and the p99 measured that
 * burst's queue. Here each writer has its own keep-alive connection, starts at a random phase within the
 * debounce interval, saves once per AUTOSAVE_DEBOUNCE_MS with the version its previous save answered (one save
 * in flight at a time, as machines/draft-sync does), and each save's latency is measured on its own.
 *
 * Runs on PGlite, then on PostgreSQL when DATABASE_URL is set. BENCH_CPU_PROF=<dir> records a V8 CPU profile of
 * the server (the profiler --cpu-prof uses) around each route's load, writes it to <dir>, and prints each
 * route's heaviest frames by self time and its CPU by package. BENCH_DURATION=<seconds> per route
 * (BENCH_TYPING_DURATION for the typing writers, 20 s by default);
 * BENCH_ONLY=postgres runs PostgreSQL only.
 */
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { AUTOSAVE_DEBOUNCE_MS } from '../../machines/draft-sync/timing.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 6);
/** The typing writers save ≈67 times a second: 20 s gives a p99 over some 1,300 saves, not the 4th-worst of 400. */
const TYPING_DURATION = Number(process.env.BENCH_TYPING_DURATION ?? Math.max(DURATION, 20));
const CONNECTIONS = 16;
const WRITERS = 100;
const AUTOSAVE_P99_TARGET_MS = 50;
const READ_TARGET = 0.5;
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

interface Ready {
  portalUrl: string;
  referenceUrl: string;
  database: string;
  pui: number;
  writers: { token: string; orgId: string; version: number }[];
  draft: Record<string, unknown>;
}

interface Figures {
  /** The server process's CPU time per answered request, all threads (ms). */
  cpuMsPerRequest: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** The server process's CPU time so far (µs), asked over IPC. */
let serverCpu: () => Promise<number> = () => Promise.resolve(0);
/** With BENCH_CPU_PROF: starts the server's profiler, or stops it and writes the profile to `file`. */
let serverProfile: (command: 'start' | 'stop', file?: string) => Promise<void> = () => Promise.resolve();
let profileDir: string | undefined;
const profiles: [string, string][] = [];

/** Measures `scenario` with the server's CPU time (and, with BENCH_CPU_PROF, its CPU profile) around it. */
async function measured<T>(name: string, scenario: () => Promise<T>): Promise<[T, number]> {
  if (profileDir) await serverProfile('start');
  const cpuBefore = await serverCpu();
  const result = await scenario();
  const cpuAfter = await serverCpu();
  if (profileDir) {
    const file = path.join(profileDir, `${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}.cpuprofile`);
    await serverProfile('stop', file);
    profiles.push([name, file]);
  }
  return [result, cpuAfter - cpuBefore];
}

async function load(name: string, options: autocannon.Options): Promise<Figures> {
  const [result, cpu] = await measured(name, () => autocannon({ duration: DURATION, connections: CONNECTIONS, ...options }));
  return {
    cpuMsPerRequest: cpu / 1000 / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * WRITERS people typing in the wizard: each saves their own draft once per AUTOSAVE_DEBOUNCE_MS from a random
 * phase, on a keep-alive connection of their own, one save at a time with the version the last one answered.
 */
async function writersTyping(ready: Ready): Promise<Figures> {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const save = (agent: http.Agent, body: string, token: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${ready.portalUrl}/api/DraftCompilazione/CreateDraftCompilazione`, {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  const [, cpu] = await measured(`autosave, ${WRITERS} writers typing`, async () => {
    const end = performance.now() + TYPING_DURATION * 1000;
    await Promise.all(
      ready.writers.map(async (writer) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        const json = JSON.stringify({ ...ready.draft, organizationId: writer.orgId });
        let { version } = writer;
        let next = performance.now() + Math.random() * AUTOSAVE_DEBOUNCE_MS;
        for (;;) {
          await sleep(next - performance.now());
          if (performance.now() >= end) break;
          const body = JSON.stringify({ compilazioneType: ready.pui, organizationId: writer.orgId, json, version });
          const started = performance.now();
          try {
            const answer = await save(agent, body, writer.token);
            latencies.push(performance.now() - started);
            if (answer.status === 200) version = (JSON.parse(answer.text) as { version: number }).version;
            else non2xx++;
          } catch {
            errors++;
          }
          // The next change is saved a debounce after this one, or as soon as this save ends if it took longer.
          next = Math.max(next + AUTOSAVE_DEBOUNCE_MS, performance.now());
        }
        agent.destroy();
        writer.version = version;
      }),
    );
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(10 * (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0)) / 10;
  return {
    cpuMsPerRequest: cpu / 1000 / Math.max(1, latencies.length),
    rps: latencies.length / TYPING_DURATION,
    p50: at(0.5),
    p99: at(0.99),
    non2xx,
    errors,
  };
}

function startServer(env: NodeJS.ProcessEnv) {
  const execArgv = ['--import', 'tsx'];
  const child = fork(path.join(import.meta.dirname, 'api-cost.server.ts'), {
    env,
    execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)));
  });
  const cpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (message) => resolve((message as { cpuMicroseconds: number }).cpuMicroseconds));
      child.send('cpu');
    });
  const profile = (command: 'start' | 'stop', file?: string) =>
    new Promise<void>((resolve) => {
      child.once('message', () => resolve());
      child.send({ profile: command, file });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.send('stop');
    });
  return { ready, stop, cpu, profile };
}

/**
 * The heaviest frames of a V8 CPU profile by self time, as `name (file:line)` and a share of the busy samples
 * (idle left out), then the same samples by package (node_modules/<package>, node:, the portal's own files).
 */
function topFrames(file: string, count = 12): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let busy = 0;
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const id of profile.samples) {
    const frame = byId.get(id)!;
    if (frame.functionName === '(idle)') continue;
    busy++;
    const url = frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(server|tests|domain|machines)\//, '$1/');
    add(self, `${frame.functionName || '(anonymous)'} ${url ? `${url}:${frame.lineNumber + 1}` : ''}`.trim());
    const pkg = !url
      ? frame.functionName.startsWith('(')
        ? frame.functionName
        : 'native (syscalls, C++)'
      : url.startsWith('node:')
        ? 'node: internals'
        : url.startsWith('@')
          ? url.split('/').slice(0, 2).join('/')
          : url.split('/')[0]!.replace(/\.[jt]s$/, '');
    add(byPackage, pkg);
  }
  const share = (samples: number) => `${((100 * samples) / Math.max(1, busy)).toFixed(1).padStart(5)} %`;
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  return [
    ...top(self, count).map(([key, samples]) => `    ${share(samples)}  ${key}`),
    `    by package: ${top(byPackage, 10)
      .map(([key, samples]) => `${key} ${share(samples).trim()}`)
      .join(', ')}`,
  ];
}

/**
 * A route's throughput as a share of the floor's on the same CPU: floor CPU per request over the route's. On a
 * machine of its own this is the req/s ratio; on a shared one it does not move with what else runs.
 */
const share = (f: Figures, floor: Figures) => (100 * floor.cpuMsPerRequest) / f.cpuMsPerRequest;

const row = (name: string, f: Figures, floor?: Figures) =>
  `  ${name.padEnd(40)} ${f.cpuMsPerRequest.toFixed(2).padStart(6)} ms CPU/req ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms` +
  (floor ? `   ${share(f, floor).toFixed(0).padStart(4)} % of floor (${((100 * f.rps) / floor.rps).toFixed(0)} % by req/s)` : '') +
  (f.non2xx + f.errors > 0 ? `   (${f.non2xx} non-2xx, ${f.errors} errors)` : '');

async function run(databaseUrl: string | undefined) {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_WRITERS: String(WRITERS) };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  profileDir = PROFILE_DIR ? path.resolve(PROFILE_DIR, databaseUrl ? 'postgres' : 'pglite') : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  profiles.length = 0;
  if (PROFILE_DIR) env.BENCH_CPU_PROF = '1';
  const server = startServer(env);
  const ready = await server.ready;
  serverCpu = server.cpu;
  serverProfile = server.profile;
  const [first] = ready.writers;
  const auth = { authorization: `Bearer ${first!.token}` };
  try {
    const hello = await load('hello', { url: `${ready.referenceUrl}/hello` });
    const floor = await load('floor', { url: `${ready.referenceUrl}/floor`, headers: auth });
    const reads: [string, string, Record<string, string>][] = [
      ['GET /api/User', '/api/User', auth],
      ['GET /api/Call/GetCallList', '/api/Call/GetCallList', auth],
      ['GET /api/Organization/GetOrganization', '/api/Organization/GetOrganization', { ...auth, SelectedOrganizationId: first!.orgId }],
      ['GET /api/DraftCompilazione/GetPuiDraft', `/api/DraftCompilazione/GetPuiDraft?orgId=${first!.orgId}`, auth],
    ];
    const readFigures: [string, Figures][] = [];
    for (const [name, url, headers] of reads) readFigures.push([name, await load(name, { url: `${ready.portalUrl}${url}`, headers })]);

    // 100 people autosaving, each their own draft with their own token. Typing, a person saves at most once per
    // AUTOSAVE_DEBOUNCE_MS (machines/draft-sync): that is the load the p99 target is about (writersTyping). Then
    // the ceiling: the same 100, one connection each, with no pause (autocannon).
    const typingRate = Math.round((WRITERS * 1000) / AUTOSAVE_DEBOUNCE_MS);
    const autosave = await writersTyping(ready);
    let nextWriter = 0;
    const autosaveCeiling = await load(`autosave, ${WRITERS} writers, no pause`, {
      url: ready.portalUrl,
      connections: WRITERS,
      requests: [
        {
          method: 'POST',
          path: '/api/DraftCompilazione/CreateDraftCompilazione',
          setupRequest: (request, context) => {
            const ctx = context as { writer?: number };
            ctx.writer ??= nextWriter++ % ready.writers.length;
            const writer = ready.writers[ctx.writer]!;
            return {
              ...request,
              headers: { ...request.headers, authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                compilazioneType: ready.pui,
                organizationId: writer.orgId,
                json: JSON.stringify({ ...ready.draft, organizationId: writer.orgId }),
              }),
            };
          },
        },
      ],
    });

    const lines = [
      '',
      `API cost on ${ready.database} (load generators in a separate process: autocannon, ${CONNECTIONS} connections, ${DURATION} s per route; typing writers ${TYPING_DURATION} s)`,
    ];
    lines.push(row('bare hello world (reference)', hello));
    lines.push(row('floor: jose verify + 1 indexed SELECT', floor, floor));
    for (const [name, figures] of readFigures) lines.push(row(name, figures, floor));
    lines.push(row(`autosave, ${WRITERS} writers typing (≈${typingRate}/s)`, autosave));
    lines.push(row(`autosave, ${WRITERS} writers, no pause`, autosaveCeiling, floor));
    const weakest = Math.min(...readFigures.map(([, f]) => share(f, floor) / 100));
    lines.push(
      `  target: every read ≥ ${READ_TARGET * 100} % of the floor           ${weakest >= READ_TARGET ? 'met' : 'NOT MET'} (weakest ${(weakest * 100).toFixed(0)} %)`,
    );
    lines.push(
      `  target: autosave p99 < ${AUTOSAVE_P99_TARGET_MS} ms, ${WRITERS} writers typing  ${autosave.p99 < AUTOSAVE_P99_TARGET_MS ? 'met' : 'NOT MET'} (p99 ${autosave.p99} ms)`,
    );
    console.log(lines.join('\n'));
  } finally {
    await server.stop();
  }
  for (const [name, file] of profiles)
    console.log([`  CPU profile of ${name} (${file}): heaviest frames by self time, share of busy samples`, ...topFrames(file)].join('\n'));
}

// BENCH_ONLY=postgres skips the PGlite run (while profiling one change on PostgreSQL).
if (process.env.BENCH_ONLY !== 'postgres') await run(undefined);
if (process.env.DATABASE_URL) await run(process.env.DATABASE_URL);
console.log('');
