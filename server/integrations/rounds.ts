import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { integrationRounds } from '../db/schema/integrations.ts';

/** The round of `applicationId` still waiting for the applicant's documents, if any. */
export async function openRoundOf(tx: Db, applicationId: string) {
  const [round] = await tx
    .select()
    .from(integrationRounds)
    .where(and(eq(integrationRounds.applicationId, applicationId), isNull(integrationRounds.completedAt)));
  return round;
}
