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

/**
 * Who may hand over an application, its integration, review or monitoring for the organisation (issue 42), as the
 * call says (`handOverBy` in calls.json): 'referents', the organisation's Referenti (the default);
 * 'legalRepresentative', only the member whose account's codice fiscale (SPID/CIE) is the legal representative's.
 */
export const HAND_OVER_RULES = ['referents', 'legalRepresentative'] as const;
export const handOverRuleSchema = z.enum(HAND_OVER_RULES);
export type HandOverRule = z.infer<typeof handOverRuleSchema>;
export const DEFAULT_HAND_OVER_RULE = 'referents' satisfies HandOverRule;

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
  /** Who may hand over for the organisation (HAND_OVER_RULES). */
  handOverBy: handOverRuleSchema,
  /** Whether the hand-over needs the Domanda signed digitally by the legal representative (issue 43). */
  signatureRequired: z.boolean(),
});
export type Call = z.infer<typeof callSchema>;
export const callListSchema = z.array(callSchema);

const calendarDay = z.iso.date({ message: 'a calendar date YYYY-MM-DD' });
/** A moment with its offset, as operators write it: 2026-01-01T00:00:00+01:00. */
const moment = z.iso.datetime({ offset: true, message: 'a date-time with its offset, e.g. 2026-01-01T00:00:00+01:00' });

/**
 * One call as the operators' data file gives it (server/reference/calls/calls.json, CALLS_FILE): the fund, what people
 * read as its title, when it opens and closes (applications are accepted from opensAt until closesAt), the last
 * allowed end of works, the reviewers' warning thresholds, who hands over (`handOverBy`, referents by default), and
 * whether the application is handed over only once its legal representative has signed the Domanda digitally
 * (`signatureRequired`, false when left out: the shipped file requires it for both funds).
 */
export const callFileEntrySchema = z
  .object({
    fund: z.string().min(1),
    title: z.string().trim().min(3).max(200),
    opensAt: moment,
    closesAt: moment,
    endOfWorksLimit: calendarDay,
    thresholds: callThresholdsSchema,
    handOverBy: handOverRuleSchema.default(DEFAULT_HAND_OVER_RULE),
    signatureRequired: z.boolean().default(false),
  })
  .strict()
  .refine((call) => Date.parse(call.opensAt) < Date.parse(call.closesAt), {
    message: 'closesAt must be later than opensAt',
    path: ['closesAt'],
  });
export type CallFileEntry = z.infer<typeof callFileEntrySchema>;

export const callsFileSchema = z
  .array(callFileEntrySchema)
  .min(1, { message: 'the file lists no call' })
  .refine((entries) => new Set(entries.map((c) => c.fund)).size === entries.length, { message: 'a fund has two calls' });
