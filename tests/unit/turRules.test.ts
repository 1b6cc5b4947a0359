import { describe, expect, it } from 'vitest';
import type { CallThresholds } from '../../domain/call.ts';
import { applicationFormMessages } from '../../domain/messages/applicationForm.ts';
import { emptyTurApplication, turApplicationFromJson } from '../../domain/tur/turApplication.ts';
import {
  applyTurChange,
  costiFontiCopertura,
  tempiFineLavori,
  turWarnings,
  validateTurApplication,
  withTurComputedValues,
} from '../../domain/tur/turRules.ts';
import { turWizardDefinition } from '../../domain/tur/turWizard.ts';
import { completeTurApplication } from '../support/turFixtures.ts';
import { prose } from '../support/puiFixtures.ts';

const ORG = 'org-1';
const context = { endOfWorksLimit: '2026-08-31', today: '2026-01-01' };
const form = applicationFormMessages;
const thresholds: CallThresholds = {
  fundAmountWarning: 16_000_000,
  maxFundSharePercent: 50,
  propertyPurchaseMaxPercent: 10,
  energyCapexMinPercent: 50,
  digitalCapexMinPercent: 20,
};

describe('TUR rules (spec §5)', () => {
  it('a complete application breaks no rule', () => {
    expect(validateTurApplication(completeTurApplication(ORG), context)).toEqual([]);
  });

  it('an empty application is incomplete on every form step, with "Campo obbligatorio"', () => {
    const issues = validateTurApplication(emptyTurApplication(ORG), context);
    expect(new Set(issues.map((issue) => issue.step))).toEqual(new Set(['progetto', 'fontiImpieghi', 'tempistiche']));
    expect(issues.find((issue) => issue.field === 'progAreaTematica')).toEqual({
      field: 'progAreaTematica',
      step: 'progetto',
      message: 'Campo obbligatorio',
    });
  });

  it('asks for descriptions of 200 to 500 characters', () => {
    const short = validateTurApplication(completeTurApplication(ORG, { descrizione: prose(199) }), context);
    expect(short).toEqual([{ field: 'descrizione', step: 'progetto', message: form.tooShort(200, 199) }]);
    expect(validateTurApplication(completeTurApplication(ORG, { descrizione: prose(200), tempiDescrizione: prose(500) }), context)).toEqual(
      [],
    );
    expect(validateTurApplication(completeTurApplication(ORG, { tempiDescrizione: prose(501) }), context)).toEqual([
      { field: 'tempiDescrizione', step: 'tempistiche', message: form.tooLong(500) },
    ]);
  });

  it('wants "Totale investimento" equal to "Fonti di copertura", to the cent', () => {
    const oneCentMore = completeTurApplication(ORG, { costiTotale: 8_000_000.01 });
    expect(validateTurApplication(oneCentMore, context)).toEqual([
      { field: 'costiTotale', step: 'fontiImpieghi', message: form.totalsDiffer },
    ]);
    expect(form.totalsDiffer).toBe('I valori "Totale investimento" e "Fonti di copertura" devono essere uguali');
    const sourcesOneCentLess = completeTurApplication(ORG, { costiPubblico: 999_999.99 });
    expect(validateTurApplication(sourcesOneCentLess, context).map((issue) => issue.field)).toEqual(['costiTotale']);
  });

  it('needs the co-financing measure only when public co-financing is not zero', () => {
    expect(validateTurApplication(completeTurApplication(ORG, { costiNomeCofinanziamento: '' }), context)).toEqual([
      { field: 'costiNomeCofinanziamento', step: 'fontiImpieghi', message: 'Campo obbligatorio' },
    ]);
    const noPublic = completeTurApplication(ORG, { costiPubblico: 0, costiEquity: 2_500_000, costiNomeCofinanziamento: '' });
    expect(validateTurApplication(noPublic, context)).toEqual([]);
  });

  it('blocks an end of works after the call\u2019s limit with the spec\u2019s message', () => {
    const late = completeTurApplication(ORG, { tempiInizioLavori: '2026-03-01', tempiDurataLavori: 7 });
    expect(late.tempiFineLavori).toBe('2026-10-01');
    expect(validateTurApplication(late, context)).toEqual([
      { field: 'tempiFineLavori', step: 'tempistiche', message: 'La data non può superare il 31/08/2026' },
    ]);
    expect(validateTurApplication(completeTurApplication(ORG, { tempiInizioLavori: '2026-02-28', tempiDurataLavori: 6 }), context)).toEqual(
      [],
    );
  });

  it('asks an indicator\u2019s numbers only on SI', () => {
    const yes = applyTurChange(completeTurApplication(ORG), 'turSurveyDto.piantumazioni', 'true');
    expect(validateTurApplication(yes, context)).toEqual([
      { field: 'turSurveyDto.numeroPiantumazioni', step: 'impatto', message: 'Campo obbligatorio' },
    ]);
    const mobility = applyTurChange(completeTurApplication(ORG), 'turSurveyDto.mobilitaSostenibile', 'true');
    // The type of intervention is optional (spec §3: clearable, optional); the number is not.
    expect(validateTurApplication(mobility, context).map((issue) => issue.field)).toEqual([
      'turSurveyDto.numInterventiMobilitaSostenibile',
    ]);
  });
});

describe('TUR computed values and resets (spec §4)', () => {
  it('computes fonti di copertura, the shares and the end of works', () => {
    const values = completeTurApplication(ORG);
    expect(costiFontiCopertura(values)).toBe(8_000_000);
    expect(values).toMatchObject({
      costiFontiCopertura: 8_000_000,
      percTotInvest: 37.5,
      percTransEnerg: 55,
      percTransDigital: 22.5,
      tempiFineLavori: '2026-07-15',
    });
    expect(costiFontiCopertura(emptyTurApplication(ORG))).toBeNull();
    expect(withTurComputedValues({ ...values, costiTotale: 0 })).toMatchObject({ percTotInvest: 0, percTransEnerg: 0 });
    expect(tempiFineLavori({ ...values, tempiInizioLavori: '2026-01-31', tempiDurataLavori: 1 })).toBe('2026-02-28');
  });

  it('clears province and comune with a new region, the comune with a new province', () => {
    const values = completeTurApplication(ORG);
    expect(applyTurChange(values, 'progRegione', '3')).toMatchObject({ progRegione: '3', progProvincia: '', progComune: '' });
    expect(applyTurChange(values, 'progProvincia', '53')).toMatchObject({ progRegione: '9', progProvincia: '53', progComune: '' });
    expect(applyTurChange(values, 'progRegione', '9')).toMatchObject({ progProvincia: '52', progComune: '52037' });
  });

  it('toggling a yes/no answer clears what it asked: trees, tourists, landscape, mobility type', () => {
    let values = completeTurApplication(ORG);
    for (const [question, dependent, answer] of [
      ['piantumazioni', 'numeroPiantumazioni', 120.5],
      ['prevIncrementoTuristi', 'incrementoTuristi', 3000],
      ['contestoPaesaggistico', 'tipoContestoPaesaggistico', 'Parco della Val d\u2019Orcia'],
      ['mobilitaSostenibile', 'tipoMobilitaSostenibile', 2],
    ] as const) {
      values = applyTurChange(values, `turSurveyDto.${question}`, 'true');
      values = applyTurChange(values, `turSurveyDto.${dependent}`, answer);
      expect(values.turSurveyDto[dependent]).toBe(answer);
      values = applyTurChange(values, `turSurveyDto.${question}`, 'false');
      expect(values.turSurveyDto[dependent]).toBe(typeof answer === 'string' ? '' : null);
      values = applyTurChange(values, `turSurveyDto.${question}`, 'true');
      expect(values.turSurveyDto[dependent]).toBe(typeof answer === 'string' ? '' : null);
    }
  });

  it('reads a stored draft leniently: unknown keys dropped, wrong types emptied, "" answers as unset', () => {
    const read = turApplicationFromJson(
      { progNome: 'Borgo', costiTotale: 'molti', ignoto: 1, turSurveyDto: { piantumazioni: '', forzaLavoro: 12 } },
      ORG,
    );
    expect(read).toMatchObject({ progNome: 'Borgo', costiTotale: null, organizationId: ORG });
    expect(read).not.toHaveProperty('ignoto');
    expect(read.turSurveyDto).toMatchObject({ piantumazioni: null, forzaLavoro: 12 });
    expect(turWizardDefinition.fromDraft('rotto', ORG)).toEqual(withTurComputedValues(emptyTurApplication(ORG)));
  });
});

describe('TUR reviewer warnings (spec §5)', () => {
  const warn = (overrides: Parameters<typeof completeTurApplication>[1]) => turWarnings(completeTurApplication(ORG, overrides), thresholds);

  it('gives none for an application within every threshold', () => {
    expect(warn({})).toEqual([]);
  });

  it('warns above 16,000,000 requested, not at exactly 16,000,000', () => {
    const at = {
      costiTotale: 40_000_000,
      costiIintervento: 16_000_000,
      costiDdebito: 20_000_000,
      costiEquity: 3_000_000,
      costiPubblico: 1_000_000,
      costiTotaleCapexTransEnerg: 22_000_000,
      costiTotaleCapexTransDigital: 9_000_000,
    };
    expect(warn(at)).toEqual([]);
    expect(warn({ ...at, costiIintervento: 16_000_000.01, costiTotale: 40_000_000.01 })).toEqual([form.warningFundAmount('16.000.000,00')]);
  });

  it('warns when the fund share passes 50 %, not at exactly 50 %', () => {
    const half = { costiIintervento: 4_000_000, costiDdebito: 1_500_000, costiEquity: 1_500_000, costiPubblico: 1_000_000 };
    expect(warn(half)).toEqual([]);
    expect(warn({ ...half, costiIintervento: 4_000_000.01, costiTotale: 8_000_000.01 })).toEqual([form.warningFundShare('50%')]);
  });

  it('warns when property purchase passes 10 % of the total, not at exactly 10 %', () => {
    expect(warn({ costiImmobili: 800_000 })).toEqual([]);
    expect(warn({ costiImmobili: 800_000.01 })).toEqual([form.warningPropertyPurchase('10%')]);
  });

  it('warns when energy capex is under 50 % or digital capex under 20 % of the total', () => {
    expect(warn({ costiTotaleCapexTransEnerg: 4_000_000, costiTotaleCapexTransDigital: 1_600_000 })).toEqual([]);
    expect(warn({ costiTotaleCapexTransEnerg: 3_999_999.99 })).toEqual([form.warningEnergyCapex('50%')]);
    expect(warn({ costiTotaleCapexTransDigital: 1_599_999.99 })).toEqual([form.warningDigitalCapex('20%')]);
  });
});
