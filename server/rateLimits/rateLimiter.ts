import { HttpError } from '../errors.ts';
import { requestMessages } from '../../domain/messages/requests.ts';
import type { RateLimitStore } from './rateLimitStore.ts';

/**
 * The portal's limits: how many of each costly or abusable action one IP address, or one account, may do in a
 * window. docs/CONFIGURATION.md lists them; tests may lower them. Per IP: an office behind one NAT shares the allowance, so
 * those limits are generous; per account they are tighter.
 */
/** How many organisations one account may register in 24 hours unless MAX_ORGANIZATIONS_PER_ACCOUNT_PER_DAY says. */
export const DEFAULT_MAX_ORGANIZATIONS_PER_ACCOUNT_PER_DAY = 3;

export const DEFAULT_RATE_LIMITS = {
  /**
   * Wrong passwords, at the provider's login page and as the current password of the account page's change
   * (server/rateLimits/passwordAttempts.ts). Only failures count: a sign-in that succeeds counts nowhere.
   * One address, whatever the accounts (it cannot spray many): past the limit its attempts are refused.
   */
  loginFailuresPerIp: { limit: 30, windowSeconds: 10 * 60 },
  /** One account from one address: past the limit that address is refused for that account, and only it. */
  loginFailuresPerAccountAndIp: { limit: 10, windowSeconds: 15 * 60 },
  /** One account from every address: never refuses; from the limit on, each attempt on the account waits. */
  loginFailuresPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  /** "Password dimenticata?" requests, and new passwords chosen through a link, per IP; requests per address typed. */
  passwordResetPerIp: { limit: 20, windowSeconds: 60 * 60 },
  passwordResetPerAddress: { limit: 5, windowSeconds: 60 * 60 },
  /** New accounts at the provider. */
  registrationPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** Code exchanges, refreshes and revocations (/api/Jwt/token-exchange, refresh, revoke). */
  tokensPerIp: { limit: 120, windowSeconds: 10 * 60 },
  /** E-mails sent by invitations (each address counts) and integration requests. */
  emailsPerAccount: { limit: 50, windowSeconds: 60 * 60 },
  emailsPerIp: { limit: 200, windowSeconds: 60 * 60 },
  /** Verification links mailed again on request («Invia di nuovo il link»); the request is answered the same past it. */
  verificationMailsPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  /** Attachment uploads. */
  uploadsPerAccount: { limit: 120, windowSeconds: 10 * 60 },
  uploadsPerIp: { limit: 300, windowSeconds: 10 * 60 },
  /**
   * Organisations registered (CreateOrganization): a person registers one or two, a script hundreds. The limit is
   * MAX_ORGANIZATIONS_PER_ACCOUNT_PER_DAY (server/config.ts), this default unless set.
   */
  organizationsPerAccount: { limit: DEFAULT_MAX_ORGANIZATIONS_PER_ACCOUNT_PER_DAY, windowSeconds: 24 * 60 * 60 },
  /** "Is this VAT number registered?" (GetPIva): one per Conferma for a person, a walk through numbers for a script. */
  pIvaLookupsPerAccount: { limit: 30, windowSeconds: 60 * 60 },
  pIvaLookupsPerIp: { limit: 120, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}
export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RateLimit>;

/**
 * Who is counted: an IP address, an account id or e-mail; or a member of a group (an account's wrong passwords
 * by address: [e-mail, IP]), counted on its own but in the group's window and forgotten with the group.
 */
export type RateLimitSubject = string | readonly [group: string, member: string];

export class RateLimitExceeded extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = requestMessages.rateLimited(retryWait(retryAfterSeconds)),
  ) {
    super(429, 'too_many_requests', message, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** When to try again, in Italian words: «tra un minuto», «tra 12 minuti», «tra 5 ore». */
export function retryWait(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (seconds < 60) return requestMessages.retryInAMinute;
  if (minutes > 90) return requestMessages.retryInHours(Math.ceil(minutes / 60));
  return requestMessages.retryInMinutes(minutes);
}

export interface RateLimiter {
  /**
   * Counts `cost` for `subject` under the limit `name`; throws RateLimitExceeded (429, Retry-After, an Italian
   * message) once the window's total is over the limit.
   */
  consume(name: RateLimitName, subject: RateLimitSubject, cost?: number): Promise<void>;
  /** Counts without ever refusing (a negative cost takes back, down to zero); returns the new total. */
  add(name: RateLimitName, subject: RateLimitSubject, cost?: number): Promise<number>;
  /** The total now and the limit, without counting. */
  peek(name: RateLimitName, subject: RateLimitSubject): Promise<{ count: number; limit: number }>;
  /** Forgets the subject's count (a group: every member's). */
  forget(name: RateLimitName, subject: RateLimitSubject): Promise<void>;
  close(): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore, limits: RateLimits = DEFAULT_RATE_LIMITS): RateLimiter {
  const place = (name: RateLimitName, subject: RateLimitSubject) =>
    typeof subject === 'string'
      ? { key: `${name}:${subject.toLowerCase()}`, field: undefined }
      : { key: `${name}:${subject[0].toLowerCase()}`, field: subject[1].toLowerCase() };
  return {
    async consume(name, subject, cost = 1) {
      const { limit, windowSeconds } = limits[name];
      const { key, field } = place(name, subject);
      const { count, resetInMs } = await store.hit(key, cost, windowSeconds, field);
      if (count > limit) throw new RateLimitExceeded(Math.max(1, Math.ceil(resetInMs / 1000)));
    },
    async add(name, subject, cost = 1) {
      const { key, field } = place(name, subject);
      return (await store.hit(key, cost, limits[name].windowSeconds, field)).count;
    },
    async peek(name, subject) {
      const { key, field } = place(name, subject);
      return { count: (await store.peek(key, field)).count, limit: limits[name].limit };
    },
    async forget(name, subject) {
      const { key, field } = place(name, subject);
      await store.reset(key, field);
    },
    close: () => store.close(),
  };
}
