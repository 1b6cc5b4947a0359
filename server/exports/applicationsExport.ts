import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { organizations } from '../db/schema/organizations.ts';
import type { Fund } from '../../domain/applicationStatus.ts';
import type { ExportRow } from './applicationsWorkbook.ts';

const BATCH = 200;
const collator = new Intl.Collator('it', { sensitivity: 'base' });

/**
 * What an export of `ids` (applications of `fund`; ids of the other fund or unknown are left out) needs:
 * the data fields present in any of them, and the rows in organisation-name order, fetched in batches.
 */
export async function prepareApplicationsExport(db: Db, fund: Fund, ids: string[]) {
  const wanted = and(eq(applications.fund, fund), inArray(applications.id, ids));
  const order = await db
    .select({ id: applications.id, name: organizations.name })
    .from(applications)
    .innerJoin(organizations, eq(organizations.id, applications.organizationId))
    .where(wanted);
  order.sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));

  const keyRows = await db
    .selectDistinct({ key: sql<string>`k` })
    .from(sql`${applications}, jsonb_object_keys(coalesce(${applications.body}, ${applications.draft}, '{}'::jsonb)) as k`)
    .where(wanted);
  const dataKeys = keyRows.map((r) => r.key).sort((a, b) => a.localeCompare(b));

  async function* batches(): AsyncIterable<ExportRow[]> {
    for (let start = 0; start < order.length; start += BATCH) {
      const slice = order.slice(start, start + BATCH).map((r) => r.id);
      const rows = await db
        .select({ application: applications, organization: { name: organizations.name, pIva: organizations.pIva, email: organizations.email } })
        .from(applications)
        .innerJoin(organizations, eq(organizations.id, applications.organizationId))
        .where(inArray(applications.id, slice));
      const byId = new Map(rows.map((r) => [r.application.id, r]));
      yield slice.flatMap((id) => {
        const r = byId.get(id);
        if (!r) return [];
        const a = r.application;
        return [
          {
            organization: r.organization,
            status: a.status,
            submittedAt: a.submittedAt,
            statusChangedAt: a.statusChangedAt,
            warnings: a.warnings,
            data: a.body ?? a.draft,
            source: a.body ? 'Candidatura' : a.draft ? 'Bozza' : null,
          } satisfies ExportRow,
        ];
      });
    }
  }

  return { count: order.length, dataKeys, batches: batches() };
}
