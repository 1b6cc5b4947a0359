import { expect } from 'vitest';
import { EXTERNAL_CLIENT, startExternalProvider, type EmailVerifiedIn, type FiscalCodes } from './externalProvider.ts';
import { createTestApp, type TestApp } from './testApp.ts';

export type ExternalProvider = Awaited<ReturnType<typeof startExternalProvider>>;

/**
 * A test portal whose identity provider is an external one (OIDC_ISSUER): the provider of ./externalProvider.ts,
 * started first, since its client must name the portal's login-callback before the portal knows its issuer.
 */
export async function startPortalWithExternalProvider(
  emailVerifiedIn: EmailVerifiedIn,
  options: { fiscalCodes?: FiscalCodes; env?: Record<string, string> } = {},
) {
  const external = await startExternalProvider('http://portale.test', emailVerifiedIn, options.fiscalCodes);
  const portal = await createTestApp({
    env: {
      OIDC_ISSUER: external.issuer,
      OIDC_CLIENT_ID: EXTERNAL_CLIENT.id,
      OIDC_CLIENT_SECRET: EXTERNAL_CLIENT.secret,
      OIDC_AUDIENCE: EXTERNAL_CLIENT.audience,
      ...options.env,
    },
  });
  return { external, portal };
}

/** The whole sign-in as a browser does it: the portal's login redirect, the provider's forms, the code exchange. */
export async function signInThroughExternalProvider(portal: TestApp, external: ExternalProvider, login: string): Promise<string> {
  const start = await portal.get('/api/Jwt/login');
  expect(start.statusCode).toBe(302);
  const loginCookie = String(start.headers['set-cookie']).split(';')[0]!;
  const callback = new URL(await external.signIn(String(start.headers.location), login));
  const exchanged = await portal.post(
    '/api/Jwt/token-exchange',
    {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
      iss: callback.searchParams.get('iss'),
      redirectUri: 'http://portale.test/login-callback',
    },
    undefined,
    { cookie: loginCookie },
  );
  expect(exchanged.statusCode, exchanged.body).toBe(200);
  return exchanged.json<{ token: string }>().token;
}

/** The claims of a JWT access token, unverified: what the provider put in it. */
export const accessTokenClaims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
