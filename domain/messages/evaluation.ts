/** The Italian texts of the reviewers' evaluation form (issue 44; the catalogue: domain/messageCatalogue.ts). */
export const evaluationMessages = {
  // The server's answers.
  notFound: 'Valutazione non disponibile per questa candidatura.',
  unavailable: 'Il modulo di valutazione di questo fondo non è configurato.',
  notOpen: 'La valutazione si compila solo dopo la consegna della candidatura.',
  handedOver: 'La valutazione è già stata consegnata e non può più essere modificata.',
  stale: 'La valutazione è stata salvata nel frattempo da un altro amministratore. Ricaricare per vedere la versione più recente.',
  incomplete: 'La valutazione non è completa: compilare le domande indicate prima di consegnarla.',
  answersTooLarge: 'Le risposte della valutazione sono troppo lunghe.',

  // The timeline (administrators only).
  timelineHandedOver: 'Valutazione istruttoria consegnata',
  timelineOutcome: (outcome: string) => `Esito proposto: ${outcome}`,
  timelineScore: (score: string) => `Punteggio ponderato: ${score} su 100`,

  // The list's Excel (administrators only).
  outcomeColumn: 'Valutazione: esito proposto',
  scoreColumn: 'Valutazione: punteggio ponderato',
  handedOverColumn: 'Valutazione consegnata il',

  // The admin's application page.
  title: 'Valutazione istruttoria',
  description:
    'La valutazione degli amministratori: verifiche di ammissibilità, punteggi per criterio ed esito proposto. Non è mai visibile ai richiedenti. Le risposte si salvano mentre si scrive.',
  loading: 'Caricamento della valutazione\u2026',
  loadFailed: 'Non è stato possibile caricare la valutazione.',
  noApplication: 'La valutazione si compila dopo la consegna della candidatura.',
  saving: 'Salvataggio in corso\u2026',
  pending: 'Modifiche non salvate',
  saved: (at: string) => `Salvata alle ${at}`,
  notSavedYet: 'Nessuna risposta salvata finora.',
  retrying: 'Salvataggio non riuscito: nuovo tentativo tra poco.',
  failed: 'Salvataggio non riuscito.',
  saveNow: 'Salva ora',
  conflict: 'Un altro amministratore ha salvato la valutazione nel frattempo.',
  reload: 'Ricarica',
  keepEditing: 'Continua qui',
  handOver: 'Consegna valutazione',
  confirmTitle: 'Consegnare la valutazione?',
  confirmText: 'Dopo la consegna la valutazione non potrà più essere modificata da nessun amministratore.',
  confirm: 'Consegna',
  cancel: 'Annulla',
  handingOver: 'Consegna della valutazione in corso\u2026',
  handOverFailed: 'Non è stato possibile consegnare la valutazione.',
  issuesTitle: 'Prima di consegnare, completare:',
  issue: (title: string, message: string) => `${title}: ${message}`,
  handedOverBy: (name: string, at: string) => `Consegnata da ${name} il ${at}.`,
  handedOverTitle: 'Valutazione consegnata',
  summaryOutcome: 'Esito proposto',
  summaryScore: 'Punteggio ponderato (su 100)',
} as const;
