/** A TUR application naming places that do not fit together. */
export const turReferencesMessages = {
  regionUnknown: 'Regione non trovata: scegline una dall\u2019elenco.',
  provinceNotInRegion: 'La provincia scelta non appartiene alla regione indicata.',
  comuneNotInProvince: 'Il comune scelto non appartiene alla provincia indicata.',
} as const;
