import { z } from 'zod';

/** Every 4xx/5xx answer of the API: `message` is Italian and meant for the person. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
