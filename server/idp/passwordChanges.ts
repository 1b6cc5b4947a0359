import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idpAccounts } from '../db/schema/identity.ts';
import type { AccountStore } from './accounts.ts';
import { endAccountSessions, sessionOfRefreshToken } from './accountSessions.ts';
import { verifyPassword } from './passwords.ts';
import type { PasswordResets } from './passwordResets.ts';
import { passwordMessages } from '../../domain/messages/password.ts';
import { createPasswordAttempts } from '../rateLimits/passwordAttempts.ts';
import type { RateLimiter } from '../rateLimits/rateLimiter.ts';

export type PasswordChangeOutcome = 'changed' | 'wrong_current' | 'same_as_current' | 'no_account';

interface Options {
  db: Db;
  accounts: AccountStore;
  resets: PasswordResets;
  /** The current password is limited as a login is, on the same counters (server/rateLimits/passwordAttempts.ts). */
  rateLimiter: RateLimiter;
  /** The refresh tokens the change ended: the portal's reuse window forgets their renewals. */
  onRefreshTokensEnded: (refreshTokens: string[]) => Promise<void>;
}

/**
 * A person changes their own password at the embedded provider, from the account page: the current password
 * first, then the new one (the rules are checked by the caller's schema). Every other session of the account
 * ends, with its refresh tokens; the one the change was made from (named by its refresh token) stays signed in.
 * A reset link still in the mailbox stops working. Wrong current passwords count as wrong passwords at the login
 * page do (an address that tried too many is refused with RateLimitExceeded); a change forgets them.
 */
export function createPasswordChanges({ db, accounts, resets, rateLimiter, onRefreshTokensEnded }: Options) {
  const passwordAttempts = createPasswordAttempts(rateLimiter);
  return {
    /** `ip`: the address the change comes from. */
    async change(
      accountId: string,
      ip: string,
      input: { currentPassword: string; newPassword: string; refreshToken?: string | null },
    ): Promise<PasswordChangeOutcome> {
      const account = await accounts.findById(accountId);
      if (!account) return 'no_account';
      const rightPassword = await passwordAttempts.attempt(
        account.email,
        ip,
        () => verifyPassword(input.currentPassword, account.passwordHash),
        passwordMessages.changeSuspended,
      );
      if (!rightPassword) return 'wrong_current';
      if (input.newPassword === input.currentPassword) return 'same_as_current';
      const keep = input.refreshToken ? await sessionOfRefreshToken(db, account.id, input.refreshToken) : undefined;
      const passwordHash = await accounts.hashPassword(input.newPassword);
      const ended = await db.transaction(async (tx) => {
        // Only over the hash the current password was checked against: two changes at once, the second loses.
        const updated = await tx
          .update(idpAccounts)
          .set({ passwordHash, updatedAt: new Date() })
          .where(and(eq(idpAccounts.id, account.id), eq(idpAccounts.passwordHash, account.passwordHash)))
          .returning({ id: idpAccounts.id });
        if (updated.length === 0) return undefined;
        await resets.forgetLinks(tx, account.id);
        return endAccountSessions(tx, account.id, keep);
      });
      if (!ended) return 'wrong_current';
      await passwordAttempts.forget(account.email);
      await onRefreshTokensEnded(ended);
      return 'changed';
    },
  };
}

export type PasswordChanges = ReturnType<typeof createPasswordChanges>;
