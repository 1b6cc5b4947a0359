import { z } from 'zod';

/**
 * POST /api/Jwt/token-exchange body. `state` and `iss` are the ones the identity provider returned with
 * the code on /login-callback (RFC 9207: `iss` proves which provider answered).
 */
export const tokenExchangeRequestSchema = z.object({
  code: z.string().min(1).max(4096),
  redirectUri: z.string().url().max(2048),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
});
export type TokenExchangeRequest = z.infer<typeof tokenExchangeRequestSchema>;

/** Response of token-exchange and refresh. `id_token` is kept to end the session at the provider. */
export const tokenSetSchema = z.object({
  token: z.string(),
  refresh_token: z.string().nullable(),
  id_token: z.string().nullable(),
  expires_in: z.number().int().nullable(),
});
export type TokenSet = z.infer<typeof tokenSetSchema>;

export const refreshRequestSchema = z.object({ refresh_token: z.string().min(1).max(4096) });
/** Esci: the refresh token whose grant ends at the provider (POST /api/Jwt/revoke). */
export const revokeRequestSchema = z.object({ refresh_token: refreshRequestSchema.shape.refresh_token });

/** Where the browser is sent at the identity provider: the login page or the registration page. */
export const loginScreenSchema = z.enum(['login', 'register']);
export type LoginScreen = z.infer<typeof loginScreenSchema>;
