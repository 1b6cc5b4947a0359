/** The site footer and the pages of the operator's public texts (Italian, for people). */
export const legalMessages = {
  footerLabel: 'Informazioni legali',
  privacyLink: 'Informativa sulla privacy',
  accessibilityLink: 'Dichiarazione di accessibilità',
  updatedOn: 'Ultimo aggiornamento:',
  version: 'Versione',
  loading: 'Caricamento del testo…',
  loadFailed: 'Non è stato possibile caricare il testo. Riprova tra qualche istante.',
  backToPortal: 'Torna al Portale Fondi',
} as const;
