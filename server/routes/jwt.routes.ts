import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { z } from 'zod';
import {
  loginScreenSchema,
  refreshRequestSchema,
  revokeRequestSchema,
  tokenExchangeRequestSchema,
  tokenSetSchema,
  type TokenSet,
} from '../../domain/auth.ts';
import { messages } from '../../domain/messages.ts';
import { sessionMessages } from '../../domain/messages/session.ts';
import type { RouteAccess } from '../auth/access.ts';
import { HttpError } from '../errors.ts';
import { LOGIN_SCOPE, type OidcClient } from '../auth/oidcClient.ts';
import type { RefreshRenewals } from '../auth/refreshRenewals.ts';
import type { ProviderTokens, SignInIdentity } from '../auth/signInIdentity.ts';
import { errorResponses } from './errorResponses.ts';

/** The login in progress in this browser: PKCE verifier and state, bound to it by a signed httpOnly cookie. */
const LOGIN_COOKIE = 'pf_login';
const LOGIN_COOKIE_PATH = '/api/Jwt';
const loginTransactionSchema = z.object({ state: z.string(), verifier: z.string() });

interface Options {
  oidc: OidcClient;
  renewals: RefreshRenewals;
  /** Records what the provider says of the person (the ID token, userinfo) each time it issues tokens. */
  signInIdentity: SignInIdentity;
  redirectUri: string;
  postLogoutRedirectUri: string;
  secureCookies: boolean;
}

/** The login flow itself: before there is a token. */
const anyone: RouteAccess = 'anonymous';
const config = { access: anyone };
const tokenErrors = errorResponses(anyone, [400, 401, 502]);

function toTokenSet(response: client.TokenEndpointResponse): TokenSet {
  return {
    token: response.access_token,
    refresh_token: response.refresh_token ?? null,
    id_token: response.id_token ?? null,
    expires_in: response.expires_in ?? null,
  };
}

/** A refused code or refresh token is the client's problem (4xx); an unreachable provider is not. */
function providerError(error: unknown, refused: HttpError): HttpError {
  if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError) return refused;
  // The callback parameters did not validate (state, issuer): a refused login, not a provider outage.
  if (error instanceof client.ClientError && error.code === 'OAUTH_INVALID_RESPONSE') return refused;
  return new HttpError(502, 'identity_provider_unavailable', sessionMessages.identityProviderUnavailable);
}

export const jwtRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { oidc, renewals, signInIdentity, redirectUri, postLogoutRedirectUri, secureCookies },
) => {
  const resourceParam: Record<string, string> = oidc.resource ? { resource: oidc.resource } : {};

  app.get(
    '/api/Jwt/login',
    {
      config,
      schema: {
        querystring: z.object({ screen: loginScreenSchema.default('login') }),
        response: {
          302: z
            .null()
            .describe('Al provider d’identità (Location), per l’accesso o la registrazione; il cookie pf_login lega l’accesso al browser.'),
          ...errorResponses(anyone, [400]),
        },
      },
    },
    async (request, reply) => {
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const prompt = [request.query.screen === 'register' ? 'create' : '', oidc.promptConsent ? 'consent' : ''].filter(Boolean).join(' ');
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: LOGIN_SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        ...(prompt ? { prompt } : {}),
        ...resourceParam,
      };
      const url = client.buildAuthorizationUrl(await oidc.configuration(), parameters);
      reply.setCookie(LOGIN_COOKIE, JSON.stringify({ state, verifier }), {
        path: LOGIN_COOKIE_PATH,
        httpOnly: true,
        secure: secureCookies,
        sameSite: 'lax',
        signed: true,
        maxAge: 15 * 60,
      });
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    },
  );

  app.post(
    '/api/Jwt/token-exchange',
    {
      config,
      schema: { body: tokenExchangeRequestSchema, response: { 200: tokenSetSchema, ...tokenErrors } },
    },
    async (request, reply) => {
      const { code, state, iss } = request.body;
      if (request.body.redirectUri !== redirectUri) {
        throw new HttpError(400, 'invalid_redirect_uri', sessionMessages.redirectUriMismatch);
      }
      const raw = request.cookies[LOGIN_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      const transaction = unsigned?.valid && unsigned.value ? loginTransactionSchema.safeParse(JSON.parse(unsigned.value)) : undefined;
      // Single use: whatever happens next, this login attempt is over.
      reply.clearCookie(LOGIN_COOKIE, { path: LOGIN_COOKIE_PATH });
      if (!transaction?.success) {
        throw new HttpError(400, 'login_expired', sessionMessages.loginExpired);
      }
      const callbackUrl = new URL(redirectUri);
      callbackUrl.searchParams.set('code', code);
      if (state !== undefined) callbackUrl.searchParams.set('state', state);
      if (iss !== undefined) callbackUrl.searchParams.set('iss', iss);
      let tokens: ProviderTokens;
      try {
        tokens = await client.authorizationCodeGrant(
          await oidc.configuration(),
          callbackUrl,
          { pkceCodeVerifier: transaction.data.verifier, expectedState: transaction.data.state },
          resourceParam,
        );
      } catch (error) {
        request.log.warn({ err: error }, 'code exchange refused');
        throw providerError(error, new HttpError(400, 'invalid_grant', sessionMessages.codeRefused));
      }
      await signInIdentity(tokens, request.log);
      return toTokenSet(tokens);
    },
  );

  app.post(
    '/api/Jwt/refresh',
    {
      config,
      schema: { body: refreshRequestSchema, response: { 200: tokenSetSchema, ...tokenErrors } },
    },
    async (request) => {
      const configuration = await oidc.configuration();
      const refused = () => new HttpError(401, 'invalid_refresh_token', messages.auth.sessionExpired);
      // The same refresh token twice within a few seconds (two tabs, a retried request) gets the same new tokens.
      return renewals.renew(
        request.body.refresh_token,
        async (refreshToken) => {
          let tokens: ProviderTokens;
          try {
            tokens = await client.refreshTokenGrant(configuration, refreshToken, resourceParam);
          } catch (error) {
            throw providerError(error, refused());
          }
          // A renewal's ID token may say the address was verified meanwhile at the provider.
          await signInIdentity(tokens, request.log);
          return toTokenSet(tokens);
        },
        refused,
      );
    },
  );

  // Esci, first step: the refresh token is revoked at the provider, which ends its whole grant (every refresh
  // and access token issued with it). The embedded provider does so; an external one when it advertises a
  // revocation endpoint (RFC 7009). A token already unknown is no error: the session is over either way.
  app.post(
    '/api/Jwt/revoke',
    {
      config,
      schema: { body: revokeRequestSchema, response: { 204: z.null(), ...tokenErrors } },
    },
    async (request, reply) => {
      const configuration = await oidc.configuration();
      await renewals.forget(request.body.refresh_token);
      if (configuration.serverMetadata().revocation_endpoint) {
        try {
          await client.tokenRevocation(configuration, request.body.refresh_token, { token_type_hint: 'refresh_token' });
        } catch (error) {
          if (!(error instanceof client.ResponseBodyError)) {
            throw providerError(error, new HttpError(400, 'invalid_refresh_token', sessionMessages.sessionAlreadyClosed));
          }
          request.log.info({ event: 'revocation.refused', error: error.error }, 'the provider refused the revocation');
        }
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/Jwt/logout',
    {
      config,
      schema: {
        querystring: z.object({ id_token_hint: z.string().max(8192).optional() }),
        response: {
          302: z.null().describe('Alla pagina di uscita del provider d’identità (Location), o al portale se il provider non ne ha una.'),
          ...errorResponses(anyone, [400]),
        },
      },
    },
    async (request, reply) => {
      const configuration = await oidc.configuration();
      if (!configuration.serverMetadata().end_session_endpoint) return reply.redirect(postLogoutRedirectUri, 302);
      const url = client.buildEndSessionUrl(configuration, {
        post_logout_redirect_uri: postLogoutRedirectUri,
        client_id: configuration.clientMetadata().client_id,
        ...(request.query.id_token_hint ? { id_token_hint: request.query.id_token_hint } : {}),
      });
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    },
  );
};
