import { describe, expect, it } from 'vitest';
import { RETURN_TO_STORAGE_KEY, rememberReturnTo, sanitizeReturnTo, takeReturnTo } from '../../src/auth/returnTo.ts';

describe('where a person returns after login', () => {
  it.each([
    ['/calls', '/calls'],
    ['/your-organization/42?tab=membri#elenco', '/your-organization/42?tab=membri#elenco'],
    ['/survey/TUR_candidatura', '/survey/TUR_candidatura'],
  ])('goes back to %s', (saved, expected) => {
    expect(sanitizeReturnTo(saved)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/calls'],
    ['a protocol-relative URL', '//evil.example/calls'],
    ['a backslash trick', '/\\evil.example'],
    ['a tab the browser would drop', '/\t/evil.example'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'calls'],
    ['the welcome page', '/'],
    ['the login callback', '/login-callback?code=old'],
    ['the logout page', '/logout'],
    ['something that is not text', 42],
  ])('never goes to %s', (_what, saved) => {
    expect(sanitizeReturnTo(saved)).toBeNull();
  });

  it('is used once: a second login starts from the role’s home', () => {
    rememberReturnTo(window.sessionStorage, '/calls');
    expect(takeReturnTo(window.sessionStorage)).toBe('/calls');
    expect(takeReturnTo(window.sessionStorage)).toBeNull();
  });

  it('does not keep an unsafe destination', () => {
    window.sessionStorage.removeItem(RETURN_TO_STORAGE_KEY);
    rememberReturnTo(window.sessionStorage, '//evil.example');
    expect(window.sessionStorage.getItem(RETURN_TO_STORAGE_KEY)).toBeNull();
  });
});
