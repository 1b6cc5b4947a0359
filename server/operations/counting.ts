import type { Mailer } from '../mail/mailer.ts';
import { RateLimitExceeded, type RateLimiter } from '../rateLimits/rateLimiter.ts';
import type { PortalCounters } from './metrics.ts';

/** The mailer, with each message counted as sent or failed. */
export function countingMailer(mailer: Mailer, counters: PortalCounters): Mailer {
  return {
    ...mailer,
    async send(mail) {
      try {
        const sent = await mailer.send(mail);
        counters.emailSent();
        return sent;
      } catch (error) {
        counters.emailFailed();
        throw error;
      }
    },
  };
}

/** The rate limiter, with each refusal (429) counted by the limit that refused. */
export function countingRateLimiter(rateLimiter: RateLimiter, counters: PortalCounters): RateLimiter {
  return {
    ...rateLimiter,
    async consume(name, subject, cost) {
      try {
        await rateLimiter.consume(name, subject, cost);
      } catch (error) {
        if (error instanceof RateLimitExceeded) counters.rateLimitRefused(name);
        throw error;
      }
    },
  };
}
