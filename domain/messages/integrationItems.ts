/**
 * Issue 44: an integration request's items, pinned to a field or an attachment slot, as the reviewer writes them and
 * the applicant answers them, and the server's refusals. Apart from the integration texts: only the lazily loaded
 * picker and correction views read them.
 */
export const integrationItemsMessages = {
  itemsTitle: 'Cosa correggere',
  itemsIntro:
    'La richiesta indica i campi e gli allegati da correggere: durante l\u2019integrazione solo questi possono essere modificati.',
  itemField: (label: string, step: string | null) => (step ? `Campo «${label}» (passo ${step})` : `Campo «${label}»`),
  itemSlot: (label: string) => `Allegato «${label}»`,
  itemRequested: 'Richiesta di correzione',
  itemAnswered: 'Risposta data',
  itemUnanswered: 'Da correggere',
  itemChanged: 'Modificato',
  itemReplied: 'Nessuna modifica necessaria',
  replyPrefix: 'Nessuna modifica necessaria: ',
  replyLabel: 'Nessuna modifica necessaria: motivazione',
  replySave: 'Invia la risposta',
  saveCorrection: (label: string) => `Salva la correzione di «${label}»`,
  goToItems: 'Le richieste di correzione sono indicate accanto a ciascun campo e allegato.',
  oldValue: 'Valore al momento della richiesta',
  newValue: 'Nuovo valore',
  answeredOn: (date: string) => `Risposta del ${date}`,
  emptyValue: 'Non indicato',
  noneFile: 'Nessun file',
  // The reviewer's side.
  addItems: 'Indica i campi e gli allegati da correggere (facoltativo)',
  itemsHelp: 'Per ogni campo o allegato scelto scrivi cosa va corretto. Con almeno un elemento, la nota generale è facoltativa.',
  pickTarget: 'Campo o allegato da correggere',
  attachmentsGroup: 'Allegati',
  addItem: 'Aggiungi alla richiesta',
  removeItem: (label: string) => `Togli «${label}» dalla richiesta`,
  itemMessageLabel: (label: string) => `Cosa correggere in «${label}»`,
  requestOptionalLabel: 'Nota generale (facoltativa con campi o allegati indicati)',
  // The server's refusals.
  itemsOnlyForIntegration: 'Campi e allegati da correggere si indicano solo chiedendo un\u2019integrazione.',
  itemUnknownField: (target: string) => `Il campo «${target}» non esiste nella candidatura di questo fondo.`,
  itemUnknownSlot: (target: string) => `L\u2019allegato «${target}» non esiste tra quelli della candidatura di questo fondo.`,
  itemDuplicate: (label: string) => `«${label}» è indicato più di una volta nella richiesta.`,
  itemMessageMissing: (label: string) => `Scrivi cosa va corretto in «${label}».`,
  itemMessageTooLong: (label: string) => `Il messaggio per «${label}» supera i 1000 caratteri.`,
  itemMessageInvalid: (label: string) => `Il messaggio per «${label}» contiene caratteri non ammessi.`,
  notAnItem: (label: string) =>
    `«${label}» non fa parte della richiesta di integrazione: durante l\u2019integrazione si possono modificare solo i campi e gli allegati indicati.`,
  noItemsOpen: 'Non c\u2019è una richiesta di integrazione aperta con campi o allegati da correggere.',
  answerMissing: 'Indica il nuovo valore oppure scrivi perché non è necessaria alcuna modifica.',
  replyMissing: 'Scrivi perché non è necessaria alcuna modifica.',
  replyTooLong: 'La risposta supera i 1000 caratteri.',
  replyInvalid: 'La risposta contiene caratteri non ammessi.',
  valueInvalid: (label: string) => `Il valore indicato per «${label}» non è valido.`,
  slotByUpload: (label: string) => `Per correggere l\u2019allegato «${label}» caricane una nuova versione.`,
} as const;
