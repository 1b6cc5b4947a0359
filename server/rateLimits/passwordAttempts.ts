import { setTimeout as sleepFor } from 'node:timers/promises';
import { RateLimitExceeded, retryWait, type RateLimiter } from './rateLimiter.ts';

/** The longest an attempt waits for an account's recent wrong passwords, in seconds. */
export const PASSWORD_DELAY_CAP_SECONDS = 4;

/**
 * How long an attempt on an account waits before its password is checked: nothing below `threshold` recent
 * wrong passwords (from any address), then 1, 2, 4 … seconds, at most PASSWORD_DELAY_CAP_SECONDS.
 */
export function passwordDelaySeconds(failures: number, threshold: number): number {
  return failures < threshold ? 0 : Math.min(2 ** (failures - threshold), PASSWORD_DELAY_CAP_SECONDS);
}

/**
 * Password guessing is limited by wrong passwords, never by right ones, so nobody can lock anyone else out:
 * - an address with `loginFailuresPerIp` wrong passwords (any accounts) is refused;
 * - an address with `loginFailuresPerAccountAndIp` wrong passwords on an account is refused for that account —
 *   a stranger's failures elsewhere never refuse the owner's address;
 * - an account's wrong passwords from every address (`loginFailuresPerAccount`) only slow each attempt on it
 *   (a timer, no CPU), so a spread-out guesser gains little and the owner still gets in.
 * Each attempt is counted against its address before the password is checked (so parallel attempts cannot
 * outrun the limit) and taken back when the password proves right; a right password also forgets that
 * address's failures on the account. A password replaced (reset or changed) forgets the account's counters.
 * Accounts are named by their e-mail, trimmed and lower-cased, the same at login and at the account page.
 */
export function createPasswordAttempts(limiter: RateLimiter, sleep: (ms: number) => Promise<unknown> = sleepFor) {
  return {
    /**
     * One attempt at `account`'s password from `ip`: `verify` checks it and returns something truthy when it is
     * right. Throws RateLimitExceeded with `refused(wait)` as its message («tra 12 minuti») when the address
     * may not try now; returns what `verify` returned otherwise. An empty `account` counts for the address only.
     */
    async attempt<T>(account: string, ip: string, verify: () => Promise<T>, refused: (wait: string) => string): Promise<T> {
      const pair = [account, ip] as const;
      try {
        await limiter.consume('loginFailuresPerIp', ip);
        if (account) await limiter.consume('loginFailuresPerAccountAndIp', pair);
      } catch (error) {
        if (error instanceof RateLimitExceeded)
          throw new RateLimitExceeded(error.retryAfterSeconds, refused(retryWait(error.retryAfterSeconds)));
        throw error;
      }
      if (account) {
        const { count, limit } = await limiter.peek('loginFailuresPerAccount', account);
        const seconds = passwordDelaySeconds(count, limit);
        if (seconds > 0) await sleep(seconds * 1000);
      }
      const result = await verify();
      if (result) {
        await limiter.add('loginFailuresPerIp', ip, -1);
        if (account) await limiter.forget('loginFailuresPerAccountAndIp', pair);
      } else if (account) {
        await limiter.add('loginFailuresPerAccount', account);
      }
      return result;
    },

    /** The account's password was replaced: its wrong passwords, from every address, no longer count. */
    async forget(account: string): Promise<void> {
      await limiter.forget('loginFailuresPerAccount', account);
      await limiter.forget('loginFailuresPerAccountAndIp', account);
    },
  };
}
