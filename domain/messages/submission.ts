/** Sending an application of any fund (spec §8, application submit rows) and the server's answers. */
export const submissionMessages = {
  confirm: 'Sicuro di inviare la candidatura. Non sarà più possibile modificarla.',
  success: 'Salvataggio avvenuto con successo',
  incomplete: 'Controlla che tutti i campi obbligatori siano compilati',
  failed: 'C\u2019è stato un errore, non è stato possibile salvare la candidatura',
  errorTitle: 'Errore',
  alreadySubmitted: 'La candidatura è già stata inviata e non può essere modificata',
  /** A click day's overload (issue 45): the browser waits Retry-After and sends the same application again. */
  queued: 'Sei in coda: la tua domanda verrà inviata appena possibile',
  adminCannotSubmit: 'Gli amministratori della piattaforma non possono inviare candidature.',
  attachmentRequired: (name: string) => `L\u2019allegato è obbligatorio: ${name}`,
  referenceUnknown: 'Valore non previsto: scegline uno dall\u2019elenco.',
  bodyNotObject: 'La candidatura inviata non è valida: deve essere un oggetto JSON con i campi del modulo.',
  invalidFields: (fields: string) => `La candidatura inviata contiene valori non validi: ${fields}.`,
  wrongType: 'tipo di valore non valido',
  tooLarge: 'valore troppo lungo o troppo grande',
  tooSmall: 'valore troppo piccolo',
  notAllowed: 'valore non ammesso',
  badFormat: 'formato non valido',
  badDate: 'data inesistente',
  callMissing: 'Il bando di questo fondo non è configurato: contatta l\u2019assistenza.',
} as const;
