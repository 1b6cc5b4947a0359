/**
 * The Italian texts of the files the portal writes for people to download: the application workbooks (spec §9) and
 * the survey answers as text (server/exports/, server/surveys/answersText.ts). Server only (the catalogue:
 * domain/messageCatalogue.ts).
 */
export const exportsMessages = {
  yes: 'Sì',
  no: 'No',
  /** The application's facts, on top of its workbook and as the first columns of the list's workbook. */
  facts: {
    organization: 'Organizzazione',
    pIva: 'P.IVA',
    email: 'E-mail',
    fund: 'Fondo',
    status: 'Stato',
    submittedAt: 'Data candidatura',
    statusChangedAt: 'Ultimo cambio di stato',
    source: 'Dati',
    warnings: 'Avvisi',
  },
  applicationSheet: (fund: string) => `Candidatura ${fund}`,
  fieldColumns: { place: 'Sezione', label: 'Campo', value: 'Valore', name: 'Nome del campo' },
  surveyVersion: (version: string | number) => `Versione del questionario: ${version}`,
  surveySubmittedOn: (dateTime: string) => `Inviata il ${dateTime}`,
  surveyNotSubmitted: 'Non ancora inviata',
  noAnswer: '(nessuna risposta)',
} as const;
