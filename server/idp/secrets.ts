import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema/identity.ts';

/**
 * Reads a secret generated on first start, or generates and stores it. Concurrent first starts
 * (several processes on one PostgreSQL) agree on the first row written.
 */
async function loadOrCreate<T>(db: Db, name: string, create: () => Promise<T> | T): Promise<T> {
  const [existing] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (existing) return existing.value as T;
  await db
    .insert(serverSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const [stored] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return stored!.value as T;
}

const randomSecret = () => randomBytes(32).toString('base64url');

async function createSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
}

export interface EmbeddedIdpSecrets {
  signingKeys: JWK[];
  cookieKeys: string[];
  clientSecret: string;
}

export async function loadEmbeddedIdpSecrets(db: Db): Promise<EmbeddedIdpSecrets> {
  return {
    signingKeys: [await loadOrCreate(db, 'idp.signing-key', createSigningKey)],
    cookieKeys: [await loadOrCreate(db, 'idp.cookie-key', randomSecret)],
    clientSecret: await loadOrCreate(db, 'idp.client-secret', randomSecret),
  };
}

/** Signs the portal's own short-lived cookies (the login transaction). */
export function loadCookieSecret(db: Db): Promise<string> {
  return loadOrCreate(db, 'api.cookie-secret', randomSecret);
}

/** The public half of a private JWK, for verifying tokens the embedded provider signed. */
export function publicJwk(jwk: JWK): JWK {
  const { kty, n, e, crv, x, y, kid, alg, use } = jwk;
  return Object.fromEntries(Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined));
}
