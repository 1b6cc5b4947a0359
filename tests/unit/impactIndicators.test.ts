import { describe, expect, it } from 'vitest';
import { SHARED_INDICATORS, type SharedIndicatorQuestion } from '../../domain/impactIndicators.ts';
import { puiSurveySchema } from '../../domain/pui/puiApplication.ts';
import { PUI_FIELDS } from '../../domain/pui/puiFields.ts';
import { applyPuiChange, validatePuiApplication } from '../../domain/pui/puiRules.ts';
import { turApplicationFromJson, turSurveySchema, type TurApplication } from '../../domain/tur/turApplication.ts';
import { TUR_FIELDS } from '../../domain/tur/turFields.ts';
import { applyTurChange, validateTurApplication } from '../../domain/tur/turRules.ts';
import { readPath, type FieldSpec } from '../../domain/wizardFields.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { completeTurApplication } from '../support/turFixtures.ts';

const ORG = '11111111-1111-4111-8111-111111111111';
const context = { endOfWorksLimit: '2026-08-31', today: '2026-01-01' };
const QUESTIONS = Object.keys(SHARED_INDICATORS) as SharedIndicatorQuestion[];

/** A fund's fields of the shared indicators, keyed by their name inside the impact key, without the key itself. */
function sharedFieldsOf(fields: readonly FieldSpec[], key: string) {
  const names = new Set([
    'tipoAutorizzazione',
    ...QUESTIONS.flatMap((question) => [
      question,
      ...SHARED_INDICATORS[question].dependents.map((dependent) => dependent.name),
      SHARED_INDICATORS[question].note,
    ]),
  ]);
  const strip = (name: string) => name.slice(key.length + 1);
  return new Map(
    fields
      .filter((field) => field.name.startsWith(`${key}.`) && names.has(strip(field.name)))
      .map((field) => {
        const { name, answers: _answers, visibleWhen, ...rest } = field;
        return [strip(name), { ...rest, shownWhenYes: visibleWhen !== undefined }] as const;
      }),
  );
}

/** Values that answer every shared question yes and each thing it then asks, for a fund's answers. */
function everySharedAnswer(yes: string): Record<string, unknown> {
  return {
    tipoAutorizzazione: 'Permesso di costruire',
    ...Object.fromEntries(QUESTIONS.map((question) => [question, yes])),
    mqSLP: 1250.5,
    tipoInterventoPrevisione: 2,
    consumoMWh: 320.75,
    classeEnergeticaPartenza: 'F',
    classeEnergeticaRaggiunta: 'A+',
    potenzaFER: 150,
    quantitaFER: 180.5,
    superficieCopertaEsistente: 2400,
    superficieVerdeAggiunta: 850.25,
    canoniLocazione: 650,
    prezziCompravendita: 2350.5,
    numeroPostiLetto: 48,
    superficieVenditaSpaziCommerciali: 315.5,
    tipoSmartSolution: 'Sensori per i consumi idrici',
    numeroInterventiSmartSolution: 4,
    noteRistrutturazione: 'Cappotto e serramenti',
    noteSmartSolution: 'Rete LoRaWAN comunale',
  };
}

describe('the impact indicators both funds ask (spec §3: TUR has "the PUI-like indicators plus")', () => {
  it('are one definition: TUR and PUI ask them with the same labels, sections, kinds, units, choices and rules', () => {
    const pui = sharedFieldsOf(PUI_FIELDS, 'puiSurveyDto');
    const tur = sharedFieldsOf(TUR_FIELDS, 'turSurveyDto');
    // tipoAutorizzazione, 8 questions with their notes, and 15 answers asked on yes.
    expect(pui.size).toBe(1 + 8 * 2 + 15);
    expect([...tur.keys()].sort()).toEqual([...pui.keys()].sort());
    for (const [name, field] of pui) expect(tur.get(name), name).toEqual(field);
    expect(tur.get('quantitaFER')).toMatchObject({
      label: 'Energia prodotta all\u2019anno',
      unit: 'MWh',
      required: true,
      shownWhenYes: true,
    });
    expect(tur.get('tipoAutorizzazione')).toMatchObject({
      label: 'Tipo di autorizzazione',
      section: 'Autorizzazioni',
      shownWhenYes: false,
    });
  });

  it('are in both funds\u2019 values with the same names; TUR answers yes/no as \u2018true\u2019/\u2018false\u2019, PUI as SI/NO', () => {
    const shared = Object.keys(everySharedAnswer('x')).filter((key) => !key.startsWith('note'));
    for (const key of shared) {
      expect(turSurveySchema.shape, key).toHaveProperty(key);
      expect(puiSurveySchema.shape, key).toHaveProperty(key);
    }
    expect(turSurveySchema.parse(everySharedAnswer('true'))).toMatchObject(everySharedAnswer('true'));
    expect(puiSurveySchema.parse(everySharedAnswer('SI'))).toMatchObject(everySharedAnswer('SI'));
    expect(turSurveySchema.safeParse({ ristrutturazione: 'SI' }).success).toBe(false);
    expect(turSurveySchema.safeParse({ classeEnergeticaPartenza: 'Z' }).success).toBe(false);
    expect(turSurveySchema.safeParse({ tipoInterventoPrevisione: 6 }).success).toBe(false);
    expect(turSurveySchema.safeParse({ numeroPostiLetto: 4.5 }).success).toBe(false);
    // A draft from before keeps what it had; the new indicators start unanswered.
    const older = turApplicationFromJson({ turSurveyDto: { energiaRinnovabile: 'true', potenzaFER: 90 } }, ORG);
    expect(older.turSurveyDto).toMatchObject({ energiaRinnovabile: 'true', potenzaFER: 90, quantitaFER: null, ristrutturazione: null });
  });
});

describe('TUR asks the shared indicators as PUI does (spec §4, §5)', () => {
  const answered = (): TurApplication => ({
    ...completeTurApplication(ORG),
    turSurveyDto: turSurveySchema.parse(everySharedAnswer('true')),
  });

  it('every question answered yes with what it asks breaks no rule', () => {
    expect(validateTurApplication(answered(), context)).toEqual([]);
  });

  it('asks what a yes asks, and only then: each missing answer is "Campo obbligatorio" on the impact step', () => {
    const renovation = applyTurChange(completeTurApplication(ORG), 'turSurveyDto.ristrutturazione', 'true');
    expect(validateTurApplication(renovation, context)).toEqual(
      ['mqSLP', 'tipoInterventoPrevisione', 'consumoMWh', 'classeEnergeticaPartenza', 'classeEnergeticaRaggiunta'].map((name) => ({
        field: `turSurveyDto.${name}`,
        step: 'impatto',
        message: 'Campo obbligatorio',
      })),
    );
    for (const question of QUESTIONS) {
      const yes = applyTurChange(completeTurApplication(ORG), `turSurveyDto.${question}`, 'true');
      expect(
        validateTurApplication(yes, context).map((issue) => issue.field),
        question,
      ).toEqual(SHARED_INDICATORS[question].dependents.map((dependent) => `turSurveyDto.${dependent.name}`));
      const no = applyTurChange(completeTurApplication(ORG), `turSurveyDto.${question}`, 'false');
      expect(validateTurApplication(no, context), question).toEqual([]);
    }
    // The note and the kind of authorisation are never required.
    expect(validateTurApplication(completeTurApplication(ORG), context)).toEqual([]);
  });

  it('a No, or taking the answer back, clears what the yes asked and keeps the note; PUI does the same with NO', () => {
    for (const question of QUESTIONS) {
      for (const [answer, none] of [
        ['false', null],
        [null, null],
      ] as const) {
        const tur = applyTurChange(answered(), `turSurveyDto.${question}`, answer);
        const pui = applyPuiChange(
          { ...completePuiApplication(ORG), puiSurveyDto: puiSurveySchema.parse(everySharedAnswer('SI')) },
          `puiSurveyDto.${question}`,
          answer === 'false' ? 'NO' : none,
        );
        for (const dependent of SHARED_INDICATORS[question].dependents) {
          const empty = dependent.kind === 'text' ? '' : null;
          expect(readPath(tur, `turSurveyDto.${dependent.name}`), `${question} ${dependent.name}`).toBe(empty);
          expect(readPath(pui, `puiSurveyDto.${dependent.name}`), `PUI ${question} ${dependent.name}`).toBe(empty);
        }
        // What is left is still the fund's values: an energy class is emptied to null, never to '' (no class).
        expect(turSurveySchema.safeParse(tur.turSurveyDto).success, question).toBe(true);
        expect(puiSurveySchema.safeParse(pui.puiSurveyDto).success, `PUI ${question}`).toBe(true);
        const note = SHARED_INDICATORS[question].note;
        expect(readPath(tur, `turSurveyDto.${note}`)).toBe(readPath(answered(), `turSurveyDto.${note}`));
      }
    }
    // Other indicators keep their answers.
    const noHousing = applyTurChange(answered(), 'turSurveyDto.housing', 'false');
    expect(noHousing.turSurveyDto).toMatchObject({
      mqSLP: 1250.5,
      numeroPostiLetto: 48,
      tipoSmartSolution: 'Sensori per i consumi idrici',
    });
    expect(validatePuiApplication(applyPuiChange(completePuiApplication(ORG), 'puiSurveyDto.housing', 'SI'), context)).toHaveLength(2);
  });
});
