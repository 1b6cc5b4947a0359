/** Integration: the reviewers ask for documents, the applicant adds them and completes (spec §2, §4, §8). */
export const integrationMessages = {
  sectionTitle: 'Allegati Integrazione',
  requestLabel: 'Richiesta di integrazione (documenti mancanti)',
  requestHelp: 'Scrivi quali documenti mancano: il testo viene mostrato al richiedente e inviato per e-mail.',
  requestMissing: 'Per chiedere un\u2019integrazione scrivi nella nota quali documenti mancano.',
  deadlineLabel: 'Scadenza (facoltativa)',
  deadlineInvalid: 'La scadenza deve essere una data valida, non precedente a oggi.',
  deadline: (date: string) => `Da completare entro il ${date}`,
  requestedOn: (date: string) => `Richiesta del ${date}`,
  completedOn: (date: string) => `Completata il ${date}`,
  round: (number: number) => `Richiesta di integrazione n. ${number}`,
  noDocuments: 'Nessun documento caricato.',
  documentsTitle: 'Documenti caricati',
  complete: 'Completa integrazione',
  confirmTitle: 'Completa Integrazione',
  confirm:
    'Confermando, lo stato della candidatura diventa «Integrazione Sottomessa» e non sarà più possibile aggiungere o rimuovere documenti. Vuoi procedere?',
  confirmAction: 'Conferma',
  cancel: 'Annulla',
  completing: 'Invio dell\u2019integrazione in corso…',
  succeeded: 'Integrazione completata con successo!',
  failed: 'C\u2019è un problema nel completamento dell\u2019integrazione!',
  nothingUploaded: 'Carica almeno un documento integrativo prima di completare l\u2019integrazione.',
  uploadHint: 'Sono accettati PDF, immagini (PNG o JPEG) e documenti Word, Excel o PowerPoint senza macro.',
  noOpenRequest: 'Non c\u2019è una richiesta di integrazione aperta per questa candidatura.',
  loadFailed: 'Non è stato possibile caricare la richiesta di integrazione: riprova.',
  retry: 'Riprova',
  // Issue 44: what «Completa integrazione» says while items of the request are unanswered (the machine's).
  itemsUnanswered: (labels: readonly string[]) =>
    `Prima di completare l\u2019integrazione rispondi a ogni richiesta di correzione: mancano ${labels.map((label) => `«${label}»`).join(', ')}.`,
} as const;
