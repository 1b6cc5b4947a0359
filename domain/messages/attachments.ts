/** The Italian texts of attachments (the catalogue: domain/messageCatalogue.ts). */
export const attachmentsMessages = {
  mandatory: 'L\u2019allegato è obbligatorio',
  /** Read by screen readers after a mandatory slot's name, in place of the asterisk. */
  mandatoryMark: ' (obbligatorio)',
  uploaded: 'CARICATO',
  notUploaded: 'NON CARICATO',
  download: 'Scarica',
  remove: 'Rimuovi',
  downloadTemplate: 'Scarica modulo',
  addAttachment: 'Aggiungi allegato',
  notPdfA: 'Il file non risulta in formato PDF/A: è stato accettato, ma se possibile carica la versione PDF/A.',
  tooLarge: (maxMb: number) => `Il file supera la dimensione massima consentita di ${maxMb} MB: riducilo o comprimilo e riprova.`,
  empty: 'Il file è vuoto: scegli un file con un contenuto.',
  fileMissing: 'Nessun file ricevuto: scegli un file da caricare.',
  onlyOneFile: 'Carica un file alla volta, nel campo File.',
  notPdf: 'Il file non è un documento PDF: per questo allegato carica un file PDF (preferibilmente PDF/A).',
  notExcel: 'Il file non è un foglio Excel: per questo allegato carica un file .xlsx o .xls.',
  notDocument: 'Formato non accettato: carica un PDF, un\u2019immagine (PNG o JPEG) o un documento Word, Excel o PowerPoint.',
  formatLabel: { PDF: 'PDF', Excel: 'Excel', Documento: 'PDF, immagine, Word, Excel o PowerPoint' },
  decompressionBomb:
    'Il file compresso si espande in un contenuto enormemente più grande di sé, o diverso da quello che dichiara (possibile «zip bomb»), e non può essere accettato: salvalo di nuovo dal programma che l\u2019ha creato e riprova.',
  macrosNotAllowed:
    'Il file contiene macro e non può essere accettato: salvalo senza macro (per esempio .docx, .xlsx o .pptx) o in PDF e riprova.',
  typeUnknown: 'Tipo di allegato sconosciuto per questo fondo: ricarica la pagina e riprova.',
  typeMissing: 'Indica il tipo di allegato (TipoFileId).',
  organizationMissing: 'Indica l\u2019organizzazione (OrgId).',
  idInvalid: 'Identificativo dell\u2019allegato non valido.',
  notFound: 'Allegato non trovato: potrebbe essere stato rimosso. Ricarica la pagina.',
  submitted: 'La candidatura è già stata inviata: gli allegati non possono più essere modificati.',
  closedForPurpose: 'In questa fase della candidatura questi allegati non possono essere caricati né rimossi.',
  uploadInterrupted: 'Il caricamento si è interrotto prima della fine: riprova.',
  fieldTooLong: 'Uno dei campi inviati con il file è troppo lungo.',
  zipEmpty: 'Nessun allegato caricato per questa candidatura.',
  uploadFailed: 'Caricamento non riuscito: riprova.',
  badMultipart:
    'Il file non è arrivato in un formato leggibile (modulo multipart senza delimitatore o malformato): ricarica la pagina e riprova.',
  storageFull:
    'Lo spazio di archiviazione del portale è esaurito: il file non è stato salvato. Riprova più tardi; se il problema continua, contatta l’assistenza.',
  downloadFailed: 'Download non riuscito: riprova.',
  /** GetFile's answer, in the API's OpenAPI document. */
  storedFile: 'Il file, col tipo riconosciuto al caricamento.',
  /** GetZippedFiles' answer, in the API's OpenAPI document. */
  zipOfApplication: 'Allegati{Tur|Pui}-{organizzazione}.zip, scritto mentre è inviato.',
  /** The zip's and the application workbook's name when the organisation's name leaves nothing for a file name. */
  unnamedOrganization: 'organizzazione',
  /**
   * A stored file's name when neither the name given nor the uploaded file's leaves anything for a file name, and a
   * downloaded file's when the answer names none.
   */
  unnamedFile: 'allegato',
  /** The names an administrator's downloads are saved under when the answer names none (the server's: spec §9). */
  applicationExcelFallback: (controller: string) => `Candidatura${controller}.xlsx`,
  zipFallback: (controller: string) => `Allegati${controller}.zip`,
  /** The note a zip carries for the files storage no longer has. */
  zipMissingFilesName: 'FILE-NON-DISPONIBILI.txt',
  zipMissingFiles: (names: readonly string[]) => `File non disponibili nell'archivio:\r\n${names.join('\r\n')}\r\n`,
} as const;
