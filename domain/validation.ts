import { z } from 'zod';

/** One field a request got wrong: its name in the payload (a dotted path) and the Italian message. */
export const fieldMessageSchema = z.object({ field: z.string(), message: z.string() });
export type FieldMessage = z.infer<typeof fieldMessageSchema>;
