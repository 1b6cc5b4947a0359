import type { Server } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { CookieJar } from './cookieJar.ts';
import { freePort } from './portalProcess.ts';

/** Where an external provider says the address is verified: the ID token only, userinfo only, or nowhere. */
export type EmailVerifiedIn = 'id_token' | 'userinfo' | 'nowhere';

/** A SPID/CIE-like provider's fiscal codes: the claim it sends them in, and each login's value (as sent, e.g. TINIT-…). */
export interface FiscalCodes {
  claim?: string;
  byLogin: Record<string, string>;
}

export const EXTERNAL_CLIENT = { id: 'portale-fondi', secret: 'segreto-del-client-di-prova', audience: 'urn:esterno:api' };

/**
 * An external OpenID Connect provider as many real ones behave (oidc-provider with its development login, over
 * plain HTTP on a local port): JWT access tokens that carry no e-mail claims at all, and `email_verified: true`
 * either in the ID token only, in userinfo only, or nowhere. Every person who signs in is verified, so a portal
 * that reads only the access token blocks them all.
 */
export async function startExternalProvider(portalUrl: string, emailVerifiedIn: EmailVerifiedIn, fiscalCodes?: FiscalCodes) {
  const fiscalClaim = fiscalCodes?.claim ?? 'fiscal_number';
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: EXTERNAL_CLIENT.id,
        client_secret: EXTERNAL_CLIENT.secret,
        redirect_uris: [`${portalUrl}/login-callback`],
        post_logout_redirect_uris: [`${portalUrl}/logout-callback`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    // fiscal_number with the profile, as SPID/CIE proxies map it (in the ID token and userinfo, never the access token).
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', fiscalClaim] },
    // With `id_token`: the ID token of a code flow carries the person's claims too, as Keycloak's and Entra ID's do.
    conformIdTokenClaims: emailVerifiedIn !== 'id_token',
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims(use) {
          const says = (emailVerifiedIn === 'id_token' && use === 'id_token') || (emailVerifiedIn === 'userinfo' && use === 'userinfo');
          return {
            sub,
            email: `${sub}@esterno.example.it`,
            given_name: 'Ada',
            family_name: 'Esterna',
            ...(says ? { email_verified: true } : {}),
            ...(fiscalCodes?.byLogin[sub] ? { [fiscalClaim]: fiscalCodes.byLogin[sub] } : {}),
          };
        },
      };
    },
    features: {
      devInteractions: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => EXTERNAL_CLIENT.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'api',
          audience: EXTERNAL_CLIENT.audience,
          accessTokenTTL: 600,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
  };
  const provider = new Provider(issuer, configuration);
  // oidc-provider's own userinfo refuses access tokens issued for a resource server, which Keycloak's and most
  // others' accept: this one answers them, after checking the token's signature, issuer and audience.
  const keys = createRemoteJWKSet(new URL(`${issuer}/jwks`));
  provider.use(async (ctx, next) => {
    if (ctx.path !== '/me') return next();
    const token = ctx.get('authorization').replace(/^Bearer /i, '');
    try {
      const { payload } = await jwtVerify(token, keys, { issuer, audience: EXTERNAL_CLIENT.audience });
      const account = await configuration.findAccount!(ctx as never, payload.sub!);
      ctx.body = await account!.claims('userinfo', 'openid email profile', {}, []);
    } catch {
      ctx.status = 401;
      ctx.set('www-authenticate', 'Bearer error="invalid_token"');
    }
  });
  const listening = await new Promise<Server>((resolve) => {
    const started = provider.listen(port, '127.0.0.1', () => resolve(started));
  });

  /**
   * A browser at the provider: from the authorization URL the portal redirected to, through the development login
   * (any password) and consent forms, to the portal's /login-callback address with its code.
   */
  async function signIn(authorizationUrl: string, login: string): Promise<string> {
    const jar = new CookieJar();
    let request: { method: 'GET' | 'POST'; url: string; form?: Record<string, string> } = { method: 'GET', url: authorizationUrl };
    for (let hop = 0; hop < 20; hop++) {
      const url = new URL(request.url, issuer);
      const response = await fetch(url, {
        method: request.method,
        redirect: 'manual',
        headers: {
          cookie: jar.headerFor(url.pathname),
          ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: request.form ? new URLSearchParams(request.form).toString() : undefined,
      });
      jar.store(response.headers.getSetCookie());
      const location = response.headers.get('location');
      if (location) {
        if (location.startsWith(`${portalUrl}/login-callback`)) return location;
        request = { method: 'GET', url: location };
        continue;
      }
      const html = await response.text();
      const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
      if (!action) throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
      const hidden = Object.fromEntries(
        [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      request = { method: 'POST', url: action, form: { ...hidden, login, password: 'qualsiasi' } };
    }
    throw new Error('too many redirects at the external provider');
  }

  return {
    issuer,
    signIn,
    close: () => new Promise<void>((resolve) => listening.close(() => resolve())),
  };
}
