import { APPLICATION_STEPS } from '../wizard.ts';
import { TIPI_MOBILITA_SOSTENIBILE } from '../valueSchemas.ts';
import { authorisationField, sharedIndicatorFields, type ImpactPlacement } from '../impactIndicators.ts';
import { indicatorFields, type FieldSpec } from '../wizardFields.ts';
import { TECNICHE_INTERVENTO_TUR, TUR_NO, TUR_YES } from './turApplication.ts';

/** Spec §2 Application wizard TUR: the same step structure as PUI (numberStep 4 = Allegati). */
export const TUR_STEPS = APPLICATION_STEPS;

/** Spec §5: project description 200–500 (TUR), procedural description 200–500. */
export const TUR_LENGTHS = {
  descrizione: { min: 200, max: 500 },
  tempiDescrizione: { min: 200, max: 500 },
} as const;

const P = 'progetto';
const F = 'fontiImpieghi';
const T = 'tempistiche';
const I = 'impatto';
const S = 'turSurveyDto';
const answers = { yes: TUR_YES, no: TUR_NO };
const IMPACT: ImpactPlacement = { step: I, key: S, answers };

/** A TUR indicator: its yes/no question ('true' / 'false'), what is asked on yes, its note. */
function indicator(
  section: string,
  question: string,
  label: string,
  dependents: Omit<FieldSpec, 'step' | 'section' | 'visibleWhen'>[],
  note: string,
): FieldSpec[] {
  return indicatorFields({ step: I, section, question: `${S}.${question}`, label, dependents, note: `${S}.${note}`, answers });
}

/** A count or amount the indicator's section asks directly, with its note. */
function measure(section: string, field: Omit<FieldSpec, 'step' | 'section'>, note: string): FieldSpec[] {
  return [
    { ...field, step: I, section },
    { name: `${S}.${note}`, label: 'Note', kind: 'textarea', step: I, section, maxLength: 1000 },
  ];
}

/**
 * Every field of the TUR wizard in display order, with spec §5's rules: required fields (asterisk), lengths,
 * conditions; "Totale investimento" must equal "Fonti di copertura" (turRules.ts).
 */
export const TUR_FIELDS: readonly FieldSpec[] = [
  // 1 Progetto
  { name: 'progNome', label: 'Nome del progetto', kind: 'text', step: P, required: true, maxLength: 300 },
  { name: 'progRegione', label: 'Regione', kind: 'select', step: P, required: true, source: 'regioni' },
  { name: 'progProvincia', label: 'Provincia', kind: 'select', step: P, required: true, source: 'provinceOfRegion' },
  { name: 'progComune', label: 'Comune', kind: 'select', step: P, required: true, source: 'comuniOfProvince' },
  { name: 'progAreaTematica', label: 'Area tematica', kind: 'select', step: P, required: true, source: 'areeTematiche' },
  {
    name: 'descrizione',
    label: 'Descrizione del progetto',
    kind: 'textarea',
    step: P,
    required: true,
    minLength: TUR_LENGTHS.descrizione.min,
    maxLength: TUR_LENGTHS.descrizione.max,
  },

  // 2 Fonti e Impieghi
  { name: 'costiTotale', label: 'Totale investimento', kind: 'amount', step: F, section: 'Impieghi', required: true, unit: '€' },
  { name: 'costiImmobili', label: 'Acquisto di immobili', kind: 'amount', step: F, section: 'Impieghi', required: true, unit: '€' },
  {
    name: 'costiTotaleCapexTransEnerg',
    label: 'Capex per la transizione energetica',
    kind: 'amount',
    step: F,
    section: 'Impieghi',
    required: true,
    unit: '€',
  },
  {
    name: 'costiTotaleCapexTransDigital',
    label: 'Capex per la transizione digitale',
    kind: 'amount',
    step: F,
    section: 'Impieghi',
    required: true,
    unit: '€',
  },
  { name: 'costiTotaleCircolante', label: 'Capitale circolante', kind: 'amount', step: F, section: 'Impieghi', required: true, unit: '€' },
  {
    name: 'percTransEnerg',
    label: 'Quota per la transizione energetica',
    kind: 'computed',
    step: F,
    section: 'Impieghi',
    display: 'percent',
  },
  {
    name: 'percTransDigital',
    label: 'Quota per la transizione digitale',
    kind: 'computed',
    step: F,
    section: 'Impieghi',
    display: 'percent',
  },
  {
    name: 'costiIintervento',
    label: 'Intervento richiesto al Fondo',
    kind: 'amount',
    step: F,
    section: 'Fonti',
    required: true,
    unit: '€',
  },
  { name: 'costiDdebito', label: 'Cofinanziamento a debito', kind: 'amount', step: F, section: 'Fonti', required: true, unit: '€' },
  { name: 'costiEquity', label: 'Cofinanziamento in equity', kind: 'amount', step: F, section: 'Fonti', required: true, unit: '€' },
  { name: 'costiPubblico', label: 'Cofinanziamento pubblico', kind: 'amount', step: F, section: 'Fonti', required: true, unit: '€' },
  {
    name: 'costiNomeCofinanziamento',
    label: 'Nome della misura di cofinanziamento pubblico',
    kind: 'text',
    step: F,
    section: 'Fonti',
    requiredWhen: { field: 'costiPubblico', nonZero: true },
    maxLength: 300,
  },
  {
    name: 'costiFontiCopertura',
    label: 'Fonti di copertura',
    kind: 'computed',
    step: F,
    section: 'Fonti',
    display: 'amount',
    help: 'Fondo + debito + equity + cofinanziamento pubblico: deve essere uguale al totale investimento',
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
    name: 'costiTecnicaIntervento',
    label: 'Forma tecnica dell\u2019intervento',
    kind: 'select',
    step: F,
    section: 'Fonti',
    required: true,
    options: TECNICHE_INTERVENTO_TUR.map((name) => ({ id: name, name })),
  },

  // 3 Tempistiche
  { name: 'tempiLivello', label: 'Livello di progettazione', kind: 'select', step: T, required: true, source: 'designLevels' },
  { name: 'tempiInizioLavori', label: 'Data di inizio lavori', kind: 'date', step: T, required: true },
  { name: 'tempiDurataLavori', label: 'Durata dei lavori', kind: 'integer', step: T, required: true, unit: 'mesi' },
  {
    name: 'tempiFineLavori',
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
    minLength: TUR_LENGTHS.tempiDescrizione.min,
    maxLength: TUR_LENGTHS.tempiDescrizione.max,
  },

  // 4 Valutazione d'Impatto: the indicators PUI asks too, then the tourism sections (spec §2, §3).
  authorisationField(IMPACT),
  ...sharedIndicatorFields(IMPACT, 'ristrutturazione', 'energiaRinnovabile', 'superficieCoperta'),
  ...indicator(
    'Recupero di superfici coperte',
    'superficieCopertaRecuperata',
    'Il progetto recupera superficie coperta esistente?',
    [{ name: `${S}.mqSuperficieCopertaRecuperata`, label: 'Superficie coperta recuperata', kind: 'decimal', unit: 'm²', required: true }],
    'noteSuperficieCopertaRecuperata',
  ),
  ...sharedIndicatorFields(IMPACT, 'superficieVerde', 'housing', 'postiLetto', 'spaziCommerciali', 'smartSolution'),
  ...indicator(
    'Piantumazione di alberi',
    'piantumazioni',
    'Il progetto prevede la piantumazione di alberi?',
    [{ name: `${S}.numeroPiantumazioni`, label: 'Numero di alberi piantati', kind: 'decimal', required: true }],
    'noteAlberi',
  ),
  ...measure(
    'Occupazione nella fase di cantiere',
    { name: `${S}.forzaLavoro`, label: 'Nuovi posti di lavoro nella fase di cantiere', kind: 'integer' },
    'noteNuoviPostiLavoroIntervento',
  ),
  ...indicator(
    'Spesa turistica',
    'prevIncrementoTuristi',
    'Il progetto prevede un incremento dei turisti?',
    [{ name: `${S}.incrementoTuristi`, label: 'Incremento previsto di turisti all\u2019anno', kind: 'integer', required: true }],
    'noteSpesaTuristi',
  ),
  ...measure(
    'Occupazione nel turismo',
    { name: `${S}.prevIncrementoForzaLavoro`, label: 'Nuovi posti di lavoro nel turismo', kind: 'integer' },
    'noteNuoviPostiLavoroTurismo',
  ),
  ...indicator(
    'Tutela del paesaggio',
    'contestoPaesaggistico',
    'Il progetto si trova in un contesto paesaggistico tutelato?',
    [{ name: `${S}.tipoContestoPaesaggistico`, label: 'Tipo di contesto paesaggistico', kind: 'text', maxLength: 300, required: true }],
    'noteTutelaPaesaggio',
  ),
  ...indicator(
    'Mobilità sostenibile',
    'mobilitaSostenibile',
    'Il progetto promuove mezzi di trasporto alternativi?',
    [
      {
        name: `${S}.tipoMobilitaSostenibile`,
        label: 'Tipo di intervento per la mobilità sostenibile',
        kind: 'select',
        options: TIPI_MOBILITA_SOSTENIBILE,
      },
      { name: `${S}.numInterventiMobilitaSostenibile`, label: 'Numero di interventi', kind: 'integer', required: true },
    ],
    'notePromozioneMezziTrasportoAlternativi',
  ),
];
