import { FUNDS } from '../applicationStatus.ts';
import { italianOr } from '../italianLists.ts';

/** The Italian texts of applications (the catalogue: domain/messageCatalogue.ts). */
export const applicationsMessages = {
  statusChanged: 'Stato della candidatura cambiato con successo!',
  statusChangedTitle: 'Gestione stato',
  statusChangeFailed: 'C\u2019è un problema nel cambio dello stato della candidatura!',
  statusUnknown: 'Stato della candidatura non riconosciuto.',
  statusConflict: 'Lo stato della candidatura è stato cambiato nel frattempo da un\u2019altra persona: ricarica la pagina e riprova.',
  useWizard: 'Questo stato si imposta inviando la candidatura dalla procedura guidata, non da qui.',
  transitionNotYetPossible: 'Questo passaggio di stato non è ancora disponibile: completa prima quanto richiesto in questa fase.',
  integrationDocumentMissing: 'Carica almeno un documento di integrazione prima di completare l\u2019integrazione.',
  idInvalid: 'Identificativo della candidatura non valido.',
  notFound: 'Candidatura non trovata.',
  noteTooLong: 'La nota può contenere al massimo 1000 caratteri.',
  noteInvalid: 'La nota contiene caratteri non ammessi.',
  draftNotFound: 'Nessuna bozza salvata per questo fondo.',
  draftInvalid: 'La bozza non è valida: deve essere un oggetto JSON.',
  draftTooLarge: 'La bozza è troppo grande per essere salvata.',
  draftStale:
    'La bozza è stata modificata in un\u2019altra finestra o da un altro membro dell\u2019organizzazione: ricarica la pagina per vedere l\u2019ultima versione.',
  draftLocked: 'La candidatura è già stata inviata: non è più possibile modificarla.',
  exportEmpty: 'Seleziona almeno una candidatura da esportare.',
  exportNoApplication: 'Questa organizzazione non ha ancora una candidatura per questo fondo: non c\u2019è nulla da esportare.',
  callTypeInvalid: `Fondo non valido: indicare ${italianOr(FUNDS)}.`,
  callsMissing: 'Nessun bando configurato.',
  noResults: 'Non sono stati trovati risultati',
  confirmStatus: (label: string) => `Sei sicuro di voler cambiare lo stato in «${label}»?`,
  transitionRefused: (from: string, to: string) => `Non è possibile portare la candidatura da \u00ab${from}\u00bb a \u00ab${to}\u00bb.`,
  adminOnlyTransition: (to: string) => `Solo gli amministratori della piattaforma possono portare la candidatura in \u00ab${to}\u00bb.`,
} as const;
