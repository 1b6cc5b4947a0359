import { ID_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, TOKEN_COOKIE, TOKEN_COOKIE_MAX_AGE_DAYS } from '../../domain/authCookies.ts';
import type { StoredTokens } from '../../machines/auth/types.ts';
import { browserTabLocks, type TabRenewalHost } from './tabRenewal.ts';

/** Anything with a `cookie` property that behaves like `document.cookie`. */
export interface CookieJar {
  cookie: string;
}

const MAX_AGE_SECONDS = TOKEN_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;

/** Spec §9: 30 days, path /. SameSite=Strict keeps the tokens off cross-site requests; Secure on https. */
export function tokenCookie(name: string, value: string, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function expiredCookie(name: string): string {
  return `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
}

export function readCookie(jar: CookieJar, name: string): string | null {
  for (const pair of jar.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    if (value === '') return null;
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

export function hasAccessTokenCookie(jar: CookieJar): boolean {
  return readCookie(jar, TOKEN_COOKIE) !== null;
}

export function readTokenCookies(jar: CookieJar): StoredTokens | null {
  const token = readCookie(jar, TOKEN_COOKIE);
  if (token === null) return null;
  return { token, refreshToken: readCookie(jar, REFRESH_TOKEN_COOKIE), idToken: readCookie(jar, ID_TOKEN_COOKIE) };
}

/**
 * Writes the tokens every tab shares, and returns once the browser's cookie store holds them. Chromium hands a
 * script's cookie to its cookie store after the assignment returns, and another tab reads that store: a tab that took
 * the renewal lock just after this one let go of it read the old refresh token in 16 to 26 rounds of 100, renewed with
 * it, and the provider, seeing a rotated token used twice, ended the session in both tabs. Reading the cookies once
 * waits for the writes before it (the read is a synchronous call to the same store, behind them).
 */
export function writeTokenCookies(jar: CookieJar, tokens: StoredTokens, secure: boolean): void {
  jar.cookie = tokenCookie(TOKEN_COOKIE, tokens.token, secure);
  jar.cookie =
    tokens.refreshToken === null ? expiredCookie(REFRESH_TOKEN_COOKIE) : tokenCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, secure);
  jar.cookie = tokens.idToken === null ? expiredCookie(ID_TOKEN_COOKIE) : tokenCookie(ID_TOKEN_COOKIE, tokens.idToken, secure);
  void jar.cookie;
}

export function clearTokenCookies(jar: CookieJar): void {
  for (const name of [TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, ID_TOKEN_COOKIE]) jar.cookie = expiredCookie(name);
}

/** The tokens as every tab of the browser shares them: the page's token cookies, renewed under the tabs' Web Lock. */
export function browserTokenStore(): TabRenewalHost & { clearTokens(): void } {
  const secure = window.location.protocol === 'https:';
  return {
    readTokens: () => readTokenCookies(document),
    writeTokens: (tokens) => writeTokenCookies(document, tokens, secure),
    clearTokens: () => clearTokenCookies(document),
    locks: browserTabLocks(),
  };
}
