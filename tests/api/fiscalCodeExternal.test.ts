import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/testApp.ts';
import {
  accessTokenClaims,
  signInThroughExternalProvider as signIn,
  startPortalWithExternalProvider,
  type ExternalProvider as External,
} from '../support/externalProviderPortal.ts';

/**
 * SPID and CIE, through an OpenID Connect proxy, send the person's codice fiscale as `fiscal_number`
 * (`TINIT-<code>`), in the ID token or userinfo: the portal keeps it with the person, normalised, and GET /api/User
 * returns it. Something that is not a fiscal code is never stored; OIDC_FISCAL_CODE_CLAIM names another claim.
 */

const byLogin = {
  'persona-spid': 'TINIT-RSSMRA80A01H501U',
  'persona-cie': 'tinit-vrdgpp75m41f205v',
  'persona-sbagliata': 'TINIT-RSSMRA80A01H501X',
  'persona-corta': 'TINIT-RSSMRA80A01',
};

describe.each(['id_token', 'userinfo'] as const)('a SPID/CIE provider that sends fiscal_number in the %s', (where) => {
  let external: External;
  let portal: TestApp;
  beforeAll(async () => ({ external, portal } = await startPortalWithExternalProvider(where, { fiscalCodes: { byLogin } })));
  afterAll(async () => {
    await portal?.close();
    await external?.close();
  });

  it('stores the person’s codice fiscale, normalised, and GET /api/User returns it', async () => {
    const token = await signIn(portal, external, 'persona-spid');
    // Every call carries the access token alone, which says nothing of it: the code stays as the sign-in stored it.
    expect(accessTokenClaims(token)).not.toHaveProperty('fiscal_number');
    expect((await portal.get('/api/User', token)).json()).toMatchObject({ fiscalCode: 'RSSMRA80A01H501U' });
    const lowerCase = await signIn(portal, external, 'persona-cie');
    expect((await portal.get('/api/User', lowerCase)).json()).toMatchObject({ fiscalCode: 'VRDGPP75M41F205V' });
  });

  it('ignores a value that is not a fiscal code (wrong check character, too short)', async () => {
    for (const login of ['persona-sbagliata', 'persona-corta']) {
      const token = await signIn(portal, external, login);
      const me = await portal.get('/api/User', token);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ fiscalCode: null, email: `${login}@esterno.example.it` });
    }
  });

  it('leaves a person the provider says nothing about without a code', async () => {
    const token = await signIn(portal, external, 'persona-senza-codice');
    expect((await portal.get('/api/User', token)).json()).toMatchObject({ fiscalCode: null });
  });
});

describe('OIDC_FISCAL_CODE_CLAIM', () => {
  let external: External;
  let portal: TestApp;
  beforeAll(
    async () =>
      ({ external, portal } = await startPortalWithExternalProvider('id_token', {
        fiscalCodes: { claim: 'codice_fiscale', byLogin: { 'persona-proxy': 'BNCLCU85T10L219C' } },
        env: { OIDC_FISCAL_CODE_CLAIM: 'codice_fiscale' },
      })),
  );
  afterAll(async () => {
    await portal?.close();
    await external?.close();
  });

  it('reads the code from the claim it names', async () => {
    const token = await signIn(portal, external, 'persona-proxy');
    expect((await portal.get('/api/User', token)).json()).toMatchObject({ fiscalCode: 'BNCLCU85T10L219C' });
  });
});
