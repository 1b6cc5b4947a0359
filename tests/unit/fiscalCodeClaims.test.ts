// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { identityFromClaims } from '../../server/auth/users.ts';
import { fiscalCodeMessage, fiscalCodeMessages } from '../../domain/messages/fiscalCode.ts';

const external = { OIDC_ISSUER: 'https://spid-proxy.example.it/oidc/op', OIDC_CLIENT_ID: 'portale-fondi' };
const spid = { trustEmail: false, fiscalCodeClaim: 'fiscal_number' };
const claims = (extra: Record<string, unknown>) => ({ sub: 'persona', email: 'mario@example.it', ...extra });

describe('OIDC_FISCAL_CODE_CLAIM and OIDC_LOGIN_LABEL', () => {
  it('default to fiscal_number and «Accedi» (no label)', () => {
    const config = loadConfig(external);
    expect(config.oidc).toMatchObject({ mode: 'external', fiscalCodeClaim: 'fiscal_number' });
    expect(config.loginLabel).toBeUndefined();
  });

  it('take a claim name and a label', () => {
    const config = loadConfig({ ...external, OIDC_FISCAL_CODE_CLAIM: 'codice_fiscale', OIDC_LOGIN_LABEL: ' Entra con SPID o CIE ' });
    expect(config.oidc).toMatchObject({ fiscalCodeClaim: 'codice_fiscale' });
    expect(config.loginLabel).toBe('Entra con SPID o CIE');
  });

  it('refuse a claim name without an external provider, or one that is no claim name', () => {
    expect(() => loadConfig({ OIDC_FISCAL_CODE_CLAIM: 'codice_fiscale' })).toThrow(
      /OIDC_FISCAL_CODE_CLAIM applies to an external provider/,
    );
    expect(() => loadConfig({ ...external, OIDC_FISCAL_CODE_CLAIM: 'codice fiscale' })).toThrow(/OIDC_FISCAL_CODE_CLAIM/);
  });
});

describe('identityFromClaims reads the codice fiscale', () => {
  it('as SPID and CIE send it, or bare, normalised', () => {
    expect(identityFromClaims('i', claims({ fiscal_number: 'TINIT-RSSMRA80A01H501U' }), spid).fiscalCode).toBe('RSSMRA80A01H501U');
    expect(identityFromClaims('i', claims({ fiscal_number: 'rssmra80a01h501u' }), spid).fiscalCode).toBe('RSSMRA80A01H501U');
  });

  it('from the claim the issuer’s policy names, and no other', () => {
    const proxy = { trustEmail: false, fiscalCodeClaim: 'codice_fiscale' };
    expect(identityFromClaims('i', claims({ codice_fiscale: 'VRDGPP75M41F205V' }), proxy).fiscalCode).toBe('VRDGPP75M41F205V');
    expect(identityFromClaims('i', claims({ fiscal_number: 'TINIT-RSSMRA80A01H501U' }), proxy).fiscalCode).toBeUndefined();
  });

  it('says nothing when the token says nothing, and why when it says something invalid', () => {
    expect(identityFromClaims('i', claims({}), spid)).not.toHaveProperty('fiscalCode');
    expect(identityFromClaims('i', claims({ fiscal_number: 42 }), spid).fiscalCode).toBeUndefined();
    const wrong = identityFromClaims('i', claims({ fiscal_number: 'TINIT-RSSMRA80A01H501X' }), spid);
    expect(wrong.fiscalCode).toBeUndefined();
    expect(wrong.fiscalCodeRejected).toBe('check');
    expect(fiscalCodeMessage('check')).toBe(fiscalCodeMessages.check);
  });
});
