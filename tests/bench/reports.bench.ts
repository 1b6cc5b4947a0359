/**
 * The admin reports at 5,000 organisations: `npm run bench` prints each report's server time,
 * GET /api/Report/GetReport through inject as the report page calls it, for both funds and for one fund with
 * a date range, and "Scarica Excel". Target: each report under 200 ms (p95) on PGlite.
 * - computed: an application changed just before (a status change, an autosave), so the server computes the
 *   report again with its SQL aggregates;
 * - unchanged: nothing changed since the last request, so the server answers from its copy after asking the
 *   database whether anything changed (server/reports/reportCache.ts).
 * DATABASE_URL=postgres://… runs it on PostgreSQL instead.
 *
 * Data: tests/support/bulkApplications.ts (applications of both funds in every status) plus each application's
 * status history and submitted figures (tests/support/bulkReportData.ts).
 */
import { REPORT_IDS } from '../../domain/reports/reportIds.ts';
import { sql } from 'drizzle-orm';
import { applications } from '../../server/db/schema/applications.ts';
import { createTestApp } from '../support/testApp.ts';
import { insertBulkOrganizations } from '../support/bulkApplications.ts';
import { addReportData } from '../support/bulkReportData.ts';

const ORGANIZATIONS = 5_000;
const TARGET_MS = 200;
const SAMPLES = 20;
const COMPUTED_SAMPLES = 5;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;

const t = await createTestApp();
const seedStarted = performance.now();
await insertBulkOrganizations(t.db, ORGANIZATIONS);
const { historyRows } = await addReportData(t.db);
const seedMs = performance.now() - seedStarted;
const { token } = await t.loginAsAdmin();

const [touched] = await t.db.select({ id: applications.id }).from(applications).limit(1);
/** One application written, as by an autosave: every report must be computed again. */
const change = () => t.db.execute(sql`update ${applications} set updated_at = now() where id = ${touched!.id}`);

async function measure(url: string, changed: boolean): Promise<number[]> {
  for (let i = 0; i < 2; i++) await t.get(url, token);
  const samples: number[] = [];
  for (let i = 0; i < (changed ? COMPUTED_SAMPLES : SAMPLES); i++) {
    if (changed) await change();
    const started = performance.now();
    const response = await t.get(url, token);
    samples.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
  return samples;
}

console.log(
  `Reports at ${ORGANIZATIONS.toLocaleString('en')} organisations (${historyRows.toLocaleString('en')} status changes; seeded in ${(seedMs / 1000).toFixed(1)} s)`,
);
console.log(`${'report'.padEnd(58)} p50        p95        max        (target p95 < ${TARGET_MS} ms)`);
const worst = { computed: 0, unchanged: 0 };
const scopes = [
  ['both funds', ''],
  ['PUI, 2026-03-01..2026-06-30', '&fund=PUI&from=2026-03-01&to=2026-06-30'],
] as const;
for (const reportId of REPORT_IDS) {
  for (const [label, filters] of scopes) {
    for (const kind of ['computed', 'unchanged'] as const) {
      const samples = await measure(`/api/Report/GetReport?workspaceId=fondi-tematici&reportId=${reportId}${filters}`, kind === 'computed');
      const p95 = percentile(samples, 95);
      worst[kind] = Math.max(worst[kind], p95);
      console.log(
        `${`${reportId} (${label}) ${kind}`.padEnd(58)} ${ms(percentile(samples, 50))}  ${ms(p95)}  ${ms(Math.max(...samples))}  ${p95 < TARGET_MS ? 'ok' : 'OVER TARGET'}`,
      );
    }
  }
}
const excel = await measure('/api/Report/DownloadExcelReport?workspaceId=fondi-tematici&reportId=flusso-istruttoria', false);
console.log(
  `${'Scarica Excel: flusso-istruttoria unchanged'.padEnd(58)} ${ms(percentile(excel, 50))}  ${ms(percentile(excel, 95))}  ${ms(Math.max(...excel))}`,
);
for (const kind of ['computed', 'unchanged'] as const) {
  console.log(
    `Slowest report p95, ${kind}: ${worst[kind].toFixed(1)} ms (${worst[kind] < TARGET_MS ? 'within' : 'over'} the ${TARGET_MS} ms target)`,
  );
}
await t.close();
