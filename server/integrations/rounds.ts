import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { integrationRounds } from '../db/schema/integrations.ts';

/** The latest round of `applicationId` (the highest number), open or closed. */
export async function latestRoundOf(tx: Db, applicationId: string) {
  const [latest] = await tx
    .select()
    .from(integrationRounds)
    .where(eq(integrationRounds.applicationId, applicationId))
    .orderBy(desc(integrationRounds.number))
    .limit(1);
  return latest;
}

/**
 * The round of `applicationId` still waiting for the applicant's documents, if any: only ever the latest one.
 * An earlier round never answers for a later request, even one some path left open.
 */
export async function openRoundOf(tx: Db, applicationId: string) {
  const latest = await latestRoundOf(tx, applicationId);
  return latest && latest.closedAt === null ? latest : undefined;
}
