import { HttpError } from '../errors.ts';
import { requestMessages } from '../../domain/messages/requests.ts';
import type { RateLimitStore } from './rateLimitStore.ts';

/**
 * The portal's limits: how many of each costly or abusable action one IP address, or one account, may do in a
 * window. docs/CONFIGURATION.md lists them; tests may lower them. Per IP: an office behind one NAT shares the allowance, so
 * those limits are generous; per account they are tighter.
 */
export const DEFAULT_RATE_LIMITS = {
  /** Password attempts at the provider's login page. */
  loginPerIp: { limit: 30, windowSeconds: 10 * 60 },
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  /** "Password dimenticata?" requests, per IP and per address typed (whether it has an account or not). */
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
} satisfies Record<string, RateLimit>;

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}
export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RateLimit>;

export class RateLimitExceeded extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'too_many_requests', tooManyMessage(retryAfterSeconds), { 'retry-after': String(retryAfterSeconds) });
  }
}

function tooManyMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return requestMessages.rateLimited(seconds < 60 ? requestMessages.retryInAMinute : requestMessages.retryInMinutes(minutes));
}

export interface RateLimiter {
  /**
   * Counts `cost` for `subject` (an IP address, an account id or e-mail) under the limit `name`; throws
   * RateLimitExceeded (429, Retry-After, an Italian message) once the window's total is over the limit.
   */
  consume(name: RateLimitName, subject: string, cost?: number): Promise<void>;
  close(): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore, limits: RateLimits = DEFAULT_RATE_LIMITS): RateLimiter {
  return {
    async consume(name, subject, cost = 1) {
      const { limit, windowSeconds } = limits[name];
      const { count, resetInMs } = await store.hit(`${name}:${subject.toLowerCase()}`, cost, windowSeconds);
      if (count > limit) throw new RateLimitExceeded(Math.max(1, Math.ceil(resetInMs / 1000)));
    },
    close: () => store.close(),
  };
}
