import { z } from 'zod';
import { compilazioneTypeSchema, fundSchema } from './applicationStatusSchemas.ts';

/**
 * Warning thresholds of a call (spec §5 Warnings, §9). Amounts in euro, shares in percent of the total
 * investment; the TUR-only rules are null for PUI.
 */
export const callThresholdsSchema = z.object({
  /** Fund amount above which a warning is shown: 30,000,000 (PUI), 16,000,000 (TUR). */
  fundAmountWarning: z.number().positive(),
  /** Maximum fund share of the total: 50 %. */
  maxFundSharePercent: z.number().min(0).max(100),
  /** TUR: property purchase above this share of the total: 10 %. */
  propertyPurchaseMaxPercent: z.number().min(0).max(100).nullable(),
  /** TUR: energy-transition capex below this share of the total: 50 %. */
  energyCapexMinPercent: z.number().min(0).max(100).nullable(),
  /** TUR: digital-transition capex below this share of the total: 20 %. */
  digitalCapexMinPercent: z.number().min(0).max(100).nullable(),
});
export type CallThresholds = z.infer<typeof callThresholdsSchema>;

/** GET /api/Call/GetCallList: one item per fund, TUR first (the order of the cards on /calls). */
export const callSchema = z.object({
  fund: fundSchema,
  compilazioneType: compilazioneTypeSchema,
  title: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  /** Whether the call accepts applications now (opensAt ≤ now < closesAt). */
  isOpen: z.boolean(),
  /** Last allowed end of works, ISO date (YYYY-MM-DD): later dates block submit (spec §5). */
  endOfWorksLimit: z.string(),
  thresholds: callThresholdsSchema,
});
export type Call = z.infer<typeof callSchema>;
export const callListSchema = z.array(callSchema);
