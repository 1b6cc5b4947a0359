import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../domain/messages.ts';
import { verificationMessages } from '../../domain/messages/verification.ts';
import { isAdminRole } from '../../domain/roles.ts';
import { HttpError } from '../errors.ts';
import { AccessTokenError, verifyAccessToken } from './accessToken.ts';
import type { OidcClient } from './oidcClient.ts';
import { identityFromClaims, type UserRepository, type UserRow } from './users.ts';
import { createVerifiedTokenCache } from './verifiedTokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes reachable without an access token (the login flow itself). */
    public?: boolean;
  }
  interface FastifyRequest {
    /** The authenticated caller; set on every non-public /api route before its handler runs. */
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

/** Verifies the bearer token on every /api route not marked public, and provisions the user on first sight. */
export function installAuthentication(app: FastifyInstance, deps: { oidc: OidcClient; users: UserRepository }) {
  const verifiedTokens = createVerifiedTokenCache();
  app.decorateRequest('currentUser', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return;
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
      const identity = identityFromClaims(deps.oidc.issuer, claims);
      request.currentUser = await deps.users.ensure(identity);
    } catch (error) {
      if (!(error instanceof AccessTokenError)) throw error;
      throw error.problem === 'expired'
        ? unauthorized(messages.auth.sessionExpired, 'token expired')
        : unauthorized(messages.auth.unauthorized, 'token invalid');
    }
  });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new HttpError(401, 'unauthorized', messages.auth.unauthorized);
  return request.currentUser;
}

/**
 * Creating or joining an organisation and handing anything over need an address the identity provider
 * vouches for (email_verified): 403 with the spec's «Registrazione non verificata» otherwise.
 */
export function requireVerifiedEmail(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.emailVerified) throw new HttpError(403, 'email_not_verified', verificationMessages.refused);
  return user;
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!isAdminRole(user.roles)) throw new HttpError(403, 'forbidden', messages.auth.forbidden);
  return user;
}
