import { z } from 'zod';
import { lenientValues } from '../fundDefinition.ts';
import { sharedImpactValues } from '../impactIndicators.ts';
import { amount, id, integer, isoDate, istatCode, LONG_TEXT_MAX, percent, text } from '../valueSchemas.ts';

/**
 * The TUR application's values (spec §3 TUR application fields, turSurveyDto): the wizard's form, the stored
 * draft and the body of `POST /api/Tur/CreateUpdateTur` have this one shape. Every field may be empty here: what
 * a submission needs is decided by the rules (turRules.ts). Region, province and comune are ISTAT codes held as
 * strings (spec §7: "progProvincia and progComune as strings"); yes/no answers are 'true' / 'false' (§3).
 */

/** The spec's TUR answers: 'true' (SI), 'false' (NO), or unset (null; an empty string is read as unset). */
export const TUR_YES = 'true';
export const TUR_NO = 'false';
const yesNo = () => z.preprocess((value) => (value === '' ? null : value), z.enum([TUR_YES, TUR_NO]).nullable()).default(null);

export const TECNICHE_INTERVENTO_TUR = ['Debito', 'Equity', 'Quasi equity'] as const;

/**
 * Impact indicators (spec §3 turSurveyDto: "the PUI-like indicators plus" the tourism ones, and "Fields seen in
 * the last TUR sections"): the ones PUI asks too (domain/impactIndicators.ts), then TUR's own.
 */
export const turSurveySchema = z.object({
  ...sharedImpactValues(yesNo),
  superficieCopertaRecuperata: yesNo(),
  mqSuperficieCopertaRecuperata: amount(),
  noteSuperficieCopertaRecuperata: text(LONG_TEXT_MAX),
  piantumazioni: yesNo(),
  numeroPiantumazioni: amount(),
  noteAlberi: text(LONG_TEXT_MAX),
  forzaLavoro: integer(),
  noteNuoviPostiLavoroIntervento: text(LONG_TEXT_MAX),
  prevIncrementoTuristi: yesNo(),
  incrementoTuristi: integer(),
  noteSpesaTuristi: text(LONG_TEXT_MAX),
  prevIncrementoForzaLavoro: integer(),
  noteNuoviPostiLavoroTurismo: text(LONG_TEXT_MAX),
  contestoPaesaggistico: yesNo(),
  tipoContestoPaesaggistico: text(),
  noteTutelaPaesaggio: text(LONG_TEXT_MAX),
  mobilitaSostenibile: yesNo(),
  tipoMobilitaSostenibile: z.number().int().min(1).max(6).nullable().default(null),
  numInterventiMobilitaSostenibile: integer(),
  notePromozioneMezziTrasportoAlternativi: text(LONG_TEXT_MAX),
});

export const turApplicationSchema = z.object({
  organizationId: z.string().max(64).default(''),
  // Progetto
  progNome: text(),
  progRegione: istatCode(),
  progProvincia: istatCode(),
  progComune: istatCode(),
  progAreaTematica: id(),
  descrizione: text(LONG_TEXT_MAX),
  // Fonti e impieghi
  costiTotale: amount(),
  costiImmobili: amount(),
  costiTotaleCapexTransEnerg: amount(),
  costiTotaleCapexTransDigital: amount(),
  costiTotaleCircolante: amount(),
  costiIintervento: amount(),
  costiDdebito: amount(),
  costiEquity: amount(),
  costiPubblico: amount(),
  costiNomeCofinanziamento: text(),
  costiTecnicaIntervento: z.enum(TECNICHE_INTERVENTO_TUR).nullable().default(null),
  costiFontiCopertura: amount(),
  percTotInvest: percent(),
  percTransEnerg: percent(),
  percTransDigital: percent(),
  // Tempistiche
  tempiLivello: id(),
  tempiInizioLavori: isoDate(),
  tempiDurataLavori: z.number().int().min(0).max(1200).nullable().default(null),
  tempiFineLavori: isoDate(),
  tempiDescrizione: text(LONG_TEXT_MAX),
  // Valutazione d'impatto
  turSurveyDto: turSurveySchema.default(() => turSurveySchema.parse({})),
});
export type TurApplication = z.infer<typeof turApplicationSchema>;

/** A new application: every field empty. */
export function emptyTurApplication(organizationId: string): TurApplication {
  return turApplicationSchema.parse({ organizationId });
}

/** A stored draft (any JSON, maybe from an older portal) as current values. */
export function turApplicationFromJson(json: unknown, organizationId: string): TurApplication {
  return { ...lenientValues(turApplicationSchema, json), organizationId };
}
