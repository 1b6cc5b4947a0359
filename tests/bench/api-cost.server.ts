/**
 * The server half of tests/bench/api-cost.bench.ts, in a process of its own so the load generator does not
 * share its CPU: the real portal (logging at info, as `npm start` does, to stdout) on a fresh database
 * (PGlite in its own process as `npm start` runs it, or PostgreSQL with DATABASE_URL), plus the two reference routes on a bare Fastify instance in the
 * same process. Tells the parent, over IPC, where to send what.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { openDatabase } from '../../server/db/client.ts';
import { users } from '../../server/db/schema/users.ts';
import { loadEmbeddedIdpSecrets, publicJwk } from '../../server/idp/secrets.ts';
import { createTestApp } from '../support/testApp.ts';
import { organizationPayload } from '../support/organizationFixtures.ts';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { saveDraft } from '../support/applicationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';

const WRITERS = Number(process.env.BENCH_WRITERS ?? 100);

// PGlite as `npm start` runs it: on a data directory, in a process of its own (server/db/embeddedDatabase.ts),
// reached through node-postgres; or a throwaway PostgreSQL database with DATABASE_URL.
const embeddedDir = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'pf-api-cost-'));
const t = await createTestApp({
  logger: { level: 'info' },
  ...(embeddedDir ? { database: await openDatabase({ kind: 'pglite', dir: path.join(embeddedDir, 'db') }) } : {}),
});

/** One person with one organisation and a PUI draft; the reads use the first. */
async function writer() {
  const person = await t.register();
  const created = await t.post('/api/Organization/CreateOrganization', organizationPayload(), person.token);
  if (created.statusCode !== 201) throw new Error(`organisation not created: ${created.statusCode} ${created.body}`);
  const orgId = (created.json() as { orgId: string }).orgId;
  const saved = await saveDraft(t, person.token, orgId, 'PUI', completePuiApplication(orgId));
  if (saved.statusCode !== 200) throw new Error(`draft not saved: ${saved.statusCode} ${saved.body}`);
  return { token: person.token, orgId, version: (saved.json() as { version: number }).version };
}
const writers = [];
for (let i = 0; i < WRITERS; i++) writers.push(await writer());

// The floor of this stack: the same JWT verified with jose against the same keys, one indexed SELECT.
const secrets = await loadEmbeddedIdpSecrets(t.db);
const keys = createLocalJWKSet({ keys: secrets.signingKeys.map(publicJwk) });
const reference = Fastify();
reference.get('/hello', async () => ({ hello: 'world' }));
reference.get('/floor', async (request, reply) => {
  const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
  let subject: string;
  try {
    const { payload } = await jwtVerify(token, keys, { issuer: t.config.oidc.issuer, audience: t.config.oidc.audience });
    subject = payload.sub!;
  } catch {
    return reply.code(401).send({ error: 'unauthorized' });
  }
  const [row] = await t.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.issuer, t.config.oidc.issuer), eq(users.subject, subject)));
  return row ?? reply.code(404).send({ error: 'not_found' });
});

const portalUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
const referenceUrl = await reference.listen({ port: 0, host: '127.0.0.1' });

process.send!({
  portalUrl,
  referenceUrl,
  database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
  pui: COMPILAZIONE_TYPE.PUI,
  writers,
  draft: completePuiApplication(writers[0]!.orgId),
});

// BENCH_CPU_PROF: one V8 CPU profile per scenario (the same profiler as --cpu-prof, started and stopped
// around each route's load, so a route's top frames are its own and not the setup's or another route's).
const profiler = process.env.BENCH_CPU_PROF ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 1000 }); // µs, as --cpu-prof
}

// The parent says when to stop: close both (and drop a PostgreSQL database) so a CPU profile gets written.
process.on('message', (message) => {
  if (profiler && typeof message === 'object' && message !== null && 'profile' in message) {
    const { profile, file } = message as { profile: 'start' | 'stop'; file?: string };
    void (async () => {
      if (profile === 'start') await profiler.post('Profiler.start');
      else writeFileSync(file!, JSON.stringify((await profiler.post('Profiler.stop')).profile));
      process.send!({ profiled: profile });
    })();
    return;
  }
  // CPU time used so far: the parent divides the difference over a run by its requests (robust on a busy machine).
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send!({ cpuMicroseconds: user + system });
    return;
  }
  if (message !== 'stop') return;
  void (async () => {
    await reference.close();
    await t.close();
    if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
    process.exit(0);
  })();
});
