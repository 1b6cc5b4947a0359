import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { idpAccounts } from '../db/schema/identity.ts';
import { passwordResets } from '../db/schema/passwordResets.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetMail } from '../mail/passwordResetMail.ts';
import { queryRows } from '../db/queryRows.ts';
import { normaliseEmail } from './accounts.ts';
import { endAccountSessions } from './accountSessions.ts';
import { createPasswordAttempts } from '../rateLimits/passwordAttempts.ts';
import type { RateLimiter } from '../rateLimits/rateLimiter.ts';

/** A reset link works for this long after it was sent. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** A second request for the same address within this window (a double click, an impatient retry) sends nothing. */
export const PASSWORD_RESET_RESEND_SECONDS = 120;

export const PASSWORD_RESET_PATH = '/idp/password/reset';

export type ResetLinkState = 'live' | 'expired' | 'used' | 'unknown';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A token as the link carries it: 32 random bytes in base64url. Anything else is not worth a query. */
const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

interface Options {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** A new password's hash (the account store's, at the configured cost). */
  hashPassword: (password: string) => Promise<string>;
  /** The refresh tokens a reset ended: the portal's reuse window forgets their renewals (server/auth/refreshRenewals.ts). */
  onRefreshTokensEnded: (refreshTokens: string[]) => Promise<void>;
  /** A reset forgets the account's wrong passwords (server/rateLimits/passwordAttempts.ts). */
  rateLimiter: RateLimiter;
}

/**
 * "Password dimenticata?" at the embedded provider. A request is answered before anything about the address is
 * looked up: the token is made and hashed for every request, and the rest (finding the account, storing the
 * hash, the e-mail) runs after the answer, so neither the page nor its timing tells whether the address has an
 * account. One link per account, the latest: a new request replaces an older link, unless one was sent within
 * PASSWORD_RESET_RESEND_SECONDS (one statement decides, so two requests at once send one e-mail).
 */
export function createPasswordResets({ db, mailer, publicUrl, log, hashPassword, onRefreshTokensEnded, rateLimiter }: Options) {
  const passwordAttempts = createPasswordAttempts(rateLimiter);
  const inFlight = new Set<Promise<void>>();

  async function storeAndSend(email: string, token: string, tokenHash: string): Promise<void> {
    // One statement: the account looked up, and the link stored unless one was sent a moment ago. The row's
    // lock makes a concurrent second request wait, then see the first one's `requested_at` and store nothing.
    const rows = await queryRows<{ account_id: string }>(
      db,
      sql`insert into ${passwordResets} (account_id, token_hash, requested_at, expires_at)
        select ${idpAccounts.id}, ${tokenHash}, now(), now() + make_interval(mins => ${PASSWORD_RESET_TTL_MINUTES})
        from ${idpAccounts} where ${idpAccounts.email} = ${email}
        on conflict (account_id) do update
          set token_hash = excluded.token_hash, requested_at = excluded.requested_at, expires_at = excluded.expires_at, used_at = null
          where ${passwordResets.usedAt} is not null
            or ${passwordResets.requestedAt} < now() - make_interval(secs => ${PASSWORD_RESET_RESEND_SECONDS})
        returning account_id`,
    );
    if (rows.length === 0) return;
    try {
      await mailer.send(passwordResetMail({ to: email, link: `${publicUrl}${PASSWORD_RESET_PATH}?token=${token}` }));
    } catch (error) {
      // Not sent: a link nobody received must not hold off the next request for the resend window.
      await db
        .delete(passwordResets)
        .where(and(eq(passwordResets.accountId, rows[0]!.account_id), eq(passwordResets.tokenHash, tokenHash)));
      throw error;
    }
    log.info({ event: 'idp.password_reset.sent', accountId: rows[0]!.account_id }, 'password reset link sent');
  }

  async function stateOf(tokenHash: string): Promise<ResetLinkState> {
    const [row] = await db
      .select({
        usedAt: passwordResets.usedAt,
        expired: sql<boolean>`${passwordResets.expiresAt} <= now()`,
      })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, tokenHash));
    if (!row) return 'unknown';
    if (row.usedAt) return 'used';
    return row.expired ? 'expired' : 'live';
  }

  return {
    /** Asks for a link for `email`. Resolves at once, whatever the address; the work goes on after the answer. */
    request(email: string): void {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      const work = storeAndSend(normaliseEmail(email), token, tokenHash)
        .catch((err: unknown) => log.error({ err }, 'password reset request failed'))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    },

    /** What a link's token leads to now, without using it (a mail scanner opening the link changes nothing). */
    async inspect(token: string): Promise<ResetLinkState> {
      return looksLikeToken(token) ? stateOf(hashToken(token)) : 'unknown';
    },

    /**
     * Uses the link: sets the new password and ends every session and refresh token of the account, in one
     * transaction. A link used, expired or replaced meanwhile changes nothing and says which it was.
     */
    async complete(token: string, newPassword: string): Promise<Exclude<ResetLinkState, 'live'> | 'done'> {
      if (!looksLikeToken(token)) return 'unknown';
      const tokenHash = hashToken(token);
      const before = await stateOf(tokenHash);
      if (before !== 'live') return before;
      const passwordHash = await hashPassword(newPassword);
      const outcome = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
          .returning({ accountId: passwordResets.accountId });
        if (!used) return undefined;
        const [account] = await tx
          .update(idpAccounts)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(idpAccounts.id, used.accountId))
          .returning({ email: idpAccounts.email });
        return { accountId: used.accountId, email: account!.email, endedRefreshTokens: await endAccountSessions(tx, used.accountId) };
      });
      if (!outcome) {
        // Used, expired or replaced by another request in the meantime.
        const after = await stateOf(tokenHash);
        return after === 'live' ? 'unknown' : after;
      }
      await onRefreshTokensEnded(outcome.endedRefreshTokens);
      // The owner proved the mailbox: the wrong passwords tried on the account, from any address, no longer count.
      await passwordAttempts.forget(outcome.email);
      log.info({ event: 'idp.password_reset.done', accountId: outcome.accountId }, 'password reset');
      return 'done';
    },

    /** A password changed otherwise (the account page): a link still in someone's mailbox no longer works. */
    async forgetLinks(tx: Db, accountId: string): Promise<void> {
      await tx.delete(passwordResets).where(eq(passwordResets.accountId, accountId));
    },

    /** Resolves when every request answered so far has stored its link and sent its e-mail (or failed). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export type PasswordResets = ReturnType<typeof createPasswordResets>;

/** Removes links that expired a day ago or more; run periodically, never on a request's path. */
export async function purgeExpiredPasswordResets(db: Db): Promise<void> {
  await db.delete(passwordResets).where(sql`${passwordResets.expiresAt} < now() - interval '1 day'`);
}
