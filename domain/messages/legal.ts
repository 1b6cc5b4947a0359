/** The pages of the operator's public texts (Italian, for people); the footer's links are in footer.ts. */
export const legalMessages = {
  loading: 'Caricamento del testo…',
  updatedOn: 'Ultimo aggiornamento:',
  version: 'Versione',
  loadFailed: 'Non è stato possibile caricare il testo. Riprova tra qualche istante.',
  backToPortal: 'Torna al Portale Fondi',
} as const;
