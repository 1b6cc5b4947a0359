import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { JWK } from 'jose';
import type { AccountStore } from './accounts.ts';
import { createDbAdapterFactory } from './adapter.ts';
import type { Db } from '../db/client.ts';
import { logoutPage, messagePage } from './pages.ts';
import { messages } from '../../domain/messages.ts';
import { identityProviderMessages as m } from '../../domain/messages/identityProvider.ts';
import { verificationMessages } from '../../domain/messages/verification.ts';
import { FISCAL_NUMBER_CLAIM } from '../config.ts';

export const API_RESOURCE_SCOPE = 'api';

/** The codice fiscale as SPID and CIE send it: `TINIT-<code>`; nothing when the person gave none. */
const fiscalNumber = (account: { fiscalCode: string | null }) =>
  account.fiscalCode ? { [FISCAL_NUMBER_CLAIM]: `TINIT-${account.fiscalCode}` } : {};
const DAY = 24 * 60 * 60;

export interface EmbeddedProviderOptions {
  db: Db;
  accounts: AccountStore;
  issuer: string;
  publicUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  apiAudience: string;
  /** How long an access token lives (config: 15 minutes, shorter in tests). */
  accessTokenTtlSeconds: number;
  signingKeys: JWK[];
  cookieKeys: string[];
  secureCookies: boolean;
}

/**
 * The standard interaction policy plus `create` (OpenID Connect "prompt=create"): a requestable prompt
 * that opens the registration page instead of the login page.
 */
function interactionPolicyWithRegistration() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);
  return policy;
}

function html(ctx: KoaContextWithOIDC, body: string) {
  ctx.type = 'html';
  ctx.body = body;
}

export function createEmbeddedProvider(options: EmbeddedProviderOptions): Provider {
  const { accounts, apiAudience } = options;

  const configuration: Configuration = {
    adapter: createDbAdapterFactory(options.db),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        client_name: messages.layout.platformName,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: options.signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: options.cookieKeys,
      long: { signed: true, secure: options.secureCookies, sameSite: 'lax' },
      short: { signed: true, secure: options.secureCookies, sameSite: 'lax' },
    },
    pkce: { required: () => true },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      // fiscal_number as SPID/CIE's providers give it, with the profile.
      profile: ['name', 'given_name', 'family_name', FISCAL_NUMBER_CLAIM],
    },
    async findAccount(_ctx, sub) {
      const account = await accounts.findById(sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        async claims() {
          return {
            sub: account.id,
            email: account.email,
            email_verified: account.emailVerifiedAt !== null,
            name: `${account.firstName} ${account.lastName}`.trim(),
            given_name: account.firstName,
            family_name: account.lastName,
            ...fiscalNumber(account),
          };
        },
      };
    },
    // The API creates its user from the access token alone, so it carries who the person is and their roles.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await accounts.findById(token.accountId);
      if (!account) return undefined;
      return {
        email: account.email,
        // True once the person opened the link mailed at registration (the bootstrap administrator: always).
        email_verified: account.emailVerifiedAt !== null,
        given_name: account.firstName,
        family_name: account.lastName,
        roles: account.roles,
        ...fiscalNumber(account),
      };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => html(ctx, logoutPage(form)),
        postLogoutSuccessSource: (ctx) =>
          html(
            ctx,
            messagePage({
              title: m.loggedOutTitle,
              message: m.loggedOut,
              linkHref: `${options.publicUrl}/`,
              linkText: verificationMessages.backToPortal,
            }),
          ),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiAudience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: API_RESOURCE_SCOPE,
          audience: apiAudience,
          accessTokenTTL: options.accessTokenTtlSeconds,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    interactions: {
      policy: interactionPolicyWithRegistration(),
      url: (_ctx, interaction) => `/idp/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: options.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 30 * DAY,
      Session: 30 * DAY,
      RefreshToken: 30 * DAY,
    },
    rotateRefreshToken: true,
    // Codes and refresh tokens live only as long as the provider session they were issued in: ending that
    // session (Esci, the provider's logout page) revokes the grant, so a refresh after logout is refused.
    // Without this, offline_access tokens outlive the logout by design.
    expiresWithSession: async () => true,
    issueRefreshToken: async (_ctx, client, code) => client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    renderError(ctx, out) {
      html(
        ctx,
        messagePage({
          title: messages.auth.loginFailed,
          message: m.loginError(String(out.error ?? m.unknownError)),
          linkHref: `${options.publicUrl}/`,
          linkText: verificationMessages.backToPortal,
        }),
      );
    },
  };

  const provider = new Provider(options.issuer, configuration);
  // Every request reaches the provider through embeddedIdpPlugin, which sets X-Forwarded-Proto, -Host and -For to the
  // public origin and the client's address as Fastify read it: the provider believes those headers and nothing else.
  provider.proxy = true;
  return provider;
}
