import { APPLICATION_STEPS } from '../wizard.ts';
import { TIPI_MOBILITA_SOSTENIBILE } from '../valueSchemas.ts';
import { indicatorFields, type FieldOption, type FieldSpec } from '../wizardFields.ts';
import { authorisationField, sharedIndicatorFields, type ImpactPlacement } from '../impactIndicators.ts';
import { FORME_TECNICHE_INTERVENTO, MODALITA_ESECUZIONE, STADI_ITER } from './puiApplication.ts';

/** Spec §2 Application wizard PUI: 1 Progetto … 6 Invia Candidatura (numberStep 4 = Allegati). */
export const PUI_STEPS = APPLICATION_STEPS;

/** Spec §5: project description 500–1000, procedural 200–500, specific objective 500–1000, progCodice 3. */
export const PUI_LENGTHS = {
  progDescrizione: { min: 500, max: 1000 },
  tempiDescrizione: { min: 200, max: 500 },
  descrizioneObbSpecifico: { min: 500, max: 1000 },
  progCodice: { max: 3 },
} as const;

const named = (values: readonly string[]): FieldOption[] => values.map((value) => ({ id: value, name: value }));

const P = 'progetto';
const F = 'fontiImpieghi';
const T = 'tempistiche';
const I = 'impatto';
const S = 'puiSurveyDto';
const IMPACT: ImpactPlacement = { step: I, key: S };

/** An impact indicator: its SI/NO question, the fields shown on SI, and its note. */
function indicator(
  section: string,
  question: string,
  label: string,
  dependents: Omit<FieldSpec, 'step' | 'section' | 'visibleWhen'>[],
  note: string,
): FieldSpec[] {
  return indicatorFields({ step: I, section, question: `${S}.${question}`, label, dependents, note: `${S}.${note}` });
}

/**
 * Every field of the PUI wizard in display order, with spec §5's rules: required fields (asterisk), lengths,
 * conditions. Amounts and counts required "when SI" are the indicators' dependent numbers.
 */
export const PUI_FIELDS: readonly FieldSpec[] = [
  // 1 Progetto
  { name: 'progNome', label: 'Nome del progetto', kind: 'text', step: P, required: true, maxLength: 300 },
  { name: 'progCittaMetropolitana', label: 'Città metropolitana', kind: 'select', step: P, required: true, source: 'cities' },
  {
    name: 'progRegione',
    label: 'Regione',
    kind: 'select',
    step: P,
    derived: true,
    source: 'regioni',
    help: 'Compilata in base alla città metropolitana',
  },
  { name: 'progComune', label: 'Comune', kind: 'select', step: P, required: true, source: 'comuniOfCity' },
  { name: 'progInherentPui', label: 'Il progetto è inerente a un PUI?', kind: 'boolean', step: P },
  {
    name: 'progCodice',
    label: 'Codice del progetto nel PUI',
    kind: 'text',
    step: P,
    maxLength: PUI_LENGTHS.progCodice.max,
    enabledWhen: { field: 'progInherentPui', equals: true },
    help: 'Massimo 3 caratteri; si compila solo se il progetto è inerente a un PUI',
  },
  { name: 'puiRiferimento', label: 'PUI di riferimento', kind: 'multiselect', step: P, required: true, source: 'puiOfCity' },
  { name: 'puiCorrispndeObbietivi', label: 'Il progetto corrisponde agli obiettivi del PUI?', kind: 'boolean', step: P },
  { name: 'progPuiDistanza', label: 'Distanza dal perimetro del PUI', kind: 'integer', step: P, required: true, unit: 'm' },
  { name: 'finalitaGenerale', label: 'Finalità generale', kind: 'select', step: P, required: true, source: 'finalitaGenerali' },
  { name: 'obbGenerale', label: 'Obiettivo generale', kind: 'select', step: P, required: true, source: 'obiettiviGenerali' },
  { name: 'obbSpecifico', label: 'Obiettivi specifici', kind: 'multiselect', step: P, source: 'obiettiviSpecifici' },
  {
    name: 'descrizioneObbSpecifico',
    label: 'Descrizione degli obiettivi specifici',
    kind: 'textarea',
    step: P,
    minLength: PUI_LENGTHS.descrizioneObbSpecifico.min,
    maxLength: PUI_LENGTHS.descrizioneObbSpecifico.max,
  },
  {
    name: 'progDescrizione',
    label: 'Descrizione del progetto',
    kind: 'textarea',
    step: P,
    required: true,
    minLength: PUI_LENGTHS.progDescrizione.min,
    maxLength: PUI_LENGTHS.progDescrizione.max,
  },
  { name: 'tipoIntervento', label: 'Tipologia di intervento', kind: 'multiselect', step: P, required: true, source: 'tipiIntervento' },
  { name: 'progettista', label: 'Progettista', kind: 'text', step: P, maxLength: 300 },
  { name: 'impresaEsecutriceDeilavori', label: 'Impresa esecutrice dei lavori', kind: 'text', step: P, maxLength: 300 },

  // 2 Fonti e Impieghi
  { name: 'costiTotale', label: 'Totale investimento', kind: 'amount', step: F, section: 'Impieghi', required: true, unit: '€' },
  { name: 'costiImmobili', label: 'Acquisto di immobili', kind: 'amount', step: F, section: 'Impieghi', required: true, unit: '€' },
  { name: 'costiCapex', label: 'Capex', kind: 'amount', step: F, section: 'Impieghi', required: true, unit: '€' },
  { name: 'costiCircolante', label: 'Capitale circolante', kind: 'amount', step: F, section: 'Impieghi', required: true, unit: '€' },
  {
    name: 'entitaInterventoFondo',
    label: 'Intervento richiesto al Fondo',
    kind: 'amount',
    step: F,
    section: 'Fonti',
    required: true,
    unit: '€',
  },
  {
    name: 'cofinanziamentoDebito',
    label: 'Cofinanziamento a debito',
    kind: 'amount',
    step: F,
    section: 'Fonti',
    required: true,
    unit: '€',
  },
  {
    name: 'cofinanziamentoEquity',
    label: 'Cofinanziamento in equity',
    kind: 'amount',
    step: F,
    section: 'Fonti',
    required: true,
    unit: '€',
  },
  {
    name: 'cofinanziamentoPubblico',
    label: 'Cofinanziamento pubblico',
    kind: 'amount',
    step: F,
    section: 'Fonti',
    required: true,
    unit: '€',
  },
  {
    name: 'nomeMisuraCofinanziamento',
    label: 'Nome della misura di cofinanziamento pubblico',
    kind: 'text',
    step: F,
    section: 'Fonti',
    requiredWhen: { field: 'cofinanziamentoPubblico', nonZero: true },
    maxLength: 300,
  },
  {
    name: 'fontiCopertura',
    label: 'Fonti di copertura',
    kind: 'computed',
    step: F,
    section: 'Fonti',
    display: 'amount',
    help: 'Fondo + debito + equity + cofinanziamento pubblico',
  },
  {
    name: 'percTotInvest',
    label: 'Quota del Fondo sul totale investimento',
    kind: 'computed',
    step: F,
    section: 'Fonti',
    display: 'percent',
  },
  {
    name: 'formaTecnicaIntervento',
    label: 'Forma tecnica dell\u2019intervento',
    kind: 'select',
    step: F,
    section: 'Fonti',
    required: true,
    options: named(FORME_TECNICHE_INTERVENTO),
  },

  // 3 Tempistiche
  { name: 'tempiLivello', label: 'Livello di progettazione', kind: 'select', step: T, required: true, source: 'designLevels' },
  {
    name: 'tempiStadioIter',
    label: 'Stadio dell\u2019iter autorizzativo',
    kind: 'select',
    step: T,
    required: true,
    options: named(STADI_ITER),
  },
  { name: 'tempiTipoAut', label: 'Tipo di autorizzazione', kind: 'text', step: T, required: true, maxLength: 300 },
  { name: 'tempiPermessi', label: 'Tempi per i permessi', kind: 'integer', step: T, required: true, unit: 'giorni' },
  { name: 'tempiInizioLavori', label: 'Data di inizio lavori', kind: 'date', step: T, required: true },
  { name: 'previsioneInizioLavori', label: 'La data di inizio lavori è una previsione?', kind: 'boolean', step: T },
  { name: 'tempiDurataLavori', label: 'Durata dei lavori', kind: 'integer', step: T, required: true, unit: 'mesi' },
  {
    name: 'tempiFineLavoriPrev',
    label: 'Fine lavori prevista',
    kind: 'computed',
    step: T,
    display: 'date',
    help: 'Data di inizio più la durata in mesi',
  },
  {
    name: 'tempiDescrizione',
    label: 'Descrizione dell\u2019iter procedurale',
    kind: 'textarea',
    step: T,
    required: true,
    minLength: PUI_LENGTHS.tempiDescrizione.min,
    maxLength: PUI_LENGTHS.tempiDescrizione.max,
  },
  { name: 'modalitaEsecuzione', label: 'Modalità di esecuzione', kind: 'select', step: T, options: named(MODALITA_ESECUZIONE) },

  // 4 Valutazione d'Impatto
  authorisationField(IMPACT),
  ...sharedIndicatorFields(IMPACT, 'ristrutturazione', 'energiaRinnovabile', 'superficieCoperta', 'superficieVerde'),
  ...indicator(
    'Piantumazioni',
    'piantumazioni',
    'Il progetto prevede nuove piantumazioni?',
    [{ name: `${S}.numeroPiantumazioni`, label: 'Numero di alberi piantati', kind: 'integer', required: true }],
    'notePiantumazioni',
  ),
  { name: `${S}.forzaLavoro`, label: 'Nuovi posti di lavoro nella fase di cantiere', kind: 'integer', step: I, section: 'Occupazione' },
  { name: `${S}.noteForzaLavoro`, label: 'Note', kind: 'textarea', step: I, section: 'Occupazione', maxLength: 1000 },
  ...sharedIndicatorFields(IMPACT, 'housing', 'postiLetto', 'spaziCommerciali'),
  ...indicator(
    'Mobilità sostenibile',
    'mobilitaSostenibile',
    'Il progetto promuove la mobilità sostenibile?',
    [
      {
        name: `${S}.tipoModalitaSostenibile`,
        label: 'Tipo di intervento per la mobilità sostenibile',
        kind: 'select',
        options: TIPI_MOBILITA_SOSTENIBILE,
        required: true,
      },
      { name: `${S}.numeroInterventoSostenibile`, label: 'Numero di interventi', kind: 'integer', required: true },
    ],
    'noteMobilitaSostenibile',
  ),
  ...sharedIndicatorFields(IMPACT, 'smartSolution'),
];

export const PUI_FIELDS_BY_NAME: ReadonlyMap<string, FieldSpec> = new Map(PUI_FIELDS.map((field) => [field.name, field]));
