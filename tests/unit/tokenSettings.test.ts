// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

/** The two settings of the session's tokens: the reuse window of a rotated refresh token, and the test-only access-token lifetime. */
describe('token settings', () => {
  it('defaults: a 10-second reuse window and 15-minute access tokens at the embedded provider', () => {
    const config = loadConfig({});
    expect(config.refreshTokenReuseSeconds).toBe(10);
    expect(config.oidc).toMatchObject({ mode: 'embedded', accessTokenTtlSeconds: 15 * 60 });
  });

  it('takes a shorter access-token lifetime and another window, 0 included', () => {
    const config = loadConfig({ IDP_ACCESS_TOKEN_TTL_SECONDS: '5', REFRESH_TOKEN_REUSE_SECONDS: '0' });
    expect(config.refreshTokenReuseSeconds).toBe(0);
    expect(config.oidc).toMatchObject({ accessTokenTtlSeconds: 5 });
  });

  it.each([
    [{ IDP_ACCESS_TOKEN_TTL_SECONDS: '0' }, 'IDP_ACCESS_TOKEN_TTL_SECONDS'],
    [{ IDP_ACCESS_TOKEN_TTL_SECONDS: '3600' }, 'IDP_ACCESS_TOKEN_TTL_SECONDS'],
    [{ IDP_ACCESS_TOKEN_TTL_SECONDS: '60', OIDC_ISSUER: 'https://sso.example.it', OIDC_CLIENT_ID: 'portale' }, 'embedded provider only'],
    [{ REFRESH_TOKEN_REUSE_SECONDS: '-1' }, 'REFRESH_TOKEN_REUSE_SECONDS'],
    [{ REFRESH_TOKEN_REUSE_SECONDS: '120' }, 'REFRESH_TOKEN_REUSE_SECONDS'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
