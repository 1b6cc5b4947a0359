import { FUNDS } from '../applicationStatus.ts';
import { italianAnd, italianOr } from '../italianLists.ts';
import { counted, plural } from '../italianPlural.ts';
import { formatCount } from './reportFormat.ts';
import type { ReportId } from './reportIds.ts';

/**
 * The Italian texts of the reports (titles, column names, the one-line readings, filters, errors). Beside the
 * reports rather than in domain/messages.ts, which every page loads: these load with the admin reports only.
 */
/** A count with its words, as the reports write counts (1.250 candidature). */
const n = (count: number, one: string, many: string) => counted(count, one, many, formatCount);

export const reportMessages = {
  workspaceTitle: `Fondi Tematici ${italianAnd(FUNDS)}`,
  catalog: {
    'stato-candidature': {
      title: 'Candidature per stato',
      description: 'Quante candidature si trovano in ciascuno dei tredici stati, per fondo.',
    },
    importi: {
      title: 'Importi richiesti',
      description: 'Importi richiesti ai fondi, investimento totale e cofinanziamento; quota del fondo e avvisi per l\u2019istruttoria.',
    },
    territorio: {
      title: 'Candidature per territorio',
      description: 'Candidature e importi richiesti per regione e, per i fondi i cui progetti la indicano, per città metropolitana.',
    },
    'flusso-istruttoria': {
      title: 'Presentazione e tempi di istruttoria',
      description: 'Candidature presentate per settimana e giorni dalla presentazione alla decisione e in integrazione.',
    },
    monitoraggio: {
      title: 'Monitoraggio',
      description:
        'Periodi di monitoraggio compilati, da compilare nei termini e scaduti, per fondo e per periodo; progetti per stato di monitoraggio.',
    },
  } satisfies Record<ReportId, { title: string; description: string }>,
  filters: {
    invalidFrom: 'La data di inizio del periodo non è valida: usa il formato AAAA-MM-GG.',
    invalidTo: 'La data di fine del periodo non è valida: usa il formato AAAA-MM-GG.',
    rangeReversed: 'La data di fine del periodo non può precedere la data di inizio.',
    invalidFund: (funds: readonly string[]) => `Il fondo indicato non esiste: scegli ${italianOr(funds)}.`,
  },
  notFound: 'Il report richiesto non esiste: torna alla Reportistica e sceglilo dall\u2019elenco.',
  columns: {
    status: 'Stato',
    fund: 'Fondo',
    total: 'Totale',
    applications: 'Candidature',
    fundAmount: 'Importo richiesto al fondo',
    totalInvestment: 'Investimento totale',
    coFinancing: 'Cofinanziamento',
    withWarnings: 'Con almeno un avviso',
    shareBand: 'Quota del fondo sull\u2019investimento',
    warning: 'Avviso',
    region: 'Regione',
    metropolitanCity: 'Città metropolitana',
    fundApplications: (fund: string) => `${fund}: candidature`,
    fundRequested: (fund: string) => `${fund}: importo richiesto`,
    week: 'Settimana dal',
    decisions: 'Decisioni',
    decisionMedian: 'Giorni alla decisione (mediana)',
    decisionP90: 'Giorni alla decisione (90° percentile)',
    integrations: 'Integrazioni concluse',
    integrationsOpen: 'Integrazioni in corso',
    integrationMedian: 'Giorni in integrazione (mediana)',
    integrationP90: 'Giorni in integrazione (90° percentile)',
    monitoringOpen: 'Da compilare',
    monitoringSubmitted: 'Compilati',
    monitoringClosed: 'Chiusi',
    period: 'Periodo',
    dueDay: 'Scadenza',
    periodsOpened: 'Periodi aperti',
    periodsFilled: 'Compilati',
    periodsPending: 'Da compilare nei termini',
    periodsOverdue: 'Scaduti senza compilazione',
  },
  labels: {
    notGiven: 'Non indicata',
    notComputable: 'Non calcolabile',
    band: (from: number, to: number) => `${from}–${to}%`,
    bandOver: (from: number) => `${from}% e oltre`,
    allFunds: 'Tutti i fondi',
  },
  sections: {
    byStatus: 'Candidature per stato',
    amounts: 'Importi per fondo',
    shares: 'Distribuzione della quota del fondo',
    warnings: 'Avvisi per l\u2019istruttoria',
    regions: 'Candidature e importi per regione',
    metropolitanCities: 'Candidature e importi per città metropolitana',
    weekly: 'Candidature presentate per settimana',
    reviewSpeed: 'Tempi di istruttoria',
    monitoring: 'Progetti in monitoraggio',
    periodsByFund: 'Periodi di monitoraggio per fondo',
    periodsByTitle: 'Periodi di monitoraggio per titolo',
  },
  notes: {
    period: 'Il periodo si applica alla data di presentazione della candidatura.',
    periodStatus:
      'Il periodo si applica alla data di presentazione; per le candidature non ancora presentate alla data di apertura della bozza e, per «Non avviata», alla data di registrazione dell\u2019organizzazione.',
    periodsOverdue:
      'Un periodo è scaduto quando il giorno di scadenza (sul calendario italiano; se festivo, il primo giorno lavorativo successivo) è passato senza che le risposte siano state inviate.',
  },
  readings: {
    none: 'Nessuna candidatura corrisponde ai filtri scelti.',
    byStatus: (total: number, submitted: number, top: string, topCount: number) =>
      `${n(total, 'candidatura avviata', 'candidature avviate')}, di cui ${n(submitted, 'presentata', 'presentate')}; lo stato più frequente è «${top}» con ${formatCount(topCount)}.`,
    amounts: (count: number, requested: string, investment: string, share: string) =>
      count === 1
        ? `L\u2019unica candidatura presentata chiede ai fondi ${requested} su ${investment} di investimento totale (${share}).`
        : `Le ${formatCount(count)} candidature presentate chiedono ai fondi ${requested} su ${investment} di investimento totale (${share}).`,
    shares: (over: number, count: number, limit: string) =>
      `${n(over, 'candidatura', 'candidature')} su ${formatCount(count)} ${plural(over, 'chiede', 'chiedono')} al fondo almeno il ${limit} dell\u2019investimento.`,
    warnings: (withWarnings: number, count: number, top: string) =>
      `${n(withWarnings, 'candidatura', 'candidature')} su ${formatCount(count)} ${plural(withWarnings, 'ha', 'hanno')} almeno un avviso; il più frequente è «${top}».`,
    noWarnings: (count: number) =>
      count === 1
        ? 'L\u2019unica candidatura presentata non ha avvisi per l\u2019istruttoria.'
        : `Nessuna delle ${formatCount(count)} candidature presentate ha avvisi per l\u2019istruttoria.`,
    regions: (top: string, topCount: number, requested: string, regions: number) =>
      `La regione con più candidature è ${top} (${formatCount(topCount)}, ${requested} richiesti); ${plural(regions, 'è rappresentata solo questa regione', `le regioni rappresentate sono ${formatCount(regions)}`)}.`,
    metropolitanCities: (top: string, topCount: number, requested: string) =>
      `La città metropolitana con più candidature è ${top} (${formatCount(topCount)}, ${requested} richiesti).`,
    weekly: (count: number, weeks: number, week: string, weekCount: number) =>
      `${n(count, 'candidatura presentata', 'candidature presentate')} in ${n(weeks, 'settimana', 'settimane')}; la settimana con più candidature è quella dal ${week} (${formatCount(weekCount)}).`,
    reviewSpeed: (median: string, p90: string, decisions: number) =>
      decisions === 1
        ? `L\u2019unica decisione è arrivata ${median} dopo la presentazione.`
        : `Dalla presentazione alla decisione passano in mediana ${median}; il 90% delle ${formatCount(decisions)} decisioni arriva entro ${p90}.`,
    noDecisions: 'Nessuna candidatura presentata nel periodo ha ancora ricevuto una decisione (Ammissibile o Rifiutata).',
    monitoring: (count: number, open: number, submitted: number, closed: number) =>
      `${n(count, 'progetto', 'progetti')} in monitoraggio: ${formatCount(open)} da compilare, ${n(submitted, 'compilato', 'compilati')}, ${n(closed, 'chiuso', 'chiusi')}.`,
    noPeriods: 'Nessun periodo di monitoraggio è stato aperto per le candidature che corrispondono ai filtri scelti.',
    periods: (opened: number, filled: number, pending: number, overdue: number) =>
      `${n(opened, 'periodo di monitoraggio aperto', 'periodi di monitoraggio aperti')}: ${n(filled, 'compilato', 'compilati')}, ${formatCount(pending)} da compilare nei termini, ${n(overdue, 'scaduto', 'scaduti')} senza compilazione.`,
    periodMostOverdue: (title: string, overdue: number) =>
      `Il periodo con più compilazioni scadute è «${title}» (${formatCount(overdue)}).`,
    periodsNoneOverdue: (periods: number) => `Nessuna compilazione è scaduta (${n(periods, 'periodo', 'periodi')} con almeno un progetto).`,
  },
  page: {
    listIntro: 'Scegli un report: ogni report mostra un grafico con la sua tabella di dati e si può scaricare in Excel.',
    open: (title: string) => `Apri il report «${title}»`,
    backToList: 'Torna alla Reportistica',
    filtersLegend: 'Filtri',
    fundFilter: 'Fondo',
    periodFilter: 'Periodo di presentazione',
    clearPeriod: 'Tutto il periodo',
    download: 'Scarica Excel',
    downloadFailed: 'Non è stato possibile scaricare il file Excel: riprova.',
    loading: 'Caricamento del report…',
    loadFailed: 'Non è stato possibile caricare il report: riprova.',
    retry: 'Riprova',
    tableCaption: (title: string) => `${title}: dati del grafico`,
    chartLabel: (title: string) => `Grafico: ${title}. I dati sono nella tabella che segue.`,
    unknownReport: 'Il report richiesto non esiste.',
    generatedFor: (fund: string, period: string) => `${fund} · ${period}`,
    wholePeriod: 'tutto il periodo',
    period: (from: string, to: string) => `dal ${from} al ${to}`,
    periodFrom: (from: string) => `dal ${from}`,
    periodTo: (to: string) => `fino al ${to}`,
  },
} as const;
