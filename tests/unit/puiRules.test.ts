import { describe, expect, it } from 'vitest';
import { emptyPuiApplication, puiApplicationFromJson } from '../../domain/pui/puiApplication.ts';
import { PUI_FIELDS } from '../../domain/pui/puiFields.ts';
import { applyPuiChange, puiWarnings, validatePuiApplication } from '../../domain/pui/puiRules.ts';
import { puiWizardDefinition } from '../../domain/pui/puiWizard.ts';
import { isStepComplete } from '../../domain/wizard.ts';
import { completePuiApplication, prose } from '../support/puiFixtures.ts';

const ORG = '11111111-1111-4111-8111-111111111111';
const context = { endOfWorksLimit: '2026-08-31', today: '2026-01-01' };
/** The PUI call's thresholds (spec §5, §9), as the shipped calls file gives them. */
const puiThresholds = {
  fundAmountWarning: 30_000_000,
  maxFundSharePercent: 50,
  propertyPurchaseMaxPercent: null,
  energyCapexMinPercent: null,
  digitalCapexMinPercent: null,
};
const fieldsWithIssues = (values: Parameters<typeof validatePuiApplication>[0]) =>
  validatePuiApplication(values, context).map((issue) => issue.field);

describe('computed values (spec §4)', () => {
  it('adds the four sources into fontiCopertura and computes the fund share of the total', () => {
    const values = completePuiApplication(ORG);
    expect(values.fontiCopertura).toBe(10_000_000);
    expect(values.percTotInvest).toBe(40);
    const changed = applyPuiChange(values, 'cofinanziamentoPubblico', 1_500_000.25);
    expect(changed.fontiCopertura).toBe(10_500_000.25);
  });

  it('gives a fund share of 0 when the total is missing or zero', () => {
    const values = applyPuiChange(completePuiApplication(ORG), 'costiTotale', 0);
    expect(values.percTotInvest).toBe(0);
    expect(applyPuiChange(values, 'costiTotale', null).percTotInvest).toBe(0);
  });

  it('computes the end of works as the start plus the duration in months', () => {
    const values = completePuiApplication(ORG, { tempiInizioLavori: '2026-01-31' });
    expect(applyPuiChange(values, 'tempiDurataLavori', 1).tempiFineLavoriPrev).toBe('2026-02-28');
    expect(applyPuiChange(values, 'tempiInizioLavori', null).tempiFineLavoriPrev).toBeNull();
  });
});

describe('dependent resets (spec §4)', () => {
  it('clears comune, region, PUI references and objectives when the city changes', () => {
    const values = applyPuiChange(completePuiApplication(ORG), 'progCittaMetropolitana', 263);
    expect(values).toMatchObject({
      progCittaMetropolitana: 263,
      progComune: null,
      progRegione: '',
      puiRiferimento: [],
      obbGenerale: null,
      obbSpecifico: [],
    });
    expect(values.progNome).toBe('Riqualificazione del Parco delle Cave');
  });

  it('keeps everything when the same city is chosen again', () => {
    const values = completePuiApplication(ORG);
    expect(applyPuiChange(values, 'progCittaMetropolitana', 215).progComune).toBe(15146);
  });

  it('clears the specific objectives when the general objective changes', () => {
    expect(applyPuiChange(completePuiApplication(ORG), 'obbGenerale', 2).obbSpecifico).toEqual([]);
  });

  it('clears the PUI code when the project is not inherent to a PUI', () => {
    expect(applyPuiChange(completePuiApplication(ORG), 'progInherentPui', false).progCodice).toBe('');
  });

  it("clears an indicator's numbers on NO and keeps its note", () => {
    let values = applyPuiChange(completePuiApplication(ORG), 'puiSurveyDto.piantumazioni', 'SI');
    values = applyPuiChange(values, 'puiSurveyDto.numeroPiantumazioni', 120);
    values = applyPuiChange(values, 'puiSurveyDto.notePiantumazioni', 'Lecci e tigli');
    const no = applyPuiChange(values, 'puiSurveyDto.piantumazioni', 'NO');
    expect(no.puiSurveyDto.numeroPiantumazioni).toBeNull();
    expect(no.puiSurveyDto.notePiantumazioni).toBe('Lecci e tigli');
  });
});

describe('rules (spec §5)', () => {
  it('accepts a complete application', () => {
    expect(validatePuiApplication(completePuiApplication(ORG), context)).toEqual([]);
  });

  it('asks for every required field of a new application, on its step, as "Campo obbligatorio"', () => {
    const issues = validatePuiApplication(emptyPuiApplication(ORG), context);
    const required = PUI_FIELDS.filter((field) => field.required && !field.visibleWhen).map((field) => field.name);
    expect(issues.map((issue) => issue.field).sort()).toEqual(required.sort());
    expect(new Set(issues.map((issue) => issue.message))).toEqual(new Set(['Campo obbligatorio']));
    expect(required).toEqual(
      expect.arrayContaining([
        'progNome',
        'progCittaMetropolitana',
        'progComune',
        'puiRiferimento',
        'progPuiDistanza',
        'finalitaGenerale',
        'obbGenerale',
        'tipoIntervento',
        'progDescrizione',
        'costiTotale',
        'entitaInterventoFondo',
        'cofinanziamentoPubblico',
        'formaTecnicaIntervento',
        'tempiLivello',
        'tempiStadioIter',
        'tempiTipoAut',
        'tempiPermessi',
        'tempiDescrizione',
        'tempiDurataLavori',
        'tempiInizioLavori',
      ]),
    );
    for (const step of ['progetto', 'fontiImpieghi', 'tempistiche']) expect(isStepComplete(issues, step)).toBe(false);
    expect(isStepComplete(issues, 'impatto')).toBe(true);
  });

  it('checks the description lengths: project 500–1000, procedural 200–500, specific objective 500–1000', () => {
    const values = completePuiApplication(ORG, {
      progDescrizione: prose(499),
      tempiDescrizione: prose(501),
      descrizioneObbSpecifico: prose(1001),
    });
    const issues = validatePuiApplication(values, context);
    expect(issues.find((issue) => issue.field === 'progDescrizione')?.message).toBe('Inserisci almeno 500 caratteri (ora 499)');
    expect(issues.find((issue) => issue.field === 'tempiDescrizione')?.message).toBe('Limite caratteri max superato (massimo 500)');
    expect(fieldsWithIssues(values)).toContain('descrizioneObbSpecifico');
    expect(fieldsWithIssues(completePuiApplication(ORG, { progDescrizione: prose(1000), tempiDescrizione: prose(200) }))).toEqual([]);
  });

  it('asks for the co-financing measure name only when public funding is nonzero', () => {
    expect(fieldsWithIssues(completePuiApplication(ORG, { nomeMisuraCofinanziamento: '' }))).toEqual(['nomeMisuraCofinanziamento']);
    expect(
      fieldsWithIssues(completePuiApplication(ORG, { nomeMisuraCofinanziamento: '', cofinanziamentoPubblico: 0, costiTotale: 9_000_000 })),
    ).toEqual([]);
  });

  it("asks for an indicator's numbers only when it is answered SI", () => {
    const values = applyPuiChange(completePuiApplication(ORG), 'puiSurveyDto.ristrutturazione', 'SI');
    const issues = validatePuiApplication(values, context);
    expect(issues.map((issue) => issue.field)).toEqual([
      'puiSurveyDto.mqSLP',
      'puiSurveyDto.tipoInterventoPrevisione',
      'puiSurveyDto.consumoMWh',
      'puiSurveyDto.classeEnergeticaPartenza',
      'puiSurveyDto.classeEnergeticaRaggiunta',
    ]);
    expect(isStepComplete(issues, 'impatto')).toBe(false);
  });

  it('does not ask for the PUI code of a project not inherent to a PUI', () => {
    expect(fieldsWithIssues(completePuiApplication(ORG, { progInherentPui: false, progCodice: '' }))).toEqual([]);
  });

  it('asks, as TUR does, for the total investment to equal the sources of cover, to the cent (issue 46)', () => {
    const values = completePuiApplication(ORG, { costiTotale: 10_000_000.5 });
    expect(validatePuiApplication(values, context)).toEqual([
      {
        field: 'costiTotale',
        step: 'fontiImpieghi',
        message: 'I valori "Totale investimento" e "Fonti di copertura" devono essere uguali',
      },
    ]);
    const covered = applyPuiChange(values, 'cofinanziamentoPubblico', 1_000_000.5);
    expect(covered.fontiCopertura).toBe(10_000_000.5);
    expect(fieldsWithIssues(covered)).toEqual([]);
  });

  it("blocks an end of works after the call's limit with the spec's message", () => {
    const values = completePuiApplication(ORG, { tempiInizioLavori: '2026-03-01', tempiDurataLavori: 7 });
    expect(values.tempiFineLavoriPrev).toBe('2026-10-01');
    expect(validatePuiApplication(values, context)).toEqual([
      { field: 'tempiFineLavoriPrev', step: 'tempistiche', message: 'La data non può superare il 31/08/2026' },
    ]);
    expect(validatePuiApplication(completePuiApplication(ORG, { tempiInizioLavori: '2026-02-28', tempiDurataLavori: 6 }), context)).toEqual(
      [],
    );
  });

  it('refuses a start of works marked as a forecast that is already past, and accepts today, a later day or works begun', () => {
    const on = (tempiInizioLavori: string, previsioneInizioLavori: boolean | null, today: string) =>
      validatePuiApplication(completePuiApplication(ORG, { tempiInizioLavori, previsioneInizioLavori, tempiDurataLavori: 6 }), {
        endOfWorksLimit: '2030-12-31',
        today,
      });
    expect(on('2026-12-05', true, '2026-12-06')).toEqual([
      {
        field: 'tempiInizioLavori',
        step: 'tempistiche',
        message:
          'Una data di inizio lavori prevista non può essere già passata (oggi è il 06/12/2026): indica una data da oggi in poi, oppure rispondi «No» se i lavori sono già iniziati',
      },
    ]);
    expect(on('2026-12-06', true, '2026-12-06')).toEqual([]);
    expect(on('2027-03-01', true, '2026-12-06')).toEqual([]);
    // Works already begun (not a forecast) or the question left unanswered: a past start is a fact.
    expect(on('2026-01-15', false, '2026-12-06')).toEqual([]);
    expect(on('2026-01-15', null, '2026-12-06')).toEqual([]);
  });
});

describe('warnings for reviewers (spec §5)', () => {
  it('warns above 30 million from the fund and above a 50 % fund share, and never otherwise', () => {
    expect(puiWarnings(completePuiApplication(ORG), puiThresholds)).toEqual([]);
    const large = completePuiApplication(ORG, { costiTotale: 100_000_000, entitaInterventoFondo: 30_000_000.01 });
    expect(puiWarnings(large, puiThresholds)).toEqual(["L'importo richiesto al Fondo supera 30.000.000,00 €"]);
    const share = completePuiApplication(ORG, { costiTotale: 1_000_000, entitaInterventoFondo: 500_001 });
    expect(puiWarnings(share, puiThresholds)).toEqual(["La quota richiesta al Fondo supera il 50% dell'investimento totale"]);
    expect(puiWarnings(completePuiApplication(ORG, { costiTotale: 1_000_000, entitaInterventoFondo: 500_000 }), puiThresholds)).toEqual([]);
  });
});

describe('drafts', () => {
  it('restores what fits from a stored draft and leaves the rest empty, recomputing computed values', () => {
    const stored = {
      ...completePuiApplication(ORG),
      progNome: 42,
      costiTotale: '1000',
      fontiCopertura: 1,
      unknown: 'x',
      puiSurveyDto: { piantumazioni: 'SI', numeroPiantumazioni: -3 },
    };
    const values = puiWizardDefinition.fromDraft(JSON.parse(JSON.stringify(stored)), ORG);
    expect(values.progNome).toBe('');
    expect(values.costiTotale).toBeNull();
    expect(values.fontiCopertura).toBe(10_000_000);
    expect(values.puiSurveyDto).toMatchObject({ piantumazioni: 'SI', numeroPiantumazioni: null });
    expect('unknown' in values).toBe(false);
    expect(puiApplicationFromJson('not an object', ORG)).toEqual(emptyPuiApplication(ORG));
  });
});
