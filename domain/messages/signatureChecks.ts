/** Why the portal refuses a signed Domanda (server/signatures/verification.ts): one text for each check, saying what to do. */
export const signatureChecksMessages = {
  not_signed:
    'Il file caricato non risulta firmato digitalmente. Firma la domanda scaricata dal portale in formato CAdES (file .p7m) o PAdES (PDF firmato) e caricala.',
  signature_invalid:
    'La firma non è valida: il file è stato alterato dopo la firma. Firma di nuovo la domanda scaricata dal portale e caricala.',
  different_document:
    'Il documento firmato non è la domanda attuale: forse è stata firmata una versione precedente o un altro file. Scarica di nuovo la domanda dal portale, firmala e caricala.',
  pdf_modified:
    'Il PDF è stato modificato dopo la firma (oltre all\u2019aggiunta della firma). Firma di nuovo la domanda scaricata dal portale, senza modificarla, e caricala.',
  no_fiscal_code:
    'Il certificato di firma non riporta un codice fiscale valido. Firma la domanda con un dispositivo di firma digitale qualificata intestato al legale rappresentante.',
  not_legal_representative:
    'La domanda è firmata da una persona che non risulta legale rappresentante dell\u2019organizzazione. Falla firmare dal legale rappresentante, oppure aggiorna i dati del legale rappresentante nel profilo dell\u2019organizzazione.',
  joint_signature_missing:
    'La rappresentanza dell\u2019organizzazione è congiunta: la domanda deve essere firmata da entrambi i legali rappresentanti indicati nel profilo. Aggiungi la firma mancante allo stesso file (firma parallela) e caricalo di nuovo.',
  certificate_not_valid:
    'Il certificato di firma era scaduto o non ancora valido al momento della firma. Rinnova il certificato presso il tuo certificatore e firma di nuovo la domanda.',
  untrusted_authority:
    'Il certificato di firma non è stato rilasciato da un certificatore qualificato riconosciuto dal portale. Firma la domanda con una firma digitale qualificata rilasciata da un prestatore accreditato presso AgID.',
  /** The trial authority's name in the certificates it issues, which the portal shows as the signature's issuer. */
  trialAuthorityName: 'Portale Fondi - Autorità di prova, senza valore legale',
  trialAuthorityOrganization: 'Portale Fondi',
} as const;
