import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { applicationStatusLabels } from '../../domain/applicationStatus.ts';
import { organizationMessages } from '../../domain/messages/organization.ts';
import { RateLimitExceeded, retryWait, type RateLimiter, type RateLimitName } from './rateLimiter.ts';

/**
 * Which /api routes are limited, and how: one table instead of a check copied into each route. Per IP before
 * anything is read or verified (onRequest); per account once the caller is known and the body parsed
 * (preHandler), with a cost where one request can do many things (an invitation to 20 addresses is 20 e-mails).
 * request.ip is the socket's address, or X-Forwarded-For's only with TRUST_PROXY. The account page's password
 * change is limited where the current password is checked (server/idp/passwordChanges.ts), as a login is.
 */
interface RouteLimit {
  perIp?: RateLimitName;
  perAccount?: RateLimitName;
  /** Whether this request is limited at all (an integration request only, among status changes). */
  applies?: (request: FastifyRequest) => boolean;
  cost?: (request: FastifyRequest) => number;
  /** The refusal's own Italian text, given «tra 12 minuti»; the general one otherwise. */
  message?: (wait: string) => string;
}

const TOKEN_ROUTE: RouteLimit = { perIp: 'tokensPerIp' };
const STATUS_CHANGE = /^\/api\/\w+\/Update\w+CompilazioneStatus$/;
const INTEGRATION_REQUEST_STATUS = applicationStatusLabels.IN_INTEGRAZIONE;

function routeLimit(url: string | undefined): RouteLimit | undefined {
  switch (url) {
    case '/api/Jwt/token-exchange':
    case '/api/Jwt/refresh':
    case '/api/Jwt/revoke':
      return TOKEN_ROUTE;
    case '/api/SendEmail/SendEmail':
      return {
        perIp: 'emailsPerIp',
        perAccount: 'emailsPerAccount',
        cost: (request) => (request.body as { emails?: unknown[] } | undefined)?.emails?.length ?? 1,
      };
    case '/api/Organization/CreateOrganization':
      return { perAccount: 'organizationsPerAccount', message: organizationMessages.tooManyCreated };
    // A join request names a P.IVA too: it must not become a second way of walking through numbers.
    case '/api/Organization/GetPIva':
    case '/api/JoinRequest/CreateJoinRequest':
      // Whether a VAT number is registered: one per Conferma for a person, a walk through numbers for a script.
      return { perIp: 'pIvaLookupsPerIp', perAccount: 'pIvaLookupsPerAccount', message: organizationMessages.tooManyLookups };
    case '/api/FileUpload/UploadFile':
      return { perIp: 'uploadsPerIp', perAccount: 'uploadsPerAccount' };
    default:
      // Asking an organisation for an integration e-mails its members.
      if (url && STATUS_CHANGE.test(url)) {
        return {
          perIp: 'emailsPerIp',
          perAccount: 'emailsPerAccount',
          applies: (request) => (request.query as { status?: unknown }).status === INTEGRATION_REQUEST_STATUS,
        };
      }
      return undefined;
  }
}

/** An IP's share is counted once per request; an account's after authentication, with the request's cost. */
export function installApiRateLimits(app: FastifyInstance, limiter: RateLimiter) {
  app.addHook('onRequest', async (request) => {
    const limit = routeLimit(request.routeOptions.url);
    if (!limit?.perIp || limit.perAccount) return;
    await limiter.consume(limit.perIp, request.ip);
  });
  app.addHook('preHandler', async (request) => {
    const limit = routeLimit(request.routeOptions.url);
    if (!limit?.perAccount || (limit.applies && !limit.applies(request))) return;
    const cost = limit.cost?.(request) ?? 1;
    const account = request.currentUser?.id ?? `anonymous:${createHash('sha256').update(request.ip).digest('hex')}`;
    try {
      if (limit.perIp) await limiter.consume(limit.perIp, request.ip, cost);
      await limiter.consume(limit.perAccount, account, cost);
    } catch (error) {
      if (!(error instanceof RateLimitExceeded) || !limit.message) throw error;
      throw new RateLimitExceeded(error.retryAfterSeconds, limit.message(retryWait(error.retryAfterSeconds)));
    }
  });
}
