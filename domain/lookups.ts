import { z } from 'zod';

/** Every typology lookup item (spec §3 Lookups): an integer id and an Italian name. */
export const lookupItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type LookupItem = z.infer<typeof lookupItemSchema>;
export const lookupListSchema = z.array(lookupItemSchema);

/** Provinces also carry their two-letter abbreviation (sigla), as people know them by it. */
export const provinceItemSchema = lookupItemSchema.extend({ sigla: z.string() });
export type ProvinceItem = z.infer<typeof provinceItemSchema>;
export const provinceListSchema = z.array(provinceItemSchema);

/**
 * Territorial ids are ISTAT codes as integers: regions 1–20, provinces (and metropolitan cities' provinces)
 * 1–111, comuni the six-digit code without leading zeros (Torino 001272 → 1272). Metropolitan cities use
 * their ISTAT code 201–292 (Torino 201, Cagliari 292).
 */
const istatId = z
  .string()
  .regex(/^\d{1,6}$/)
  .transform(Number);
export const regionQuerySchema = z.object({ regId: istatId });
export const provinceQuerySchema = z.object({ provId: istatId });
export const cityQuerySchema = z.object({ cityId: istatId });
