/** The Italian texts of lookups (the catalogue: domain/messageCatalogue.ts). */
export const lookupsMessages = {
  invalidId: 'Identificativo non valido.',
  regionNotFound: 'Regione non trovata.',
  provinceNotFound: 'Provincia non trovata.',
  cityNotFound: 'Città metropolitana non trovata.',
} as const;
