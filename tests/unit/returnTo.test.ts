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

  // Finding 10 of issue 41: each of these resolves, or is read by a browser or a decoding router, as another site.
  it.each([
    '//x',
    '///x',
    '/\\x',
    '\\\\x',
    '/\\/x',
    '/.//x',
    '/./\\x',
    '/..//x',
    '/a/..//x',
    '/a/../..//x',
    '/%2E//x',
    '/%2e%2e//x',
    '/%2F%2Fx',
    '/%2f/x',
    '/%5Cx',
    '/%5c%5cx',
    '/%09/x',
    '\t//x',
    '\n//x',
    ' //x',
    '/\t/x',
    '/\r\n/x',
    'https://x',
    'HTTPS://x/calls',
    'http:x',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,x',
    '/%',
  ])('never returns another site for %j', (saved) => {
    const path = sanitizeReturnTo(saved);
    if (path === null) return;
    expect(path).toMatch(/^\/(?![/\\])/);
    expect(decodeURIComponent(path.split(/[?#]/, 1)[0]!)).toMatch(/^\/(?![/\\])/);
    expect(new URL(path, 'https://portale.invalid').origin).toBe('https://portale.invalid');
  });

  it.each(['/.//x', '/..//x', '/%2F%2Fx', '/%5Cx', '/%2e%2e//x'])('refuses %j outright', (saved) => {
    expect(sanitizeReturnTo(saved)).toBeNull();
  });

  it('keeps a same-site path that only looks odd', () => {
    expect(sanitizeReturnTo('/a/../calls')).toBe('/calls');
    expect(sanitizeReturnTo('/calls?next=//x')).toBe('/calls?next=//x');
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
