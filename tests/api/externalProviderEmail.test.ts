import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationPayload } from '../support/organizationFixtures.ts';
import type { TestApp } from '../support/testApp.ts';
import {
  accessTokenClaims,
  signInThroughExternalProvider as signIn,
  startPortalWithExternalProvider,
  type ExternalProvider as External,
} from '../support/externalProviderPortal.ts';

/**
 * With an external OpenID Connect provider, whether the address is verified is read where providers put it: the
 * access token, else the ID token and userinfo at sign-in. A provider that never says so can be trusted with
 * OIDC_TRUST_EMAIL, and the portal never offers a verification link it cannot send.
 */

describe.each(['id_token', 'userinfo'] as const)('a provider that says email_verified in the %s only', (where) => {
  let external: External;
  let portal: TestApp;
  beforeAll(async () => ({ external, portal } = await startPortalWithExternalProvider(where)));
  afterAll(async () => {
    await portal?.close();
    await external?.close();
  });

  it('lets its verified people register an organisation', async () => {
    const token = await signIn(portal, external, `persona-${where}`);
    expect(accessTokenClaims(token)).not.toHaveProperty('email_verified');
    const me = await portal.get('/api/User', token);
    expect(me.json()).toMatchObject({ email: `persona-${where}@esterno.example.it`, emailVerified: true });
    const created = await portal.post('/api/Organization/CreateOrganization', organizationPayload(), token);
    expect(created.statusCode, created.body).toBe(201);
    // Later calls carry the access token alone, which says nothing: the address stays verified.
    expect((await portal.get('/api/User', token)).json()).toMatchObject({ emailVerified: true });
  });
});

describe('a provider that never says email_verified', () => {
  let external: External;
  let portal: TestApp;
  beforeAll(async () => ({ external, portal } = await startPortalWithExternalProvider('nowhere')));
  afterAll(async () => {
    await portal?.close();
    await external?.close();
  });

  it('keeps its people unverified, and offers no verification link the portal cannot send', async () => {
    const token = await signIn(portal, external, 'persona-muta');
    expect((await portal.get('/api/User', token)).json()).toMatchObject({ emailVerified: false });
    const refused = await portal.post('/api/Organization/CreateOrganization', organizationPayload(), token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'email_not_verified',
      message:
        'Registrazione non verificata: conferma il tuo indirizzo email presso il servizio di autenticazione con cui accedi, poi esci dal portale, accedi di nuovo e riprova.',
    });

    expect((await portal.get('/api/User/GetIdentityProvider', token)).json()).toEqual({ kind: 'external', issuer: external.issuer });
    const resend = await portal.post('/api/User/ResendVerificationEmail', {}, token);
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toEqual({
      error: 'verification_managed_elsewhere',
      message: expect.stringContaining('Il servizio di autenticazione con cui accedi non ha ancora confermato il tuo indirizzo email'),
    });
  });
});

describe('OIDC_TRUST_EMAIL=true', () => {
  let external: External;
  let portal: TestApp;
  beforeAll(async () => ({ external, portal } = await startPortalWithExternalProvider('nowhere', { env: { OIDC_TRUST_EMAIL: 'true' } })));
  afterAll(async () => {
    await portal?.close();
    await external?.close();
  });

  it('trusts every address the provider gives', async () => {
    const token = await signIn(portal, external, 'persona-fidata');
    expect((await portal.get('/api/User', token)).json()).toMatchObject({ emailVerified: true });
    const created = await portal.post('/api/Organization/CreateOrganization', organizationPayload(), token);
    expect(created.statusCode, created.body).toBe(201);
  });
});
