/**
 * The CPU one hand-over costs the portal (issue 45): `node --import tsx tests/bench/hand-over-cpu.bench.ts`, on
 * PostgreSQL when DATABASE_URL is set (PGlite otherwise). The real server in this process, its HTTP port used only to
 * prepare BENCH_HANDOVER_N applicants (40) with complete PUI or TUR applications and their attachments; then every
 * hand-over through `app.inject`, four at a time, as the click day's queue lets them run. Printed: the process's CPU
 * milliseconds per hand-over (every thread: the PDF writer too) and, with BENCH_CPU_PROF=<dir>, a V8 CPU profile of
 * the hand-overs written there and the frames that spent the most, self and inclusive.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import type { Fund } from '../../domain/applicationStatus.ts';
import { prepareCompleteApplicationOverHttp } from '../support/completeApplicationOverHttp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { createTestApp } from '../support/testApp.ts';
import pg from 'pg';

const N = Number(process.env.BENCH_HANDOVER_N ?? 40);
const AT_ONCE = 4;
const PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const FUNDS: readonly Fund[] = ['PUI', 'TUR'];

const t = await createTestApp({ env: { LOG_LEVEL: 'warn' } });
try {
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const applicants: { token: string; path: string; body: Record<string, unknown> }[] = [];
  for (let index = 0; index < N; index++) {
    const person = await personWithOrganization(t, { name: `Comune del Profilo ${index}` });
    const fund = FUNDS[index % FUNDS.length]!;
    const handOver = await prepareCompleteApplicationOverHttp(url, person.token, person.orgId, fund);
    applicants.push({ token: person.token, ...handOver });
  }
  // What the preparation left behind (welcome e-mails, uploads' checks) settles before the measure.
  await new Promise((resolve) => setTimeout(resolve, 3000));

  const profiler = PROFILE_DIR ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 500 });
    await profiler.post('Profiler.start');
  }
  // BENCH_QUERIES: every statement the hand-overs send, counted by its text.
  const statements = new Map<string, number>();
  const originalQuery = pg.Client.prototype.query;
  if (process.env.BENCH_QUERIES) {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string; name?: string };
      const text = typeof first === 'string' ? first : (first?.text ?? first?.name ?? '?');
      statements.set(text, (statements.get(text) ?? 0) + 1);
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  }
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  const statuses: number[] = [];
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let index = next++; index < applicants.length; index = next++) {
        const applicant = applicants[index]!;
        const answer = await t.post(applicant.path, applicant.body, applicant.token);
        statuses.push(answer.statusCode);
      }
    }),
  );
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.info(
    `hand-over CPU: ${N} hand-overs (${statuses.filter((s) => s === 200).length} × 200) in ${wallMs.toFixed(0)} ms, ` +
      `${cpuMs.toFixed(0)} ms of CPU: ${(cpuMs / N).toFixed(1)} ms a hand-over (user ${(cpu.user / 1000 / N).toFixed(1)}, system ${(cpu.system / 1000 / N).toFixed(1)})`,
  );
  pg.Client.prototype.query = originalQuery;
  if (statements.size > 0) {
    const count = [...statements.values()].reduce((a, b) => a + b, 0);
    console.info(`statements: ${(count / N).toFixed(1)} a hand-over`);
    for (const [text, times] of [...statements].sort((a, b) => b[1] - a[1]))
      console.info(`  ${(times / N).toFixed(2)}  ${text.replace(/\s+/g, ' ').slice(0, 220)}`);
  }
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    const file = path.join(PROFILE_DIR!, `hand-over-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.info(`profile: ${file}\n${topFrames(profile as Profile).join('\n')}`);
  }
  // The e-mails the hand-overs queued, measured apart: they are not the hand-over's own CPU.
  const mailCpuBefore = process.cpuUsage();
  await t.notifications.runOnce();
  const mailCpu = process.cpuUsage(mailCpuBefore);
  console.info(`then the pending e-mails: ${((mailCpu.user + mailCpu.system) / 1000).toFixed(0)} ms of CPU`);
} finally {
  await t.close();
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** The frames that spent the most of the profile's non-idle time, self and inclusive (each frame once per sample). */
function topFrames(profile: Profile, count = 40): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(server|domain|machines|tests)\//, '$1/');
    return `${functionName || '(anonymous)'}${where ? ` ${where}:${lineNumber + 1}` : ''}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    if (byId.get(id)!.callFrame.functionName === '(idle)') return;
    total += ms;
    self.set(name(id), (self.get(name(id)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(name(at));
    for (const frame of seen) inclusive.set(frame, (inclusive.get(frame) ?? 0) + ms);
  });
  const top = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([frame, ms]) => `  ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${(ms / N).toFixed(2).padStart(6)} ms/hand-over  ${frame}`,
      );
  return [`main thread, not idle: ${(total / N).toFixed(1)} ms a hand-over`, 'self:', ...top(self), 'inclusive:', ...top(inclusive)];
}
