import { APPLICATION_STEPS } from '../wizard.ts';
import { TIPI_MOBILITA_SOSTENIBILE } from '../valueSchemas.ts';
import { indicatorFields, type FieldOption, type FieldSpec } from '../wizardFields.ts';
import { CLASSI_ENERGETICHE, FORME_TECNICHE_INTERVENTO, MODALITA_ESECUZIONE, STADI_ITER } from './puiApplication.ts';

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

/** Spec §3 tipoInterventoPrevisione. */
export const TIPI_INTERVENTO_PREVISIONE: FieldOption[] = [
  { id: 1, name: 'Ristrutturazione interna' },
  { id: 2, name: 'Intervento sull\u2019involucro esterno' },
  { id: 3, name: 'Sostituzione degli impianti' },
  { id: 4, name: 'Restauro' },
  { id: 5, name: 'Altro' },
];

/** Spec §3 energy classes, each with its range of primary energy use (kWh/m² per year). */
export const CLASSI_ENERGETICHE_OPTIONS: FieldOption[] = CLASSI_ENERGETICHE.map((id) => ({
  id,
  name: {
    'A+': 'A+ (fino a 15 kWh/m² anno)',
    A: 'A (da 15 a 30 kWh/m² anno)',
    B: 'B (da 30 a 50 kWh/m² anno)',
    C: 'C (da 50 a 70 kWh/m² anno)',
    D: 'D (da 70 a 90 kWh/m² anno)',
    E: 'E (da 90 a 120 kWh/m² anno)',
    F: 'F (da 120 a 160 kWh/m² anno)',
    G: 'G (oltre 160 kWh/m² anno)',
    NA: 'Non applicabile',
  }[id],
}));

const P = 'progetto';
const F = 'fontiImpieghi';
const T = 'tempistiche';
const I = 'impatto';
const S = 'puiSurveyDto';

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
  { name: 'progRegione', label: 'Regione', kind: 'text', step: P, derived: true, help: 'Compilata in base alla città metropolitana' },
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
  { name: `${S}.tipoAutorizzazione`, label: 'Tipo di autorizzazione', kind: 'text', step: I, section: 'Autorizzazioni', maxLength: 300 },
  ...indicator(
    'Ristrutturazione di edifici',
    'ristrutturazione',
    'Il progetto prevede la ristrutturazione di edifici?',
    [
      { name: `${S}.mqSLP`, label: 'Superficie lorda di pavimento ristrutturata', kind: 'decimal', unit: 'm²', required: true },
      {
        name: `${S}.tipoInterventoPrevisione`,
        label: 'Tipo di intervento previsto',
        kind: 'select',
        options: TIPI_INTERVENTO_PREVISIONE,
        required: true,
      },
      { name: `${S}.consumoMWh`, label: 'Consumo energetico annuo', kind: 'decimal', unit: 'MWh', required: true },
      {
        name: `${S}.classeEnergeticaPartenza`,
        label: 'Classe energetica di partenza',
        kind: 'select',
        options: CLASSI_ENERGETICHE_OPTIONS,
        required: true,
      },
      {
        name: `${S}.classeEnergeticaRaggiunta`,
        label: 'Classe energetica raggiunta',
        kind: 'select',
        options: CLASSI_ENERGETICHE_OPTIONS,
        required: true,
      },
    ],
    'noteRistrutturazione',
  ),
  ...indicator(
    'Energia rinnovabile',
    'energiaRinnovabile',
    'Il progetto prevede impianti a fonti rinnovabili?',
    [
      { name: `${S}.potenzaFER`, label: 'Potenza installata', kind: 'decimal', unit: 'kW', required: true },
      { name: `${S}.quantitaFER`, label: 'Energia prodotta all\u2019anno', kind: 'decimal', unit: 'MWh', required: true },
    ],
    'noteEnergiaRinnovabile',
  ),
  ...indicator(
    'Superficie coperta',
    'superficieCoperta',
    'Il progetto interviene su superficie coperta esistente?',
    [{ name: `${S}.superficieCopertaEsistente`, label: 'Superficie coperta esistente', kind: 'decimal', unit: 'm²', required: true }],
    'noteSuperficieCoperta',
  ),
  ...indicator(
    'Superficie verde',
    'superficieVerde',
    'Il progetto aggiunge superficie verde?',
    [{ name: `${S}.superficieVerdeAggiunta`, label: 'Superficie verde aggiunta', kind: 'decimal', unit: 'm²', required: true }],
    'noteSuperficieVerde',
  ),
  ...indicator(
    'Piantumazioni',
    'piantumazioni',
    'Il progetto prevede nuove piantumazioni?',
    [{ name: `${S}.numeroPiantumazioni`, label: 'Numero di alberi piantati', kind: 'integer', required: true }],
    'notePiantumazioni',
  ),
  { name: `${S}.forzaLavoro`, label: 'Nuovi posti di lavoro nella fase di cantiere', kind: 'integer', step: I, section: 'Occupazione' },
  { name: `${S}.noteForzaLavoro`, label: 'Note', kind: 'textarea', step: I, section: 'Occupazione', maxLength: 1000 },
  ...indicator(
    'Housing',
    'housing',
    'Il progetto prevede abitazioni (housing)?',
    [
      { name: `${S}.canoniLocazione`, label: 'Canone medio di locazione mensile', kind: 'amount', unit: '€', required: true },
      { name: `${S}.prezziCompravendita`, label: 'Prezzo medio di compravendita al m²', kind: 'amount', unit: '€', required: true },
    ],
    'noteHousing',
  ),
  ...indicator(
    'Posti letto',
    'postiLetto',
    'Il progetto prevede posti letto?',
    [{ name: `${S}.numeroPostiLetto`, label: 'Numero di posti letto', kind: 'integer', required: true }],
    'notePostiLetto',
  ),
  ...indicator(
    'Spazi commerciali',
    'spaziCommerciali',
    'Il progetto prevede spazi commerciali?',
    [{ name: `${S}.superficieVenditaSpaziCommerciali`, label: 'Superficie di vendita', kind: 'decimal', unit: 'm²', required: true }],
    'noteSpaziCommerciali',
  ),
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
  ...indicator(
    'Smart solution',
    'smartSolution',
    'Il progetto prevede soluzioni smart?',
    [
      { name: `${S}.tipoSmartSolution`, label: 'Tipo di soluzione smart', kind: 'text', maxLength: 300, required: true },
      { name: `${S}.numeroInterventiSmartSolution`, label: 'Numero di interventi', kind: 'integer', required: true },
    ],
    'noteSmartSolution',
  ),
];

export const PUI_FIELDS_BY_NAME: ReadonlyMap<string, FieldSpec> = new Map(PUI_FIELDS.map((field) => [field.name, field]));
