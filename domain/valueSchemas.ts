import { z } from 'zod';
import type { FieldOption } from './wizardFields.ts';

/**
 * The building blocks of an application's values, shared by every fund's schema (domain/<fund>/): each field
 * may be empty (a draft is incomplete by nature); what a submission needs is the rules' to say.
 */

export const TEXT_MAX = 300;
export const LONG_TEXT_MAX = 4000;
const MAX_AMOUNT = 1e12;

/** Text up to `max` characters; '' when empty. */
export const text = (max = TEXT_MAX) => z.string().max(max).default('');
/** Euro or a quantity with decimals, not negative. */
export const amount = () => z.number().min(0).max(MAX_AMOUNT).nullable().default(null);
export const integer = () => z.number().int().min(0).max(1e9).nullable().default(null);
/** An id of a reference list. */
export const id = () => z.number().int().min(0).max(1e9).nullable().default(null);
/** An ISTAT code (a region, a province, a comune) as a string (spec §7: "progProvincia and progComune as strings"); '' when none. */
export const istatCode = () =>
  z
    .string()
    .regex(/^\d{0,9}$/)
    .default('');
export const ids = () => z.array(z.number().int().min(0).max(1e9)).max(200).default([]);
/** A computed share in percent. */
export const percent = () => z.number().min(0).max(1e9).nullable().default(null);
/** A calendar day, YYYY-MM-DD (whether it exists is checked on submit). */
export const isoDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .default(null);

/** Spec §3 sustainable mobility options (PUI tipoModalitaSostenibile, TUR tipoMobilitaSostenibile), 1–6. */
export const TIPI_MOBILITA_SOSTENIBILE: FieldOption[] = [
  { id: 1, name: 'Convenzioni con società di trasporto, bike sharing o monopattini' },
  { id: 2, name: 'Depositi per biciclette' },
  { id: 3, name: 'Nuove fermate del trasporto pubblico vicino all\u2019intervento' },
  { id: 4, name: 'Punti di ricarica per veicoli elettrici' },
  { id: 5, name: 'Interventi architettonici specifici' },
  { id: 6, name: 'Tratti di pista ciclabile' },
];
