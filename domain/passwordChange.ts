import { z } from 'zod';
import { passwordMessages } from './messages/password.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './passwordRules.ts';

const m = passwordMessages;

/**
 * POST /api/User/ChangePassword body. `refreshToken` is the session the change is made from: it stays signed in
 * while every other session of the person ends (without it, every session ends).
 */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: m.currentRequired }).min(1, m.currentRequired).max(MAX_PASSWORD_LENGTH, m.currentWrong),
  newPassword: z.string({ error: m.tooShort }).min(MIN_PASSWORD_LENGTH, m.tooShort).max(MAX_PASSWORD_LENGTH, m.tooLong),
  refreshToken: z.string().max(4096).nullish(),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const changePasswordFieldLabels: Record<string, string> = {
  currentPassword: m.currentPassword,
  newPassword: m.newPassword,
  refreshToken: 'Sessione',
};

/**
 * GET /api/User/GetIdentityProvider: who keeps the person's password. The embedded provider lets them change it
 * on the account page; an external one (OIDC_ISSUER) is where they change it, named by its issuer's address.
 */
export const identityProviderSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('embedded') }),
  z.object({ kind: z.literal('external'), issuer: z.string() }),
]);
export type IdentityProvider = z.infer<typeof identityProviderSchema>;
