import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { tokenSetSchema, type TokenSet } from '../../domain/auth.ts';
import type { Db } from '../db/client.ts';
import { refreshTokenRenewals as renewals } from '../db/schema/identity.ts';

/** How long a renewal may take at the provider before a request with the same token stops waiting and tries itself. */
const CLAIM_SECONDS = 30;
const WAIT_STEP_MS = 50;
const KEY_INFO = 'portale-fondi refresh renewal v1';

/** Rows are found by this, which reveals nothing of the token (refresh tokens are long random strings). */
function tokenHash(refreshToken: string): string {
  return createHash('sha256').update('portale-fondi refresh renewal id\0').update(refreshToken).digest('base64url');
}

function keyFor(refreshToken: string, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', refreshToken, salt, KEY_INFO, 32));
}

/** AES-256-GCM under a key only the holder of the old refresh token can derive; the row's hash is authenticated with it. */
function seal(refreshToken: string, hash: string, tokens: TokenSet): string {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(refreshToken, salt), iv);
  cipher.setAAD(Buffer.from(hash));
  const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  return ['v1', salt, iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

function unseal(refreshToken: string, hash: string, sealed: string): TokenSet | null {
  const [version, salt, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !salt || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(refreshToken, Buffer.from(salt, 'base64url')), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(hash));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    const parsed = tokenSetSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export interface RefreshRenewalsOptions {
  /**
   * How long the refresh token a renewal has just rotated is still accepted, answering the tokens that renewal
   * issued (REFRESH_TOKEN_REUSE_SECONDS). Auth0's "reuse interval" and Okta's "grace period" do the same: two tabs
   * renewing together, or a browser that lost the answer and asks again, keep the session. Past the window the old
   * token goes to the provider, which treats it as the reuse of a rotated token and ends the session.
   * 0 turns the window off: every renewal goes to the provider.
   */
  reuseSeconds: number;
  /** A renewal succeeded but could not be recorded: the caller still gets its tokens. */
  onRecordError?: (error: unknown) => void;
}

/**
 * One renewal per refresh token, whichever process of the portal receives it: the first request claims the
 * token (one INSERT on its hash), renews at the provider and records the sealed result; a request with the same
 * token meanwhile waits for that result, and one within the reuse window gets it at once. Every decision is
 * in the database, so it holds across processes.
 */
export function createRefreshRenewals(db: Db, { reuseSeconds, onRecordError }: RefreshRenewalsOptions) {
  async function renewClaimed(refreshToken: string, hash: string, renewAtProvider: (refreshToken: string) => Promise<TokenSet>) {
    let tokens: TokenSet;
    try {
      tokens = await renewAtProvider(refreshToken);
    } catch (error) {
      // Refused or unreachable: nothing to share; a later request with this token asks the provider again.
      await db.delete(renewals).where(and(eq(renewals.tokenHash, hash), isNull(renewals.sealedTokens)));
      throw error;
    }
    try {
      await db
        .update(renewals)
        .set({
          sealedTokens: seal(refreshToken, hash, tokens),
          renewedTokenHash: tokens.refresh_token === null ? null : tokenHash(tokens.refresh_token),
          expiresAt: secondsFromNow(reuseSeconds),
        })
        .where(eq(renewals.tokenHash, hash));
    } catch (error) {
      // The renewal itself happened: losing its tokens would sign the person out.
      onRecordError?.(error);
    }
    return tokens;
  }

  return {
    /**
     * The tokens for `refreshToken`: renewed at the provider by `renewAtProvider` (which throws the refusal the
     * caller should answer), or, within the window after that renewal, the same ones again. `refused` is thrown
     * when a recorded renewal cannot be opened with this token (a corrupted row): never the provider's verdict.
     */
    async renew(
      refreshToken: string,
      renewAtProvider: (refreshToken: string) => Promise<TokenSet>,
      refused: () => Error,
    ): Promise<TokenSet> {
      if (reuseSeconds === 0) return renewAtProvider(refreshToken);
      const hash = tokenHash(refreshToken);
      for (;;) {
        // A window that has passed, or a claim whose process died: as if never recorded.
        await db.delete(renewals).where(and(eq(renewals.tokenHash, hash), lte(renewals.expiresAt, sql`now()`)));
        const claimed = await db
          .insert(renewals)
          .values({ tokenHash: hash, expiresAt: secondsFromNow(CLAIM_SECONDS) })
          .onConflictDoNothing()
          .returning({ tokenHash: renewals.tokenHash });
        if (claimed.length > 0) return renewClaimed(refreshToken, hash, renewAtProvider);

        const [row] = await db
          .select({ sealedTokens: renewals.sealedTokens })
          .from(renewals)
          .where(and(eq(renewals.tokenHash, hash), sql`${renewals.expiresAt} > now()`));
        if (row?.sealedTokens) {
          const tokens = unseal(refreshToken, hash, row.sealedTokens);
          if (tokens === null) throw refused();
          return tokens;
        }
        // Under way elsewhere (wait for it), or just ended or failed (claim again).
        if (row) await sleep(WAIT_STEP_MS);
      }
    },

    /** Esci: the renewal that used or issued this refresh token is not replayed after the revocation. */
    async forget(refreshToken: string): Promise<void> {
      const hash = tokenHash(refreshToken);
      await db.delete(renewals).where(or(eq(renewals.tokenHash, hash), eq(renewals.renewedTokenHash, hash)));
    },

    /**
     * A password reset or change ended these refresh tokens at the provider: within the reuse window, none of
     * them (nor the token one of them replaced) gets a renewal's tokens again.
     */
    async forgetAll(refreshTokens: readonly string[]): Promise<void> {
      if (refreshTokens.length === 0) return;
      const hashes = refreshTokens.map(tokenHash);
      await db.delete(renewals).where(or(inArray(renewals.tokenHash, hashes), inArray(renewals.renewedTokenHash, hashes)));
    },
  };
}

export type RefreshRenewals = ReturnType<typeof createRefreshRenewals>;

/** Removes renewals whose window has passed; run periodically, never on a request's path. */
export async function purgeExpiredRenewals(db: Db): Promise<void> {
  await db.delete(renewals).where(lte(renewals.expiresAt, sql`now()`));
}
