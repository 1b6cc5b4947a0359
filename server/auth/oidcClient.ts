import * as client from 'openid-client';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, createRemoteJWKSet, type JWK, type JWTVerifyGetKey } from 'jose';
import { FISCAL_NUMBER_CLAIM, type Config } from '../config.ts';
import { publicJwk } from '../idp/secrets.ts';

export const LOGIN_SCOPE = 'openid profile email offline_access';

export interface OidcClient {
  /** The provider's metadata and our client registration, discovered once and kept. */
  configuration(): Promise<client.Configuration>;
  /** Keys that sign the access tokens our API accepts. */
  jwks(): Promise<JWTVerifyGetKey>;
  issuer: string;
  audience: string;
  /** The resource indicator (RFC 8707) to ask for, so the access token is a JWT for our API. */
  resource?: string;
  /** Whether to ask for consent explicitly: needed by the embedded provider to issue a refresh token. */
  promptConsent: boolean;
  /** The longest an access token of this issuer lives, in seconds: an older one, or one valid longer, is refused. */
  maxAccessTokenLifetime: number;
  /** Whether every address this issuer gives counts as verified (OIDC_TRUST_EMAIL), whatever `email_verified` says. */
  trustEmail: boolean;
  /** The claim in which this issuer sends the person's codice fiscale (OIDC_FISCAL_CODE_CLAIM; SPID/CIE: `fiscal_number`). */
  fiscalCodeClaim: string;
  /**
   * Whether userinfo may say what the ID token leaves out (server/auth/signInIdentity.ts). Not the embedded provider's:
   * its ID token says all it knows, and a claim it leaves out (a person without a codice fiscale) is not there either.
   */
  userinfoCompletesIdToken: boolean;
}

/**
 * Requests to the embedded provider never leave the process: they are injected into the same Fastify
 * instance. This works the same behind any proxy or URL, and in tests that never listen on a port. The client
 * secret, codes with their PKCE verifiers, refresh tokens and revocations travel here: a URL outside the public
 * origin (which the provider never advertises, see embeddedIdpPlugin) is refused rather than fetched over the network.
 */
export function inProcessFetch(app: FastifyInstance, publicUrl: string): client.CustomFetch {
  const origin = new URL(publicUrl);
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== origin.origin) {
      throw new Error(`The embedded identity provider is reached in process only: ${target.origin} is not ${origin.origin}`);
    }
    const headers = Object.fromEntries(new Headers(options.headers as HeadersInit).entries());
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: { ...headers, host: target.host },
      payload: options.body === undefined || options.body === null ? undefined : String(options.body),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
    }
    const noBody = response.statusCode === 204 || response.statusCode === 304;
    return new Response(noBody ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers: responseHeaders });
  };
}

function once<T>(factory: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    // A failed discovery (provider down) is retried on the next request instead of being cached.
    pending ??= factory().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

export function createEmbeddedOidcClient(
  app: FastifyInstance,
  config: Config & { oidc: { mode: 'embedded' } },
  options: { clientSecret: string; signingKeys: JWK[] },
): OidcClient {
  const jwks = createLocalJWKSet({ keys: options.signingKeys.map(publicJwk) });
  return {
    issuer: config.oidc.issuer,
    audience: config.oidc.audience,
    resource: config.oidc.audience,
    promptConsent: true,
    maxAccessTokenLifetime: config.oidc.accessTokenTtlSeconds,
    // The embedded provider verifies addresses itself, and says so in every token.
    trustEmail: false,
    fiscalCodeClaim: FISCAL_NUMBER_CLAIM,
    userinfoCompletesIdToken: false,
    jwks: async () => jwks,
    configuration: once(() =>
      client.discovery(new URL(config.oidc.issuer), config.oidc.clientId, options.clientSecret, undefined, {
        [client.customFetch]: inProcessFetch(app, config.publicUrl),
        // openid-client refuses an http issuer unless told; a portal on https needs no exception.
        execute: config.oidc.issuer.startsWith('http://') ? [client.allowInsecureRequests] : [],
      }),
    ),
  };
}

export function createExternalOidcClient(config: Config & { oidc: { mode: 'external' } }): OidcClient {
  const { issuer, clientId, clientSecret, audience, maxAccessTokenLifetime, trustEmail, fiscalCodeClaim } = config.oidc;
  const insecure = issuer.startsWith('http://');
  const configuration = once(() =>
    client.discovery(new URL(issuer), clientId, clientSecret, undefined, insecure ? { execute: [client.allowInsecureRequests] } : {}),
  );
  const jwks = once(async () => {
    const uri = (await configuration()).serverMetadata().jwks_uri;
    if (!uri) throw new Error(`The identity provider ${issuer} publishes no jwks_uri`);
    return createRemoteJWKSet(new URL(uri));
  });
  return {
    issuer,
    audience,
    promptConsent: false,
    maxAccessTokenLifetime,
    trustEmail,
    fiscalCodeClaim,
    userinfoCompletesIdToken: true,
    configuration,
    jwks,
  };
}
