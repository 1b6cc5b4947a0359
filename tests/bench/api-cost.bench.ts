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
 * Runs on PGlite, then on PostgreSQL when DATABASE_URL is set. BENCH_CPU_PROF=<dir> runs the server with
 * --cpu-prof and prints the profile's heaviest frames (self time). BENCH_DURATION=<seconds> per route.
 */
import { fork } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { AUTOSAVE_DEBOUNCE_MS } from '../../machines/draft-sync/timing.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 6);
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
  writers: { token: string; orgId: string }[];
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

async function load(options: autocannon.Options): Promise<Figures> {
  const cpuBefore = await serverCpu();
  const result = await autocannon({ duration: DURATION, connections: CONNECTIONS, ...options });
  const cpuAfter = await serverCpu();
  return {
    cpuMsPerRequest: (cpuAfter - cpuBefore) / 1000 / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function startServer(env: NodeJS.ProcessEnv, profileDir?: string) {
  const execArgv = ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])];
  const child = fork(path.join(import.meta.dirname, 'api-cost.server.ts'), { env, execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it was ready`)));
  });
  const cpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (message) => resolve((message as { cpuMicroseconds: number }).cpuMicroseconds));
      child.send('cpu');
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.send('stop');
    });
  return { ready, stop, cpu };
}

/** The heaviest frames of a V8 CPU profile by self time, as `name (file:line)` and a share of all samples. */
function topFrames(file: string, count = 15): string[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  for (const id of profile.samples) {
    const frame = byId.get(id)!;
    const where = frame.url ? `${frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(server|tests)\//, '$1/')}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, samples]) => `    ${((100 * samples) / profile.samples.length).toFixed(1).padStart(5)} %  ${key}`);
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
  const profileDir = PROFILE_DIR ? path.resolve(PROFILE_DIR, databaseUrl ? 'postgres' : 'pglite') : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const server = startServer(env, profileDir);
  const ready = await server.ready;
  serverCpu = server.cpu;
  const [first] = ready.writers;
  const auth = { authorization: `Bearer ${first!.token}` };
  try {
    const hello = await load({ url: `${ready.referenceUrl}/hello` });
    const floor = await load({ url: `${ready.referenceUrl}/floor`, headers: auth });
    const reads: [string, string, Record<string, string>][] = [
      ['GET /api/User', '/api/User', auth],
      ['GET /api/Call/GetCallList', '/api/Call/GetCallList', auth],
      ['GET /api/Organization/GetOrganization', '/api/Organization/GetOrganization', { ...auth, SelectedOrganizationId: first!.orgId }],
      ['GET /api/DraftCompilazione/GetPuiDraft', `/api/DraftCompilazione/GetPuiDraft?orgId=${first!.orgId}`, auth],
    ];
    const readFigures: [string, Figures][] = [];
    for (const [name, url, headers] of reads) readFigures.push([name, await load({ url: `${ready.portalUrl}${url}`, headers })]);

    // 100 people autosaving at once, each their own draft: one connection per writer, its own token and body.
    // Typing, a person saves at most once per AUTOSAVE_DEBOUNCE_MS (machines/draft-sync): that is the load the
    // p99 target is about; then the same 100 connections without any pause, for the ceiling.
    const autosaveLoad = (overallRate?: number) => {
      let nextWriter = 0;
      return load({
        url: ready.portalUrl,
        connections: WRITERS,
        ...(overallRate ? { overallRate } : {}),
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
                body: JSON.stringify({ compilazioneType: ready.pui, organizationId: writer.orgId, json: JSON.stringify({ ...ready.draft, organizationId: writer.orgId }) }),
              };
            },
          },
        ],
      });
    };
    const typingRate = Math.round((WRITERS * 1000) / AUTOSAVE_DEBOUNCE_MS);
    const autosave = await autosaveLoad(typingRate);
    const autosaveCeiling = await autosaveLoad();

    const lines = ['', `API cost on ${ready.database} (autocannon in a separate process, ${CONNECTIONS} connections, ${DURATION} s per route)`];
    lines.push(row('bare hello world (reference)', hello));
    lines.push(row('floor: jose verify + 1 indexed SELECT', floor, floor));
    for (const [name, figures] of readFigures) lines.push(row(name, figures, floor));
    lines.push(row(`autosave, ${WRITERS} writers typing (${typingRate}/s)`, autosave));
    lines.push(row(`autosave, ${WRITERS} writers, no pause`, autosaveCeiling, floor));
    const weakest = Math.min(...readFigures.map(([, f]) => share(f, floor) / 100));
    lines.push(`  target: every read ≥ ${READ_TARGET * 100} % of the floor           ${weakest >= READ_TARGET ? 'met' : 'NOT MET'} (weakest ${(weakest * 100).toFixed(0)} %)`);
    lines.push(`  target: autosave p99 < ${AUTOSAVE_P99_TARGET_MS} ms, ${WRITERS} writers typing  ${autosave.p99 < AUTOSAVE_P99_TARGET_MS ? 'met' : 'NOT MET'} (p99 ${autosave.p99} ms)`);
    console.log(lines.join('\n'));
  } finally {
    await server.stop();
  }
  if (profileDir) {
    // The main thread's profile is the largest (tsx's loader thread writes one too).
    const [main] = readdirSync(profileDir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(profileDir, f))
      .sort((a, b) => statSync(b).size - statSync(a).size);
    if (main) console.log([`  CPU profile ${main}: heaviest frames by self time`, ...topFrames(main)].join('\n'));
  }
}

await run(undefined);
if (process.env.DATABASE_URL) await run(process.env.DATABASE_URL);
console.log('');
