import { z } from 'zod';
import { lookupItemSchema } from './lookups.ts';
import { lookupsMessages } from './messages/lookups.ts';
import { organizationMessages } from './messages/organization.ts';
import { puiReferenceMessages } from './messages/puiReference.ts';

/**
 * Reference data of the PUI application (spec §3 PUI application fields, Lookups): what each item looks
 * like and the fixed code lists. The items themselves are data files the server loads at start
 * (server/reference/lists); this module only describes them, so browser and server validate alike.
 */

/**
 * obbGenerale (spec §3): the four general objectives. Their ids are stored in applications, so they are
 * fixed here; the data file may reword a name but must list exactly these ids.
 */
export const PUI_OBIETTIVI_GENERALI = [
  { id: 0, name: 'Ambiente' },
  { id: 1, name: 'Inclusione sociale/culturale/sportiva' },
  { id: 2, name: 'Infrastrutture' },
  { id: 3, name: 'Rigenerazione urbana' },
] as const satisfies readonly { id: number; name: string }[];
export type PuiObiettivoGeneraleId = (typeof PUI_OBIETTIVI_GENERALI)[number]['id'];

/**
 * finalitaGenerale (spec §3): the three purposes of a Piano Urbano Integrato (art. 21 d.l. 152/2021).
 * Numbered from 1, so that "not chosen" can never be mistaken for the first purpose.
 */
export const PUI_FINALITA_GENERALI = [
  {
    id: 1,
    name: 'Manutenzione per il riuso e la rifunzionalizzazione ecosostenibile di aree pubbliche e di strutture edilizie pubbliche esistenti per finalità di interesse pubblico',
  },
  {
    id: 2,
    name: 'Miglioramento della qualità del decoro urbano e del tessuto sociale e ambientale, anche mediante la ristrutturazione di edifici pubblici, con particolare riferimento ai servizi sociali e culturali e alla promozione delle attività culturali e sportive',
  },
  {
    id: 3,
    name: 'Miglioramento della qualità ambientale e del profilo digitale delle aree urbane, con progetti di smart city per i trasporti e il consumo energetico basati su tecnologie digitali e a minori emissioni di anidride carbonica',
  },
] as const satisfies readonly { id: number; name: string }[];
export type PuiFinalitaGeneraleId = (typeof PUI_FINALITA_GENERALI)[number]['id'];

const isObiettivoGenerale = (id: number): id is PuiObiettivoGeneraleId => PUI_OBIETTIVI_GENERALI.some((o) => o.id === id);
const isFinalitaGenerale = (id: number): id is PuiFinalitaGeneraleId => PUI_FINALITA_GENERALI.some((f) => f.id === id);

export const puiObiettivoGeneraleIdSchema = z
  .number()
  .int()
  .refine(isObiettivoGenerale, puiReferenceMessages.obiettivoGeneraleUnknown)
  .transform((id) => id as PuiObiettivoGeneraleId);
export const puiFinalitaGeneraleIdSchema = z
  .number()
  .int()
  .refine(isFinalitaGenerale, puiReferenceMessages.finalitaGeneraleUnknown)
  .transform((id) => id as PuiFinalitaGeneraleId);

const positiveId = z.number().int().positive();
const name = z.string().trim().min(1);

/** A metropolitan city (ISTAT code 201–292) and the province whose territory it has (spec §3 progCittaMetropolitana). */
export const cittaMetropolitanaSchema = z.object({ id: positiveId, name, provinceId: positiveId });
export type CittaMetropolitana = z.infer<typeof cittaMetropolitanaSchema>;

/** A Piano Urbano Integrato of a metropolitan city, one choice of puiRiferimento (spec §3). */
export const puiReferenceItemSchema = z.object({ id: positiveId, cityId: positiveId, name });
export type PuiReferenceItem = z.infer<typeof puiReferenceItemSchema>;

/** A specific objective (obbSpecifico) of one general objective, for one city or (cityId null) for all. */
export const puiObiettivoSpecificoSchema = z.object({
  id: positiveId,
  obbGeneraleId: puiObiettivoGeneraleIdSchema,
  cityId: positiveId.nullable(),
  name,
});
export type PuiObiettivoSpecifico = z.infer<typeof puiObiettivoSpecificoSchema>;

/** A plain reference list entry as the data files hold it (design levels, intervention types, …). */
export const referenceListItemSchema = z.object({ id: z.number().int(), name });

/**
 * Query of GET /api/Pui/GetPuiObiettiviSpecifici: both parameters as the browser sends them (strings of
 * digits). An obbGeneraleId outside 0–3 is refused with the Italian message naming the field.
 */
const digits = z
  .string({ error: organizationMessages.required })
  .regex(/^\d{1,6}$/, lookupsMessages.invalidId)
  .transform(Number);
export const puiObiettiviSpecificiQuerySchema = z.object({
  obbGeneraleId: digits.pipe(puiObiettivoGeneraleIdSchema),
  cityId: digits,
});
export const puiCityQuerySchema = z.object({ cityId: digits });

/** Every PUI lookup answers a list of these: the same `{ id, name }` as the Typology lookups. */
export const puiLookupListSchema = z.array(lookupItemSchema);

/** Italian labels of the query parameters, for 400 answers that name the field. */
export const puiLookupQueryLabels = {
  cityId: 'Città metropolitana',
  obbGeneraleId: 'Obiettivo generale',
} as const;
