import { and, eq } from 'drizzle-orm';
import type { ExportKind } from '../../domain/applicationTimeline.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/applications.ts';
import { exportDownloads } from '../db/schema/exportDownloads.ts';
import type { UserRow } from '../auth/users.ts';
import { personName } from './personName.ts';

/**
 * The log of the administrators' exports (issue 44): each download of the list's Excel, an application's Excel or
 * its zip is one row, with the applications it included, so each application's timeline says who took its data
 * out and when. Written as the download starts (a download cancelled half-way still took something out).
 */
export function createExportLog(db: Db) {
  async function record(input: { kind: ExportKind; fund: string; applicationIds: string[]; user: UserRow }): Promise<void> {
    if (input.applicationIds.length === 0) return;
    await db.insert(exportDownloads).values({
      kind: input.kind,
      fund: input.fund,
      applicationIds: input.applicationIds,
      downloadedBy: input.user.id,
      downloadedByName: personName(input.user) ?? '',
    });
  }

  return {
    record,
    /** The export of one organisation's application to `fund`: nothing is logged when there is none. */
    async recordOf(input: { kind: ExportKind; fund: string; organizationId: string; user: UserRow }): Promise<void> {
      const found = await db
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.organizationId, input.organizationId), eq(applications.fund, input.fund)));
      await record({ ...input, applicationIds: found.map((row) => row.id) });
    },
  };
}

export type ExportLog = ReturnType<typeof createExportLog>;
