/**
 * The Italian texts of the files the portal writes for people to download: the application workbooks (spec §9) and
 * the survey answers as text, the administrator's zip of an application (server/exports/, server/reports/,
 * server/surveys/answersText.ts). Server only (the catalogue: domain/messageCatalogue.ts).
 */
export const exportsMessages = {
  /** The author every workbook names in its properties: the application's, the list's and the reports'. */
  creator: 'Portale Fondi',
  yes: 'Sì',
  no: 'No',
  /**
   * The application's facts, on top of its workbook and as the first columns of the list's workbook, after the
   * organisation's (their titles: ORGANIZATION_FIELDS in domain/organization.ts).
   */
  facts: {
    fund: 'Fondo',
    status: 'Stato',
    /** The list's column: the protocol number of the application's hand-over (its receipt). */
    protocol: 'Numero di protocollo',
    /** The server's acceptance time of the hand-over, to the microsecond (issue 45: a click day's order). */
    acceptedAt: 'Accettazione del server',
    submittedAt: 'Data candidatura',
    statusChangedAt: 'Ultimo cambio di stato',
    source: 'Dati',
    warnings: 'Avvisi',
  },
  /** What the `source` fact holds: the submitted application, or its draft while there is none. */
  source: { application: 'Candidatura', draft: 'Bozza' },
  applicationSheet: (fund: string) => `Candidatura ${fund}`,
  applicationsSheet: (fund: string) => `Candidature ${fund}`,
  fieldColumns: { place: 'Sezione', label: 'Campo', value: 'Valore', name: 'Nome del campo' },
  surveyVersion: (version: string | number) => `Versione del questionario: ${version}`,
  surveySubmittedOn: (dateTime: string) => `Inviata il ${dateTime}`,
  surveyNotSubmitted: 'Non ancora inviata',
  noAnswer: '(nessuna risposta)',
  /** The folders and names of the entries of the administrator's zip of an application (server/exports/applicationArchive.ts). */
  archive: {
    integrationFolder: 'Integrazione/',
    /** The documents of one integration round, when the application had more than one. */
    integrationRoundFolder: (round: number | string) => `Integrazione/Richiesta ${round}/`,
    reviewFolder: 'Istruttoria/',
    reviewDnshFolder: 'Istruttoria/DNSH/',
    monitoringFolder: 'Monitoraggio/',
    /** A monitoring period's answers, in a folder named after the period ("Monitoraggio I semestre 2027"). */
    monitoringPeriodFolder: (period: string) => `Monitoraggio/${period}/`,
    periodWithoutTitle: 'Periodo',
    /** The receipts, each named as its download (receiptsMessages.fileName). */
    receiptsFolder: 'Ricevute/',
    /** The Domanda signed by the legal representative (issue 43), under the name it was uploaded with. */
    signedDomandaFolder: 'Domanda firmata/',
    /** An attachment whose type is gone, and one whose name is left empty once cleaned. */
    attachmentWithoutType: 'Allegato',
    attachmentWithoutName: 'allegato',
    surveyWithoutTitle: 'Survey',
  },
} as const;

/** The values of an exported application's `source` fact. */
export type ExportSource = (typeof exportsMessages.source)[keyof typeof exportsMessages.source];
