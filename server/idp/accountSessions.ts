import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oidcPayloads } from '../db/schema/identity.ts';

/** The session a password change keeps: the one the person changed it from (its grant and its provider session). */
export interface KeptSession {
  grantId: string;
  sessionUid: string;
}

const ofAccount = (accountId: string) => sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`;

/**
 * The provider session and grant a refresh token of this account belongs to: what a password change from the
 * portal keeps. Undefined for a token that is not this account's (or no longer known). A rotated token still
 * names its grant: another tab may have renewed a moment ago.
 */
export async function sessionOfRefreshToken(db: Db, accountId: string, refreshToken: string): Promise<KeptSession | undefined> {
  const [row] = await db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'RefreshToken'), eq(oidcPayloads.id, refreshToken), ofAccount(accountId)))
    .limit(1);
  const payload = row?.payload as { grantId?: unknown; sessionUid?: unknown } | undefined;
  if (typeof payload?.grantId !== 'string' || typeof payload.sessionUid !== 'string') return undefined;
  return { grantId: payload.grantId, sessionUid: payload.sessionUid };
}

/**
 * Ends the account's provider sessions and grants, and with each grant everything issued under it (refresh
 * tokens, codes): after a password reset or change, a refresh anywhere else is refused and the provider asks
 * for the password again. `keep` spares the session the change was made from. Returns the refresh tokens
 * ended (opaque tokens are their own ids), so the portal's reuse window forgets their renewals too.
 * Access tokens are signed JWTs nobody stores: they stay valid until they expire (15 minutes at most).
 */
export async function endAccountSessions(db: Db, accountId: string, keep?: KeptSession): Promise<string[]> {
  const grants = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Grant'), ofAccount(accountId), keep ? ne(oidcPayloads.id, keep.grantId) : undefined));
  const grantIds = grants.map((grant) => grant.id);
  const ofEndedGrants = grantIds.length > 0 ? inArray(oidcPayloads.grantId, grantIds) : sql`false`;
  // Everything of the account but what the kept session holds: its provider session and its grant's rows
  // (coalesce: a row without a grant id compares as null, and is not kept for that).
  const kept = keep
    ? or(
        and(eq(oidcPayloads.model, 'Session'), eq(oidcPayloads.uid, keep.sessionUid)),
        and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, keep.grantId)),
        eq(oidcPayloads.grantId, keep.grantId),
      )
    : sql`false`;
  const ended = await db
    .delete(oidcPayloads)
    .where(or(ofEndedGrants, and(ofAccount(accountId), ne(oidcPayloads.model, 'Interaction'), sql`not coalesce(${kept}, false)`)))
    .returning({ model: oidcPayloads.model, id: oidcPayloads.id });
  return ended.filter((row) => row.model === 'RefreshToken').map((row) => row.id);
}
