import { sql } from 'drizzle-orm';
import { createTestApp } from './support/testApp.ts';
import { insertBulkOrganizations } from './support/bulkApplications.ts';
import { addReportData } from './support/bulkReportData.ts';
const t = await createTestApp();
await insertBulkOrganizations(t.db, 5000);
await addReportData(t.db);
const { token } = await t.loginAsAdmin();
await t.db.execute(sql`analyze`);
for (const rid of ['monitoraggio', 'flusso-istruttoria', 'importi']) {
  const s = performance.now();
  for (let i = 0; i < 3; i++) await t.get(`/api/Report/GetReport?workspaceId=fondi-tematici&reportId=${rid}`, token);
  console.log(rid, ((performance.now() - s) / 3).toFixed(1));
}
let s = performance.now();
for (let i = 0; i < 5; i++) await t.get(`/api/Report/GetReportList`, token);
console.log('list', ((performance.now() - s) / 5).toFixed(1));
const q = sql.raw(`explain analyze with presented as (select h.application_id, a.fund, min(h.created_at) as presented_at from application_status_history h join applications a on a.id = h.application_id where h.to_status = 'CANDIDATURA_SOTTOMESSA' group by 1,2),
 stays as (select h.application_id, h.to_status, h.created_at as entered_at, lead(h.created_at) over (partition by h.application_id order by h.created_at, h.id) as left_at from application_status_history h join presented p on p.application_id = h.application_id)
 select p.fund, count(*) from stays s join presented p on p.application_id = s.application_id where s.to_status = 'IN_INTEGRAZIONE' group by grouping sets ((p.fund), ())`);
const r = (await t.db.execute(q)) as unknown as { rows: Record<string, string>[] };
console.log(r.rows.map((x) => Object.values(x)[0]).join('\n'));
await t.close();
