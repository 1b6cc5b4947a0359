import { z } from 'zod';
import { lenientValues } from '../fundDefinition.ts';
import { sharedImpactValues } from '../impactIndicators.ts';
import { amount, id, ids, integer, isoDate, istatCode, LONG_TEXT_MAX, percent, text } from '../valueSchemas.ts';
import { puiFinalitaGeneraleIdSchema, puiObiettivoGeneraleIdSchema } from '../puiReference.ts';

/**
 * The PUI application's values (spec §3 PUI application fields): the wizard's form, the stored draft and the
 * body of `POST /api/Pui/CreatePui` have this one shape. Every field may be empty here — a draft is
 * incomplete by nature; what a submission needs is decided by the rules (puiRules.ts), not by this schema.
 * Numbers are numbers (the boxes parse "1234,56"); dates are YYYY-MM-DD; yes/no answers are 'SI' | 'NO'.
 */

const bool = () => z.boolean().nullable().default(null);

export const YES_NO = ['SI', 'NO'] as const;
const yesNo = () => z.enum(YES_NO).nullable().default(null);

export const FORME_TECNICHE_INTERVENTO = ['Debito', 'Equity', 'Quasi equity'] as const;
export const STADI_ITER = ['Chiuso', 'In corso', 'Da avviare'] as const;
export const MODALITA_ESECUZIONE = ['A corpo', 'A successivi lotti funzionali'] as const;

/**
 * Impact indicators (spec §3 Impact, puiSurveyDto): the ones TUR asks too (domain/impactIndicators.ts), and
 * PUI's own names for trees, jobs and sustainable mobility.
 */
export const puiSurveySchema = z.object({
  ...sharedImpactValues(yesNo),
  piantumazioni: yesNo(),
  numeroPiantumazioni: integer(),
  notePiantumazioni: text(LONG_TEXT_MAX),
  forzaLavoro: integer(),
  noteForzaLavoro: text(LONG_TEXT_MAX),
  mobilitaSostenibile: yesNo(),
  tipoModalitaSostenibile: z.number().int().min(1).max(6).nullable().default(null),
  numeroInterventoSostenibile: integer(),
  noteMobilitaSostenibile: text(LONG_TEXT_MAX),
});

export const puiApplicationSchema = z.object({
  organizationId: z.string().max(64).default(''),
  // Progetto
  progNome: text(),
  progCittaMetropolitana: id(),
  // The city's region, as its ISTAT code (as TUR's region): filled in by the portal from the city.
  progRegione: istatCode(),
  progComune: id(),
  progInherentPui: bool(),
  progCodice: text(3),
  puiRiferimento: ids(),
  puiCorrispndeObbietivi: bool(),
  progPuiDistanza: integer(),
  finalitaGenerale: puiFinalitaGeneraleIdSchema.nullable().default(null),
  obbGenerale: puiObiettivoGeneraleIdSchema.nullable().default(null),
  obbSpecifico: ids(),
  descrizioneObbSpecifico: text(LONG_TEXT_MAX),
  progDescrizione: text(LONG_TEXT_MAX),
  tipoIntervento: ids(),
  progettista: text(),
  impresaEsecutriceDeilavori: text(),
  // Fonti e impieghi
  costiTotale: amount(),
  costiImmobili: amount(),
  costiCapex: amount(),
  costiCircolante: amount(),
  fontiCopertura: amount(),
  entitaInterventoFondo: amount(),
  cofinanziamentoDebito: amount(),
  cofinanziamentoEquity: amount(),
  cofinanziamentoPubblico: amount(),
  nomeMisuraCofinanziamento: text(),
  percTotInvest: percent(),
  formaTecnicaIntervento: z.enum(FORME_TECNICHE_INTERVENTO).nullable().default(null),
  // Tempistiche
  tempiLivello: id(),
  tempiStadioIter: z.enum(STADI_ITER).nullable().default(null),
  tempiTipoAut: text(),
  tempiPermessi: integer(),
  tempiInizioLavori: isoDate(),
  previsioneInizioLavori: bool(),
  tempiDurataLavori: z.number().int().min(0).max(1200).nullable().default(null),
  tempiFineLavoriPrev: isoDate(),
  tempiDescrizione: text(LONG_TEXT_MAX),
  modalitaEsecuzione: z.enum(MODALITA_ESECUZIONE).nullable().default(null),
  // Valutazione d'impatto
  puiSurveyDto: puiSurveySchema.default(() => puiSurveySchema.parse({})),
});
export type PuiApplication = z.infer<typeof puiApplicationSchema>;

/** A new application: every field empty. */
export function emptyPuiApplication(organizationId: string): PuiApplication {
  return puiApplicationSchema.parse({ organizationId });
}

/** A stored draft (any JSON, maybe from an older portal) as current values. */
export function puiApplicationFromJson(json: unknown, organizationId: string): PuiApplication {
  return { ...lenientValues(puiApplicationSchema, json), organizationId };
}
