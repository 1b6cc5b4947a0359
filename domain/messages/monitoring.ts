import { counted } from '../italianPlural.ts';
/** The Italian texts of monitoring (the catalogue: domain/messageCatalogue.ts). */
export const monitoringMessages = {
  pageTitle: 'Monitoraggio',
  intro: 'I periodi di monitoraggio dei progetti finanziati della tua organizzazione, con la scadenza di ciascuno.',
  empty:
    'Non ci sono ancora periodi di monitoraggio. Il monitoraggio inizia dopo la delibera di finanziamento: quando l\u2019amministrazione apre un periodo per una vostra candidatura lo troverete qui, con la sua scadenza, e i membri dell\u2019organizzazione riceveranno un\u2019e-mail.',
  noOrganization: 'Seleziona un\u2019organizzazione per vedere i suoi periodi di monitoraggio.',
  loading: 'Caricamento dei periodi di monitoraggio…',
  loadFailed: 'Non è stato possibile caricare i periodi di monitoraggio: riprova.',
  tableLabel: 'Periodi di monitoraggio',
  columns: { id: 'Id', title: 'Periodo', fund: 'Fondo', due: 'Scadenza', compilata: 'Compilata', link: 'Azione' },
  yes: 'Sì',
  no: 'No',
  overdue: 'scaduto',
  notSubmitted: 'non ancora inviato',
  fill: 'Compila',
  view: 'Visualizza',
  linkLabel: (action: string, title: string, fund: string) => `${action} ${title} ${fund}`,
  periodLabel: 'Periodo di monitoraggio',
  periodDue: (day: string) => `Scadenza: ${day}`,
  periodSubmitted: (day: string) => `Inviato il ${day}`,
  reminders: 'Promemoria inviati',
  reminderKinds: { opened: 'apertura del periodo', due_soon: 'scadenza vicina' },
  noReminders: 'Nessun promemoria inviato.',
  reminderHistory: (title: string, kind: string, recipients: number) =>
    `Promemoria e-mail «${title}» (${kind}) inviato a ${counted(recipients, 'membro', 'membri')} dell\u2019organizzazione.`,
  noPeriods: 'Nessun periodo di monitoraggio aperto per questa candidatura.',
  cardDue: 'Scadenza monitoraggio',
  // Server answers
  noPeriodStarted: (title: string, day: string) =>
    `Il prossimo periodo di monitoraggio («${title}») si apre il ${day}: il monitoraggio potrà essere aperto da quel giorno.`,
  noPeriodLeft: 'Non ci sono altri periodi di monitoraggio per questo fondo: aggiungili al file dei periodi o chiudi il monitoraggio.',
  notOpenRound: 'Non c\u2019è un periodo di monitoraggio aperto da inviare.',
  mailOpenedSubject: (fund: string, title: string) => `Portale Fondi: ${title} aperto (fondo ${fund})`,
  mailDueSoonSubject: (fund: string, title: string) => `Portale Fondi: ${title} in scadenza (fondo ${fund})`,
} as const;
