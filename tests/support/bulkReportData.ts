import { sql } from 'drizzle-orm';
import { eventsLeadingTo } from '../../machines/application-lifecycle/transitions.ts';
import type { Db } from '../../server/db/client.ts';
import { applications, applicationStatusHistory } from '../../server/db/schema/applications.ts';

const HOUR = 60 * 60 * 1000;

/**
 * What the reports read beyond tests/support/bulkApplications.ts: each application's status history (the
 * lifecycle's shortest path to its status, a few days per step, ending at its last change) and the figures of
 * its submitted body (amount asked of the fund, co-financing, region, metropolitan city). For benchmarks only.
 */
export async function addReportData(db: Db): Promise<{ historyRows: number }> {
  const rows = await db.select({ id: applications.id, status: applications.status, at: applications.statusChangedAt }).from(applications);
  const history: (typeof applicationStatusHistory.$inferInsert)[] = [];
  rows.forEach((row, index) => {
    const steps = eventsLeadingTo(row.status);
    steps.forEach((step, i) => {
      const hoursBefore = (steps.length - 1 - i) * (24 + ((index * 7 + i * 13) % 96));
      history.push({
        applicationId: row.id,
        fromStatus: step.from,
        toStatus: step.to,
        event: step.event,
        actorRole: step.role,
        createdAt: new Date(row.at.getTime() - hoursBefore * HOUR),
      });
    });
  });
  for (let i = 0; i < history.length; i += 2000) await db.insert(applicationStatusHistory).values(history.slice(i, i + 2000));

  await db.execute(sql`select setseed(0.2026)`);
  await db.execute(sql`
    update ${applications} set body = ${applications.body} || jsonb_build_object(
      'costiTotale', t.total,
      'costiIintervento', round(t.total * t.share),
      'entitaInterventoFondo', round(t.total * t.share),
      'costiDdebito', round(t.total * (1 - t.share) / 2), 'costiEquity', 0, 'costiPubblico', round(t.total * (1 - t.share) / 2),
      'cofinanziamentoDebito', round(t.total * (1 - t.share) / 2), 'cofinanziamentoEquity', 0, 'cofinanziamentoPubblico', round(t.total * (1 - t.share) / 2),
      'progRegione', (1 + floor(random() * 20))::int::text,
      'progCittaMetropolitana', (array[201, 210, 215, 227, 237, 248, 258, 263, 272, 280, 282])[1 + floor(random() * 11)::int])
    from (select id, round((500000 + random() * 3e7)::numeric, 2) as total, 0.2 + random() * 0.5 as share from ${applications}) t
    where t.id = ${applications.id} and ${applications.body} is not null`);
  return { historyRows: history.length };
}
