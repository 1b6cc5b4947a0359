/** The Italian texts of puiReference (the catalogue: domain/messageCatalogue.ts). */
export const puiReferenceMessages = {
  obiettivoGeneraleUnknown:
    'Obiettivo generale non previsto: scegli Ambiente (0), Inclusione sociale/culturale/sportiva (1), Infrastrutture (2) o Rigenerazione urbana (3).',
  finalitaGeneraleUnknown: 'Finalità generale non prevista: scegli una delle tre finalità indicate.',
} as const;
