import { z } from 'zod';

/** POST /api/User/ResendVerificationEmail takes nothing: the address is the caller's own. */
export const resendVerificationRequestSchema = z.object({}).strict();

/** POST /api/User/ResendVerificationEmail: the same answer whatever happened. */
export const resendVerificationResponseSchema = z.object({ message: z.string() });
export type ResendVerificationResponse = z.infer<typeof resendVerificationResponseSchema>;
