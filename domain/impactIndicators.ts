import { z } from 'zod';
import { amount, integer, LONG_TEXT_MAX, text } from './valueSchemas.ts';
import { indicatorFields, type FieldOption, type FieldSpec } from './wizardFields.ts';

/**
 * The impact indicators both funds ask (spec §3: PUI's puiSurveyDto, and TUR's turSurveyDto "the PUI-like
 * indicators plus" the tourism ones): one definition of their values, questions, dependent answers and notes,
 * which each fund places in its own impact step under its own key, with its own yes/no answers (PUI 'SI' /
 * 'NO', TUR 'true' / 'false'). Each fund adds the indicators it names differently (trees, jobs, mobility) and
 * TUR its tourism sections.
 */

export const CLASSI_ENERGETICHE = ['A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'NA'] as const;

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

/**
 * The values of the shared indicators, to spread into a fund's impact schema; `yesNo` is the fund's schema of
 * an answer to a yes/no question.
 */
export function sharedImpactValues<Answer extends z.ZodType>(yesNo: () => Answer) {
  return {
    tipoAutorizzazione: text(),
    ristrutturazione: yesNo(),
    mqSLP: amount(),
    tipoInterventoPrevisione: z.number().int().min(1).max(5).nullable().default(null),
    consumoMWh: amount(),
    classeEnergeticaPartenza: z.enum(CLASSI_ENERGETICHE).nullable().default(null),
    classeEnergeticaRaggiunta: z.enum(CLASSI_ENERGETICHE).nullable().default(null),
    noteRistrutturazione: text(LONG_TEXT_MAX),
    energiaRinnovabile: yesNo(),
    potenzaFER: amount(),
    quantitaFER: amount(),
    noteEnergiaRinnovabile: text(LONG_TEXT_MAX),
    superficieCoperta: yesNo(),
    superficieCopertaEsistente: amount(),
    noteSuperficieCoperta: text(LONG_TEXT_MAX),
    superficieVerde: yesNo(),
    superficieVerdeAggiunta: amount(),
    noteSuperficieVerde: text(LONG_TEXT_MAX),
    housing: yesNo(),
    canoniLocazione: amount(),
    prezziCompravendita: amount(),
    noteHousing: text(LONG_TEXT_MAX),
    postiLetto: yesNo(),
    numeroPostiLetto: integer(),
    notePostiLetto: text(LONG_TEXT_MAX),
    spaziCommerciali: yesNo(),
    superficieVenditaSpaziCommerciali: amount(),
    noteSpaziCommerciali: text(LONG_TEXT_MAX),
    smartSolution: yesNo(),
    tipoSmartSolution: text(),
    numeroInterventiSmartSolution: integer(),
    noteSmartSolution: text(LONG_TEXT_MAX),
  };
}

type Dependent = Omit<FieldSpec, 'step' | 'section' | 'visibleWhen'>;

interface SharedIndicator {
  section: string;
  label: string;
  /** Asked only on yes; names relative to the fund's impact key. */
  dependents: readonly Dependent[];
  note: string;
}

/** The shared indicators' questions: the key of each is the yes/no question's field. */
export const SHARED_INDICATORS = {
  ristrutturazione: {
    section: 'Ristrutturazione di edifici',
    label: 'Il progetto prevede la ristrutturazione di edifici?',
    dependents: [
      { name: 'mqSLP', label: 'Superficie lorda di pavimento ristrutturata', kind: 'decimal', unit: 'm²', required: true },
      {
        name: 'tipoInterventoPrevisione',
        label: 'Tipo di intervento previsto',
        kind: 'select',
        options: TIPI_INTERVENTO_PREVISIONE,
        required: true,
      },
      { name: 'consumoMWh', label: 'Consumo energetico annuo', kind: 'decimal', unit: 'MWh', required: true },
      {
        name: 'classeEnergeticaPartenza',
        label: 'Classe energetica di partenza',
        kind: 'select',
        options: CLASSI_ENERGETICHE_OPTIONS,
        required: true,
      },
      {
        name: 'classeEnergeticaRaggiunta',
        label: 'Classe energetica raggiunta',
        kind: 'select',
        options: CLASSI_ENERGETICHE_OPTIONS,
        required: true,
      },
    ],
    note: 'noteRistrutturazione',
  },
  energiaRinnovabile: {
    section: 'Energia rinnovabile',
    label: 'Il progetto prevede impianti a fonti rinnovabili?',
    dependents: [
      { name: 'potenzaFER', label: 'Potenza installata', kind: 'decimal', unit: 'kW', required: true },
      { name: 'quantitaFER', label: 'Energia prodotta all\u2019anno', kind: 'decimal', unit: 'MWh', required: true },
    ],
    note: 'noteEnergiaRinnovabile',
  },
  superficieCoperta: {
    section: 'Superficie coperta',
    label: 'Il progetto interviene su superficie coperta esistente?',
    dependents: [
      { name: 'superficieCopertaEsistente', label: 'Superficie coperta esistente', kind: 'decimal', unit: 'm²', required: true },
    ],
    note: 'noteSuperficieCoperta',
  },
  superficieVerde: {
    section: 'Superficie verde',
    label: 'Il progetto aggiunge superficie verde?',
    dependents: [{ name: 'superficieVerdeAggiunta', label: 'Superficie verde aggiunta', kind: 'decimal', unit: 'm²', required: true }],
    note: 'noteSuperficieVerde',
  },
  housing: {
    section: 'Housing',
    label: 'Il progetto prevede abitazioni (housing)?',
    dependents: [
      { name: 'canoniLocazione', label: 'Canone medio di locazione mensile', kind: 'amount', unit: '€', required: true },
      { name: 'prezziCompravendita', label: 'Prezzo medio di compravendita al m²', kind: 'amount', unit: '€', required: true },
    ],
    note: 'noteHousing',
  },
  postiLetto: {
    section: 'Posti letto',
    label: 'Il progetto prevede posti letto?',
    dependents: [{ name: 'numeroPostiLetto', label: 'Numero di posti letto', kind: 'integer', required: true }],
    note: 'notePostiLetto',
  },
  spaziCommerciali: {
    section: 'Spazi commerciali',
    label: 'Il progetto prevede spazi commerciali?',
    dependents: [
      { name: 'superficieVenditaSpaziCommerciali', label: 'Superficie di vendita', kind: 'decimal', unit: 'm²', required: true },
    ],
    note: 'noteSpaziCommerciali',
  },
  smartSolution: {
    section: 'Smart solution',
    label: 'Il progetto prevede soluzioni smart?',
    dependents: [
      { name: 'tipoSmartSolution', label: 'Tipo di soluzione smart', kind: 'text', maxLength: 300, required: true },
      { name: 'numeroInterventiSmartSolution', label: 'Numero di soluzioni smart', kind: 'integer', required: true },
    ],
    note: 'noteSmartSolution',
  },
} satisfies Record<string, SharedIndicator>;

export type SharedIndicatorQuestion = keyof typeof SHARED_INDICATORS;

/** Where a fund asks its impact indicators: the wizard step, the key holding them, its yes/no answers. */
export interface ImpactPlacement {
  step: string;
  /** The values' key of the impact indicators ('puiSurveyDto', 'turSurveyDto'). */
  key: string;
  /** The stored answers of a yes/no question, when not 'SI' / 'NO'. */
  answers?: { yes: string; no: string };
}

/** The kind of authorisation the works need (spec §3 tipoAutorizzazione), in its own section. */
export function authorisationField({ step, key }: ImpactPlacement): FieldSpec {
  return {
    name: `${key}.tipoAutorizzazione`,
    label: 'Tipo di autorizzazione',
    kind: 'text',
    step,
    section: 'Autorizzazioni',
    maxLength: 300,
  };
}

/** The fields of the named shared indicators, in the order given: question, what is asked on yes, note. */
export function sharedIndicatorFields(placement: ImpactPlacement, ...questions: SharedIndicatorQuestion[]): FieldSpec[] {
  const { step, key, answers } = placement;
  return questions.flatMap((question) => {
    const indicator: SharedIndicator = SHARED_INDICATORS[question];
    return indicatorFields({
      step,
      section: indicator.section,
      question: `${key}.${question}`,
      label: indicator.label,
      dependents: indicator.dependents.map((dependent) => ({ ...dependent, name: `${key}.${dependent.name}` })),
      note: `${key}.${indicator.note}`,
      ...(answers ? { answers } : {}),
    });
  });
}
