import { z } from 'zod';

/** POST /api/User/ResendVerificationEmail takes nothing: the address is the caller's own. */
export const resendVerificationRequestSchema = z.object({}).strict();

/** POST /api/User/ResendVerificationEmail: the same answer whatever happened. */
export const resendVerificationResponseSchema = z.object({ message: z.string() });
export type ResendVerificationResponse = z.infer<typeof resendVerificationResponseSchema>;

/**
 * The BroadcastChannel on which the provider's page of an opened verification link tells the portal's open tabs
 * (same origin) that the address is verified: they renew their token, which now says email_verified.
 */
export const EMAIL_VERIFIED_CHANNEL = 'portale-fondi:email-verified';
