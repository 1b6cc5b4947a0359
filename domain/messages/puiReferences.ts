/** A PUI application naming places and plans that do not fit together. */
export const puiReferencesMessages = {
  comuneNotInCity: 'Il comune scelto non appartiene alla città metropolitana indicata.',
  cityUnknown: 'Città metropolitana non trovata: scegline una dall\u2019elenco.',
  puiNotInCity: 'Scegli i PUI di riferimento tra quelli della città metropolitana indicata.',
  obiettivoNotInCity: 'Scegli gli obiettivi specifici tra quelli dell\u2019obiettivo generale e della città metropolitana indicati.',
} as const;
