import * as client from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessTokenClaims } from './accessToken.ts';
import type { OidcClient } from './oidcClient.ts';
import { identityFromClaims, type UserRepository } from './users.ts';

export type ProviderTokens = client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;

/**
 * What the provider says of the person when it issues tokens (a sign-in, a renewal), recorded on their user: the ID
 * token's claims, completed from the userinfo endpoint when the ID token leaves out the address or whether it is
 * verified. Every API call reads the access token only, and many providers put `email_verified` in the ID token or
 * userinfo alone: without this their applicants could never hand anything over. The codice fiscale (SPID/CIE
 * `fiscal_number`, or OIDC_FISCAL_CODE_CLAIM) is read the same way. The embedded provider's ID token says all it
 * knows (`userinfoCompletesIdToken: false`), so its sign-ins never call userinfo.
 */
export function createSignInIdentity(deps: { oidc: OidcClient; users: UserRepository }) {
  return async (tokens: ProviderTokens, log: FastifyBaseLogger): Promise<void> => {
    const idClaims = tokens.claims();
    // A renewal may come without an ID token: the user keeps what the sign-in recorded.
    if (!idClaims) return;
    let claims: Record<string, unknown> = idClaims;
    const saysEverything =
      idClaims.email !== undefined && idClaims.email_verified !== undefined && idClaims[deps.oidc.fiscalCodeClaim] !== undefined;
    if (!saysEverything && deps.oidc.userinfoCompletesIdToken) {
      const configuration = await deps.oidc.configuration();
      if (configuration.serverMetadata().userinfo_endpoint) {
        try {
          // The ID token's own claims win: userinfo only fills what it left out.
          claims = { ...(await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)), ...idClaims };
        } catch (err) {
          log.warn({ err }, 'the identity provider’s userinfo could not be read at sign-in');
        }
      }
    }
    const identity = identityFromClaims(deps.oidc.issuer, claims as AccessTokenClaims, deps.oidc);
    if (identity.fiscalCodeRejected) {
      // Never stored: a malformed code would then stand for the person. The problem only, not the value (personal data).
      log.warn(
        { event: 'auth.fiscal_code.rejected', claim: deps.oidc.fiscalCodeClaim, problem: identity.fiscalCodeRejected },
        'the identity provider sent a fiscal code that is not valid: ignored',
      );
    }
    await deps.users.ensure(identity);
  };
}

export type SignInIdentity = ReturnType<typeof createSignInIdentity>;
