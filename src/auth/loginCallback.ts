import type { AuthEvent } from '../../machines/auth/types.ts';
import { LOGIN_CALLBACK_PATH } from '../api/jwt.ts';

/** What the identity provider appends to /login-callback (OAuth 2.0 authorization response). */
export interface LoginCallbackSearch {
  code?: string;
  state?: string;
  /** RFC 9207: the provider names itself; the server checks it against the issuer it expects. */
  iss?: string;
  error?: string;
  error_description?: string;
}

/** The longest value each parameter may have; anything longer, or not text, is refused. */
const MAX_LENGTHS = { code: 4096, state: 512, iss: 2048, error: 256, error_description: 1024 } as const satisfies Record<
  keyof LoginCallbackSearch,
  number
>;

/**
 * Checks the authorization response, which any OpenID provider may send in production: each parameter absent or
 * text no longer than its bound (other parameters are dropped); throws otherwise. A hand check rather than a zod
 * schema: the route tree, and so this, is in every page's first load.
 */
export function parseLoginCallbackSearch(search: Record<string, unknown>): LoginCallbackSearch {
  const parsed: LoginCallbackSearch = {};
  for (const [name, max] of Object.entries(MAX_LENGTHS) as [keyof LoginCallbackSearch, number][]) {
    const value = search[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.length > max) throw new Error(`${name}: expected text of at most ${max} characters`);
    parsed[name] = value;
  }
  return parsed;
}

/** Turns the provider's answer into the auth machine's event; redirectUri must match the one of the login. */
export function loginCallbackEvent(search: LoginCallbackSearch, origin: string): AuthEvent {
  if (search.error !== undefined || search.code === undefined || search.code === '') return { type: 'auth.denied' };
  return {
    type: 'auth.callback',
    code: search.code,
    state: search.state ?? null,
    iss: search.iss ?? null,
    redirectUri: `${origin}${LOGIN_CALLBACK_PATH}`,
  };
}
