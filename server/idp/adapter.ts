import { and, eq, lt } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { oidcPayloads } from '../db/schema/identity.ts';

/**
 * oidc-provider's storage on our database: sessions, interactions, codes, grants and refresh tokens
 * survive restarts and are shared by every process behind a load balancer.
 */
export function createDbAdapterFactory(db: Db) {
  return (model: string): Adapter => {
    const byId = (id: string) => and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id));

    const read = async (condition: ReturnType<typeof and>): Promise<AdapterPayload | undefined> => {
      const [row] = await db.select().from(oidcPayloads).where(condition).limit(1);
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          model,
          id,
          payload: payload as Record<string, unknown>,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        };
        await db
          .insert(oidcPayloads)
          .values(values)
          .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
      },
      find: (id) => read(byId(id)),
      findByUid: (uid) => read(and(eq(oidcPayloads.model, model), eq(oidcPayloads.uid, uid))),
      findByUserCode: (userCode) => read(and(eq(oidcPayloads.model, model), eq(oidcPayloads.userCode, userCode))),
      async consume(id) {
        await db.update(oidcPayloads).set({ consumedAt: new Date() }).where(byId(id));
      },
      async destroy(id) {
        await db.delete(oidcPayloads).where(byId(id));
      },
      async revokeByGrantId(grantId) {
        await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
      },
    };
  };
}

/** Removes expired rows; run periodically, never on a request's path. */
export async function purgeExpiredPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
}
