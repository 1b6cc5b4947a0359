import { formatItalianDate } from '../italianDates.ts';

/** The Italian texts of lookups (the catalogue: domain/messageCatalogue.ts). */
export const lookupsMessages = {
  invalidId: 'Identificativo non valido.',
  regionNotFound: 'Regione non trovata.',
  provinceNotFound: 'Provincia non trovata.',
  cityNotFound: 'Città metropolitana non trovata.',
  /** A comune ISTAT lists as suppressed (merged, or moved to another province under a new code). */
  comuneSuppressed: (name: string, date: string | null) =>
    `Il comune di ${name} non esiste più${date ? ` dal ${formatItalianDate(date)}` : ''}: scegli dall\u2019elenco il comune attuale.`,
  /** A comune whose province was suppressed (its comuni now have the codes of another province). */
  provinceSuppressed: (name: string, date: string | null) =>
    `La provincia di ${name} è stata soppressa${date ? ` dal ${formatItalianDate(date)}` : ''}: scegli dall\u2019elenco la provincia e il comune attuali.`,
} as const;
