import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../domain/messages.ts';
import { HttpError } from '../errors.ts';
import { AccessTokenError, verifyAccessToken } from './accessToken.ts';
import type { OidcClient } from './oidcClient.ts';
import { identityFromClaims, type UserRepository, type UserRow } from './users.ts';
import { createVerifiedTokenCache } from './verifiedTokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller; set on every /api route not declared anonymous before its handler runs. */
    currentUser: UserRow | null;
  }
}

const unauthorized = (message: string, description: string) =>
  new HttpError(401, 'unauthorized', message, { 'www-authenticate': `Bearer error="invalid_token", error_description="${description}"` });

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)$/i);
  return match?.[1];
}

/**
 * Verifies the bearer token on every /api route but those declared `access: 'anonymous'` (server/auth/access.ts),
 * and provisions the user on first sight. Before the body is read: a request without a valid token is 401 first.
 */
export function installAuthentication(app: FastifyInstance, deps: { oidc: OidcClient; users: UserRepository }) {
  const verifiedTokens = createVerifiedTokenCache();
  app.decorateRequest('currentUser', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.access === 'anonymous') return;
    const token = bearerToken(request);
    if (!token) {
      if (request.headers.authorization) throw unauthorized(messages.auth.unauthorized, 'malformed authorization header');
      throw new HttpError(401, 'unauthorized', messages.auth.unauthorized, { 'www-authenticate': 'Bearer' });
    }
    try {
      let claims = verifiedTokens.get(token);
      if (claims === undefined) {
        claims = await verifyAccessToken(deps.oidc, token);
        verifiedTokens.remember(token, claims);
      }
      const identity = identityFromClaims(deps.oidc.issuer, claims, deps.oidc);
      request.currentUser = await deps.users.ensure(identity);
    } catch (error) {
      if (!(error instanceof AccessTokenError)) throw error;
      throw error.problem === 'expired'
        ? unauthorized(messages.auth.sessionExpired, 'token expired')
        : unauthorized(messages.auth.unauthorized, 'token invalid');
    }
  });
}
