import { z } from 'zod';
import type { AuthEvent } from '../../machines/auth/types.ts';
import { LOGIN_CALLBACK_PATH } from '../api/jwt.ts';

/** What the identity provider appends to /login-callback (OAuth 2.0 authorization response). */
export const loginCallbackSearchSchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  // RFC 9207: the provider names itself; the server checks it against the issuer it expects.
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});
export type LoginCallbackSearch = z.infer<typeof loginCallbackSearchSchema>;

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
