/**
 * A bulk status change on PostgreSQL (issue 44): `npm run bench` (or alone: `node --import tsx
 * tests/bench/bulk-status.bench.ts`). BENCH_BULK_N applications (2,000 by default) handed over, in organisations of
 * their own; an administrator moves every one of them to In valutazione with one bulk action (each through the
 * lifecycle, with its history row and its e-mail in the outbox), while BENCH_BULK_TYPISTS applicants keep autosaving
 * their drafts of the other fund, one save after another, as people typing do. Printed: the bulk action's time and
 * rate, and the autosaves' p50 / p99 / max meanwhile against the same autosaves with nothing else running.
 *
 * Runs on DATABASE_URL (a throwaway database on that server), postgres://postgres@127.0.0.1:5432/test by default.
 * The machine is shared and noisy: compare the ratio within one run more than absolute figures across runs. Validate
 * at a small size while others work: `BENCH_BULK_N=100 node --import tsx tests/bench/bulk-status.bench.ts`.
 */
import { inArray } from 'drizzle-orm';
import { COMPILAZIONE_TYPE } from '../../domain/applicationStatus.ts';
import { partitaIvaCheckDigit } from '../../domain/organization.ts';
import { applications, applicationStatusHistory } from '../../server/db/schema/applications.ts';
import { statusNotifications } from '../../server/db/schema/notifications.ts';
import { createTestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { saveDraft } from '../support/applicationFixtures.ts';
import { organizations } from '../../server/db/schema/organizations.ts';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const N = Number(process.env.BENCH_BULK_N ?? 2_000);
const TYPISTS = Number(process.env.BENCH_BULK_TYPISTS ?? 8);
const BASELINE_SAVES = 30;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
const figures = (samples: number[]) =>
  `n ${String(samples.length).padStart(5)}   p50 ${ms(percentile(samples, 50))}   p99 ${ms(percentile(samples, 99))}   max ${ms(Math.max(...samples))}`;

const t = await createTestApp();
try {
  // The applications to change: handed over, one organisation each, inserted in bulk (no members: the outbox row is the e-mail).
  const seedStarted = performance.now();
  const orgRows = Array.from({ length: N }, (_, i) => {
    const firstTen = `6${String(i).padStart(6, '0')}058`;
    return { name: `Ente Bench ${i}`, email: `ente${i}@bench.test`, pIva: `${firstTen}${partitaIvaCheckDigit(firstTen)}`, profile: {} };
  });
  const orgIds: string[] = [];
  for (let i = 0; i < N; i += 1000) {
    orgIds.push(
      ...(
        await t.db
          .insert(organizations)
          .values(orgRows.slice(i, i + 1000))
          .returning({ id: organizations.id })
      ).map((r) => r.id),
    );
  }
  const submittedAt = new Date('2026-03-01T09:00:00Z');
  for (let i = 0; i < N; i += 1000) {
    await t.db
      .insert(applications)
      .values(
        orgIds
          .slice(i, i + 1000)
          .map((organizationId) => ({ organizationId, fund: 'TUR', status: 'CANDIDATURA_SOTTOMESSA' as const, submittedAt })),
      );
  }

  // The applicants typing: each with a PUI draft of their own.
  const typists: Awaited<ReturnType<typeof personWithOrganization>>[] = [];
  for (let i = 0; i < TYPISTS; i++) {
    const person = await personWithOrganization(t, { name: `Ente che scrive ${i}` });
    const first = await saveDraft(t, person.token, person.orgId, 'PUI', { progNome: 'Bozza 0' });
    if (first.statusCode !== 200) throw new Error(`draft not saved: ${first.statusCode} ${first.body}`);
    typists.push(person);
  }
  const seedMs = performance.now() - seedStarted;
  const admin = await t.loginAsAdmin();

  /** One applicant saving again and again until `until()` says stop; answers each save's time. */
  async function typing(person: (typeof typists)[number], until: () => boolean, most = Infinity): Promise<number[]> {
    const samples: number[] = [];
    for (let n = 1; !until() && samples.length < most; n++) {
      const started = performance.now();
      const saved = await t.post(
        '/api/DraftCompilazione/CreateDraftCompilazione',
        { compilazioneType: COMPILAZIONE_TYPE.PUI, json: JSON.stringify({ progNome: `Bozza ${n}` }), organizationId: person.orgId },
        person.token,
      );
      samples.push(performance.now() - started);
      if (saved.statusCode !== 200) throw new Error(`autosave ${saved.statusCode}: ${saved.body}`);
    }
    return samples;
  }

  // Baseline: the same autosaves with nothing else running.
  const baseline = (await Promise.all(typists.map((person) => typing(person, () => false, BASELINE_SAVES)))).flat();

  // The bulk action, confirmed through the API; the worker runs in this process, as in a server.
  const started = performance.now();
  const created = await t.post(
    '/api/BulkAction/CreateBulkAction',
    { kind: 'status', targetStatus: 'IN_VALUTAZIONE', note: 'Valutazione avviata', selection: { filters: { q: 'Ente Bench' } } },
    admin.token,
  );
  if (created.statusCode !== 200) throw new Error(`bulk action not created: ${created.statusCode} ${created.body}`);
  const { id, total } = created.json() as { id: string; total: number };
  let finished = false;
  const during = Promise.all(typists.map((person) => typing(person, () => finished)));
  await t.bulkActions.idle();
  const bulkMs = performance.now() - started;
  finished = true;
  const meanwhile = (await during).flat();

  const action = (await t.get(`/api/BulkAction/GetBulkAction?id=${id}`, admin.token)).json() as {
    done: number;
    failed: number;
    finishedAt: string | null;
  };
  const changed = await t.db
    .select({ id: applications.id })
    .from(applications)
    .where(inArray(applications.status, ['IN_VALUTAZIONE']));
  const history = await t.db.$count(applicationStatusHistory);
  const mails = await t.db.$count(statusNotifications);
  if (total !== N || action.done !== N || action.failed !== 0 || !action.finishedAt || changed.length !== N || history < N || mails < N) {
    throw new Error(`bulk action incomplete: ${JSON.stringify({ total, ...action, changed: changed.length, history, mails })}`);
  }

  console.info(
    `\nBulk status change on PostgreSQL — ${N} applications, ${TYPISTS} applicants autosaving meanwhile (seeded in ${(seedMs / 1000).toFixed(1)} s)`,
  );
  console.info(
    `  bulk action: ${(bulkMs / 1000).toFixed(2)} s for ${N} changes (${(N / (bulkMs / 1000)).toFixed(0)} applications/s), each with its history row and e-mail`,
  );
  console.info(`  autosaves alone:     ${figures(baseline)}`);
  console.info(`  autosaves meanwhile: ${figures(meanwhile)}`);
} finally {
  await t.close();
}
