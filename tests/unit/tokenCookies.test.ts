import { afterEach, describe, expect, it } from 'vitest';
import { clearTokenCookies, hasAccessTokenCookie, readTokenCookies, tokenCookie, writeTokenCookies } from '../../src/auth/tokenCookies.ts';

afterEach(() => clearTokenCookies(document));

describe('token cookies', () => {
  it('last 30 days on the whole site, stay on this site, and are Secure on https (spec §9)', () => {
    expect(tokenCookie('token', 'abc', true)).toBe('token=abc; Path=/; Max-Age=2592000; SameSite=Strict; Secure');
    expect(tokenCookie('token', 'abc', false)).not.toContain('Secure');
  });

  it('keep the session across a reload', () => {
    writeTokenCookies(document, { token: 'eyJ.access', refreshToken: 'refresh=1', idToken: 'eyJ.id' }, false);

    expect(hasAccessTokenCookie(document)).toBe(true);
    expect(readTokenCookies(document)).toEqual({ token: 'eyJ.access', refreshToken: 'refresh=1', idToken: 'eyJ.id' });
  });

  it('drop a refresh token the provider no longer gives', () => {
    writeTokenCookies(document, { token: 'a', refreshToken: 'r', idToken: 'i' }, false);
    writeTokenCookies(document, { token: 'b', refreshToken: null, idToken: null }, false);

    expect(readTokenCookies(document)).toEqual({ token: 'b', refreshToken: null, idToken: null });
  });

  it('are gone after logout, so the guard sends the person to /', () => {
    writeTokenCookies(document, { token: 'a', refreshToken: 'r', idToken: 'i' }, false);

    clearTokenCookies(document);

    expect(hasAccessTokenCookie(document)).toBe(false);
    expect(readTokenCookies(document)).toBeNull();
  });

  it('ignore other cookies with similar names', () => {
    const jar = { cookie: 'xtoken=nope; token_old=nope; refresh_token=r' };
    expect(readTokenCookies(jar)).toBeNull();
  });
});
