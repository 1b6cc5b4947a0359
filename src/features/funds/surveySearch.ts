import { z } from 'zod';

/** Spec §2 navigation state of the application wizard: starting step, read-only view. */
export const applicationWizardSearchSchema = z.object({
  numberStep: z.number().int().min(0).max(6).optional().catch(undefined),
  isReadOnly: z.boolean().optional().catch(undefined),
});

/** Spec §2 navigation state of the review/monitoring survey wizard. */
export const surveyWizardSearchSchema = z.object({
  isReadOnly: z.boolean().optional().catch(undefined),
  monitoraggio: z.boolean().optional().catch(undefined),
  /** Monitoring: the period shown (its id); the current one when omitted. */
  periodo: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i)
    .optional()
    .catch(undefined),
});
