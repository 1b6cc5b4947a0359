import { counted, plural } from '../italianPlural.ts';

/**
 * The Italian texts of the admin list's actions on many applications at once (issue 44): the selection, the
 * action bar, the confirmation, the progress and the result; and the server's answers about them.
 */
export const bulkActionsMessages = {
  selectApplication: (fund: string, organization: string) => `Seleziona la candidatura ${fund} di ${organization}`,
  selectPage: 'Seleziona tutte le candidature della pagina',
  selected: (count: number) => `${counted(count, 'candidatura selezionata', 'candidature selezionate')}`,
  selectAllMatching: 'Seleziona tutte le candidature che corrispondono ai filtri',
  allMatching: (count: number) =>
    `${plural(count, 'Selezionata', 'Selezionate')} ${counted(count, 'candidatura', 'candidature')} ${plural(count, 'che corrisponde', 'che corrispondono')} ai filtri e alla ricerca`,
  counting: 'Conteggio delle candidature in corso…',
  clearSelection: 'Annulla la selezione',
  barLabel: 'Azioni sulle candidature selezionate',
  changeStatus: 'Cambia stato',
  zip: 'Scarica allegati (zip)',
  excel: 'Esporta in Excel',
  targetStatus: 'Nuovo stato',
  note: 'Nota per tutte le candidature (facoltativa)',
  confirmTitle: {
    status: 'Conferma il cambio di stato',
    zip: 'Conferma lo scaricamento degli allegati',
    excel: 'Conferma l\u2019esportazione in Excel',
  },
  confirmText: {
    status: (count: number, status: string) =>
      `${plural(count, 'La candidatura selezionata passerà', `Le ${count} candidature selezionate passeranno`)} allo stato \u00ab${status}\u00bb. Le candidature per cui il cambio non è consentito saranno elencate con il motivo. Ogni organizzazione riceverà la propria e-mail.`,
    zip: (count: number) => `Gli allegati di ${counted(count, 'candidatura', 'candidature')} saranno raccolti in un unico file zip.`,
    excel: (count: number) => `${counted(count, 'candidatura', 'candidature')} saranno esportate in un file Excel.`,
  },
  confirm: 'Conferma',
  cancel: 'Annulla',
  starting: 'Avvio dell\u2019operazione…',
  progressLabel: 'Avanzamento dell\u2019operazione',
  progress: (handled: number, total: number) => `${handled} di ${total} candidature elaborate`,
  runningHint: 'Potete lasciare questa pagina: l\u2019operazione prosegue e la ritroverete qui.',
  doneTitle: 'Operazione completata',
  doneWithFailuresTitle: 'Operazione completata con alcune candidature non elaborate',
  succeeded: (count: number) => `${counted(count, 'candidatura elaborata', 'candidature elaborate')}`,
  failedList: (count: number) => `${counted(count, 'candidatura non elaborata', 'candidature non elaborate')}`,
  succeededList: 'Candidature elaborate',
  downloadResult: 'Scarica il file',
  close: 'Chiudi',
  loadFailed: 'Non è stato possibile leggere lo stato dell\u2019operazione.',
  startFailed: 'Non è stato possibile avviare l\u2019operazione.',
  retry: 'Riprova',
  itemLabel: (fund: string, organization: string) => `${fund} \u2013 ${organization}`,
  /** Server answers. */
  notFound: 'Operazione non trovata.',
  emptySelection: 'Nessuna candidatura corrisponde alla selezione.',
  tooMany: (max: number) => `Si possono selezionare al massimo ${max} candidature per operazione.`,
  targetRequired: 'Scegliete il nuovo stato delle candidature.',
  targetNotAllowed: 'Per questa operazione non si indica uno stato.',
  resultNotReady: 'Il file dell\u2019operazione non è ancora pronto.',
  noFiles: 'La candidatura non ha allegati.',
  vanished: 'La candidatura non esiste più.',
  zipFileName: 'Allegati-candidature.zip',
  /** One fund's name in the file's, as the list's own Excel; «Lista-candidature.xlsx» with a sheet per fund otherwise. */
  excelFileName: (funds: readonly string[]) => (funds.length === 1 ? `Lista-candidature-${funds[0]}.xlsx` : 'Lista-candidature.xlsx'),
  /** What /api/docs says of each route (server/routes/bulkAction.routes.ts). */
  api: {
    count: 'Quante candidature indica una selezione (i filtri e la ricerca dell\u2019elenco, o gli id scelti), prima di agire.',
    create: 'Avvia un\u2019azione su più candidature: la selezione è fissata adesso e il server la esegue anche se la pagina viene chiusa.',
    get: 'L\u2019avanzamento di un\u2019azione e l\u2019esito di ogni candidatura, con il motivo di quelle non elaborate.',
    recent: 'Le azioni più recenti avviate da chi chiama, dalla più nuova.',
    result: 'Il file di un\u2019azione di scaricamento (zip degli allegati o Excel), una volta pronto.',
  },
  failedUnexpectedly: 'Errore imprevisto: la candidatura non è stata elaborata.',
} as const;
