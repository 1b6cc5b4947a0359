/**
 * The signed Domanda (issue 43): the submit step's section, the hand-over's refusals, the administrators' view and
 * the receipt's lines. The verification's own refusals are in signatureChecks.ts, the PDF's texts in domanda.ts.
 */
export const domandaSignatureMessages = {
  sectionTitle: 'Firma digitale della domanda',
  intro:
    'La domanda è una dichiarazione sostitutiva (DPR 445/2000) e vale solo se firmata digitalmente dal legale rappresentante. ' +
    'Scarica la domanda, falla firmare con la firma digitale (CAdES, file .p7m, oppure PAdES, PDF firmato) e carica qui il file firmato.',
  download: 'Scarica la domanda da firmare',
  downloadFailed: 'Non è stato possibile scaricare la domanda: riprova.',
  loadFailed: 'Non è stato possibile preparare la domanda da firmare: riprova.',
  retry: 'Riprova',
  generating: 'Preparazione della domanda da firmare…',
  domandaHash: (sha256: string) => `Impronta SHA-256 della domanda: ${sha256}`,
  /** Who signs, from the organisation's profile: one representative, both (firma congiunta), or either of two. */
  whoSigns: (names: readonly string[], all: boolean) => {
    if (names.length < 2) return `Firma il legale rappresentante: ${names[0] ?? ''}.`;
    const listed = `${names.slice(0, -1).join(', ')} ${all ? 'e' : 'o'} ${names.at(-1)}`;
    return all
      ? `Rappresentanza congiunta: firmano entrambi i legali rappresentanti, ${listed}, sullo stesso file (firme parallele).`
      : `Può firmare uno dei legali rappresentanti: ${listed}.`;
  },
  slotTitle: 'Domanda firmata digitalmente',
  slotHint: 'File firmato .p7m (CAdES) o .pdf (PAdES), al massimo 20 MB.',
  chooseFile: 'Carica il file firmato',
  replaceFile: 'Sostituisci il file firmato',
  verifying: 'Verifica della firma in corso…',
  uploadFailed: 'Non è stato possibile caricare il file firmato: riprova.',
  verified: 'Firma verificata',
  trialSign: 'Firma con certificato di prova',
  trialSignHint:
    'Il portale non ha ancora un elenco di autorità di certificazione attendibili: per provare il percorso puoi far firmare la domanda da un certificato di prova del portale.',
  trialSigning: 'Firma di prova in corso…',
  trialBadge: 'firma di prova, senza valore legale',
  stale: 'non più valida: la domanda è cambiata',
  staleHint: 'Hai modificato la domanda dopo la firma: scarica di nuovo la domanda, falla firmare e carica il nuovo file.',
  signedBy: 'Firmata da',
  signerLine: (name: string, fiscalCode: string) => `${name} (codice fiscale ${fiscalCode})`,
  issuer: 'Autorità di certificazione',
  signingTime: 'Data della firma',
  noSigningTime: 'non indicata nella firma',
  format: 'Formato',
  formats: { CAdES: 'CAdES (.p7m)', PAdES: 'PAdES (PDF firmato)' },
  uploadedBy: (name: string, at: string) => `Caricata da ${name} il ${at}`,
  downloadSigned: 'Scarica il file firmato',
  notSigned: 'La domanda non è stata firmata digitalmente.',
  notRequired: 'Il bando non richiede la firma digitale della domanda.',
  blockedStale: 'La domanda firmata non è più valida: la domanda è cambiata dopo la firma.',
  downloadedHint:
    'Domanda scaricata: falla firmare digitalmente dal legale rappresentante senza modificarla, poi carica qui il file firmato.',
  /** The hand-over's and the routes' refusals. */
  notReady: 'Compila tutti i campi obbligatori e carica gli allegati richiesti: poi potrai scaricare la domanda da firmare.',
  legalRepresentativeMissing:
    'Per scaricare la domanda da firmare indica nome, cognome e codice fiscale del legale rappresentante nella pagina dell\u2019organizzazione.',
  signatureMissing:
    'La domanda deve essere firmata digitalmente dal legale rappresentante: scarica la domanda, falla firmare e carica il file firmato prima di inviarla.',
  signatureStale:
    'La domanda firmata non è più valida perché la domanda è cambiata dopo la firma: scarica di nuovo la domanda, falla firmare e carica il nuovo file.',
  notEditable: 'La domanda è già stata inviata: il file firmato non può più essere cambiato.',
  trialUnavailable:
    'La firma di prova non è disponibile: il portale verifica le firme con l\u2019elenco delle autorità di certificazione attendibili.',
  fileMissing: 'Scegli il file firmato da caricare (.p7m o .pdf).',
  tooLarge: (megabytes: number) => `Il file firmato supera ${megabytes} MB: carica la domanda firmata, senza altri documenti.`,
  applicationNotFound: 'Candidatura non trovata.',
  signedFileFallbackName: 'Domanda firmata',
  signedFileNotFound: 'La domanda firmata non è stata trovata.',
  /** The receipt's section and the Excel's columns. */
  receiptSection: 'Domanda firmata digitalmente',
  receiptSigner: 'Firmatario',
  receiptFile: 'File firmato',
  signerColumn: 'Firmatario della domanda',
  signingTimeColumn: 'Data della firma della domanda',
} as const;
