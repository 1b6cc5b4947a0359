// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { isFieldVisible } from '../../domain/wizardFields.ts';
import { buildDomandaDocument, domandaFingerprint, type DomandaDocument, type DomandaInput } from '../../server/domanda/domandaDocument.ts';
import type { ReferenceNames } from '../../server/exports/referenceNames.ts';
import { puiDomandaInput, secondRepresentative, seededReferenceNames, turDomandaInput } from '../support/domandaFixtures.ts';

let names: ReferenceNames;
beforeAll(async () => {
  names = await seededReferenceNames();
});

const STEP_HEADINGS = ['Progetto', 'Fonti e Impieghi', 'Tempistiche', "Valutazione d'Impatto"];

/** The wizard steps' fields as printed: label and value, in order. */
function stepFields(document: DomandaDocument, heading: string): { label: string; value: string }[] {
  const part = document.parts.find((candidate) => candidate.heading === heading);
  return part ? part.groups.flatMap((group) => group.fields) : [];
}

const allStepFields = (document: DomandaDocument) => STEP_HEADINGS.flatMap((heading) => stepFields(document, heading));

/** The value printed for the one field of that label (across the wizard's steps). */
function valueOf(document: DomandaDocument, label: string): string | undefined {
  const found = allStepFields(document).filter((field) => field.label === label);
  expect(found.length, label).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

/** The same values with every object's keys in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, item]) => [key, reversedKeys(item)]),
    );
  return value;
}

function expectEveryVisibleField(input: DomandaInput, document: DomandaDocument) {
  expect(document.parts.map((part) => part.heading)).toEqual(['Bando', 'Soggetto richiedente', 'Legale rappresentante', ...STEP_HEADINGS]);
  for (const step of input.definition.steps.filter((candidate) => candidate.kind === 'form')) {
    const visible = input.definition.fields.filter((field) => field.step === step.id && isFieldVisible(input.values, field));
    expect(visible.length, step.title).toBeGreaterThan(0);
    const printed = stepFields(document, step.title);
    expect(printed.map((field) => field.label)).toEqual(visible.map((field) => field.label));
    for (const field of printed) expect(field.value.trim(), field.label).not.toBe('');
  }
}

describe('the Domanda of a PUI application', () => {
  it('lists every visible field with its label and its value as people read it', () => {
    const input = puiDomandaInput(names);
    const document = buildDomandaDocument(input);
    expect(document.title).toBe('Domanda di partecipazione');
    expect(document.callTitle).toBe(input.callTitle);
    expectEveryVisibleField(input, document);

    const expected: Record<string, string> = {
      'Nome del progetto': 'Riqualificazione del Parco delle Cave',
      // Reference lists by name, never by id.
      'Città metropolitana': 'Milano',
      Comune: 'Milano',
      'PUI di riferimento': 'Città Spugna \u2013 drenaggio urbano sostenibile nei comuni della Città metropolitana di Milano',
      'Obiettivo generale': 'Ambiente',
      'Livello di progettazione': 'PFTE',
      // Several choices, one per line.
      'Tipologia di intervento': 'Riqualificazione di edifici pubblici\nRigenerazione di aree e spazi pubblici',
      'Il progetto è inerente a un PUI?': 'Sì',
      // Amounts, computed ones too, the Italian way with the euro; percentages; counts with their unit.
      'Totale investimento': '10.000.000,00 \u20ac',
      'Fonti di copertura': '10.000.000,00 \u20ac',
      'Quota del Fondo sul totale investimento': '40,00 %',
      'Distanza dal perimetro del PUI': '250 m',
      'Durata dei lavori': '6 mesi',
      'Data di inizio lavori': '15/01/2026',
      'Fine lavori prevista': '15/07/2026',
      'Forma tecnica dell\u2019intervento': 'Debito',
      // The impact indicators: yes/no answers, what is asked on yes, fixed options by name.
      'Il progetto prevede la ristrutturazione di edifici?': 'Sì',
      'Superficie lorda di pavimento ristrutturata': '1.250,50 m²',
      'Tipo di intervento previsto': 'Restauro',
      'Classe energetica di partenza': 'E (da 90 a 120 kWh/m² anno)',
      'Il progetto prevede impianti a fonti rinnovabili?': 'No',
      'Nuovi posti di lavoro nella fase di cantiere': '1.200',
      'Tipo di intervento per la mobilità sostenibile': 'Tratti di pista ciclabile',
    };
    for (const [label, value] of Object.entries(expected)) expect(valueOf(document, label), label).toBe(value);
    // What a "no" hides is not printed, even when a stale value is stored.
    expect(valueOf(document, 'Potenza installata')).toBeUndefined();
    expect(valueOf(document, 'Canone medio di locazione mensile')).toBeUndefined();
    // An empty answer says so.
    expect(stepFields(document, "Valutazione d'Impatto").filter((field) => field.label === 'Note')[1]).toEqual({
      label: 'Note',
      value: 'Non compilato',
    });
  });

  it('names the applicant and its legal representative, lists the files and ends with the declaration', () => {
    const document = buildDomandaDocument(puiDomandaInput(names));
    expect(document.parts[1]!.groups[0]!.fields).toEqual([
      { label: 'Denominazione', value: 'Comune di Forlì' },
      { label: 'Partita IVA', value: '00606620409' },
      { label: 'Codice fiscale', value: '80002170401' },
      { label: 'Sede legale', value: 'Piazza Aurelio Saffi 8, 47121 Forlì (FC)' },
    ]);
    expect(document.parts[2]!.groups[0]!.fields).toEqual([
      { label: 'Nome', value: 'Giulia' },
      { label: 'Cognome', value: 'Ricci' },
      { label: 'Codice fiscale', value: 'RCCGLI80A41D704K' },
      { label: 'Ruolo', value: 'Sindaca' },
      { label: 'Luogo di nascita', value: 'Forlì' },
      { label: 'Data di nascita', value: '01/01/1980' },
    ]);
    expect(document.attachments.items).toEqual([
      {
        title: '1. Relazione tecnica',
        lines: ['Nome del file: relazione tecnica è definitiva.pdf', 'Dimensione: 1.234.567 byte', `Impronta SHA-256: ${'a'.repeat(64)}`],
      },
      {
        title: '2. Piano economico e finanziario',
        lines: ['Nome del file: pef-2026.xlsx', 'Dimensione: 48.210 byte', `Impronta SHA-256: ${'b'.repeat(64)}`],
      },
    ]);
    const declaration = document.declaration.paragraphs.join(' ');
    expect(document.declaration.heading).toBe('Dichiarazione sostitutiva di atto di notorietà');
    expect(document.declaration.reference).toContain('artt. 46 e 47 del D.P.R. 28 dicembre 2000, n. 445');
    expect(declaration).toContain(
      'Il/La sottoscritto/a Giulia Ricci, codice fiscale RCCGLI80A41D704K, nato/a a Forlì il 01/01/1980, in qualità di legale rappresentante (Sindaca) di Comune di Forlì',
    );
    expect(declaration).toContain('art. 76');
    expect(declaration).toContain('art. 75');
    expect(declaration).toContain('DICHIARA');
    expect(document.signature.lines).toEqual([
      'Il legale rappresentante',
      'Giulia Ricci',
      'Documento sottoscritto con firma digitale ai sensi del D.Lgs. 82/2005 (CAD)',
    ]);
  });

  it('says what is not on record, and that there are no files', () => {
    const base = puiDomandaInput(names);
    const document = buildDomandaDocument({
      ...base,
      organization: { ...base.organization, codiceFiscale: null, address: null },
      representation: {
        representatives: [{ ...base.representation.representatives[0], ruolo: null, luogoDiNascita: null, dataDiNascita: null }],
        joint: false,
      },
      attachments: [],
    });
    expect(document.parts[1]!.groups[0]!.fields.slice(2).map((field) => field.value)).toEqual(['Non indicato', 'Non indicato']);
    expect(document.parts[2]!.groups[0]!.fields.slice(3).map((field) => field.value)).toEqual([
      'Non indicato',
      'Non indicato',
      'Non indicato',
    ]);
    expect(document.declaration.paragraphs[0]).toBe(
      'Il/La sottoscritto/a Giulia Ricci, codice fiscale RCCGLI80A41D704K, in qualità di legale rappresentante di Comune di Forlì, partita IVA 00606620409,',
    );
    expect(document.attachments).toEqual({ heading: 'Allegati', items: [], none: 'Nessun allegato.' });
  });
});

describe('the Domanda of an organisation with two legal representatives (issue 43)', () => {
  const withTwo = (joint: boolean) => {
    const base = puiDomandaInput(names);
    const [first] = base.representation.representatives;
    return buildDomandaDocument({ ...base, representation: { representatives: [first, secondRepresentative], joint } });
  };

  it('who act together: both are named, both declare (DICHIARANO) and both sign', () => {
    const document = withTwo(true);
    expect(document.intro).toMatch(/tramite i propri legali rappresentanti con firma congiunta/);
    const part = document.parts[2]!;
    expect(part.heading).toBe('Legali rappresentanti');
    expect(part.groups.map((group) => group.title)).toEqual([undefined, 'Primo legale rappresentante', 'Secondo legale rappresentante']);
    expect(part.groups[0]!.fields).toEqual([
      { label: 'Rappresentanza', value: 'Congiunta: la domanda è firmata da entrambi i legali rappresentanti' },
    ]);
    expect(part.groups[2]!.fields.map((field) => field.value)).toEqual([
      'Paolo',
      'Gentili',
      'GNTPLA75C12D704T',
      'Non indicato',
      'Non indicato',
      'Non indicato',
    ]);
    expect(document.declaration.paragraphs[0]).toBe(
      'I sottoscritti Giulia Ricci (Sindaca), codice fiscale RCCGLI80A41D704K, nato/a a Forlì il 01/01/1980, e Paolo Gentili, codice fiscale GNTPLA75C12D704T, in qualità di legali rappresentanti con firma congiunta di Comune di Forlì, partita IVA 00606620409,',
    );
    expect(document.declaration.paragraphs[1]).toMatch(/^consapevoli /);
    expect(document.declaration.paragraphs[2]).toBe('DICHIARANO');
    expect(document.signature.lines).toEqual([
      'I legali rappresentanti',
      'Giulia Ricci',
      'Paolo Gentili',
      'Documento sottoscritto con firma digitale ai sensi del D.Lgs. 82/2005 (CAD)',
    ]);
  });

  it('who act each alone: both are named, and the declarant is the one whose certificate signs', () => {
    const document = withTwo(false);
    expect(document.parts[2]!.groups[0]!.fields[0]!.value).toBe('Disgiunta: la domanda è firmata da uno dei legali rappresentanti');
    expect(document.declaration.paragraphs[0]).toMatch(
      /^Il\/La sottoscritto\/a, legale rappresentante di Comune di Forlì, partita IVA 00606620409, tra quelli indicati .* identificato\/a dal certificato della firma digitale/,
    );
    expect(document.declaration.paragraphs[2]).toBe('DICHIARA');
    expect(document.signature.lines[0]).toBe('Uno dei legali rappresentanti indicati nella sezione \u00abLegali rappresentanti\u00bb');
    // Another representation is another Domanda: one signed before no longer matches.
    expect(domandaFingerprint(document)).not.toBe(domandaFingerprint(withTwo(true)));
    expect(domandaFingerprint(document)).not.toBe(domandaFingerprint(buildDomandaDocument(puiDomandaInput(names))));
  });
});

describe('the Domanda of a TUR application', () => {
  it('lists every visible field with its label and its value as people read it', () => {
    const input = turDomandaInput(names);
    const document = buildDomandaDocument(input);
    expectEveryVisibleField(input, document);
    const expected: Record<string, string> = {
      Regione: 'Toscana',
      Provincia: 'Siena',
      Comune: 'Montalcino',
      'Area tematica': 'Turismo enogastronomico',
      'Totale investimento': '8.000.000,00 \u20ac',
      'Quota per la transizione energetica': '55,00 %',
      'Quota del Fondo sul totale investimento': '37,50 %',
      'Fine lavori prevista': '15/07/2026',
      // TUR's yes/no answers are stored 'true' / 'false'.
      'Il progetto prevede impianti a fonti rinnovabili?': 'Sì',
      'Potenza installata': '85,50 kW',
      'Energia prodotta all\u2019anno': '110,00 MWh',
      'Il progetto prevede la ristrutturazione di edifici?': 'No',
      'Incremento previsto di turisti all\u2019anno': '4.500',
      'Tipo di contesto paesaggistico': 'Patrimonio UNESCO della Val d\u2019Orcia',
      'Il progetto promuove mezzi di trasporto alternativi?': 'No',
      'Tipo di autorizzazione': 'Non compilato',
    };
    for (const [label, value] of Object.entries(expected)) expect(valueOf(document, label), label).toBe(value);
    expect(valueOf(document, 'Numero di interventi')).toBeUndefined();
    expect(valueOf(document, 'Superficie lorda di pavimento ristrutturata')).toBeUndefined();
    expect(document.fundTitle).toBe('Fondo Tematico Turismo Sostenibile');
  });
});

describe("the Domanda's fingerprint", () => {
  it('is the same for the same content, whatever the order of the stored keys', () => {
    const input = puiDomandaInput(names);
    const fingerprint = domandaFingerprint(buildDomandaDocument(input));
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(domandaFingerprint(buildDomandaDocument(puiDomandaInput(names)))).toBe(fingerprint);
    const reordered = { ...input, values: reversedKeys(input.values) as Record<string, unknown> };
    expect(Object.keys(reordered.values)[0]).not.toBe(Object.keys(input.values)[0]);
    expect(domandaFingerprint(buildDomandaDocument(reordered))).toBe(fingerprint);
  });

  it('changes with one value or one attachment', () => {
    const input = puiDomandaInput(names);
    const fingerprint = domandaFingerprint(buildDomandaDocument(input));
    const oneValue = { ...input, values: { ...input.values, costiCapex: 8_000_000.5 } };
    expect(domandaFingerprint(buildDomandaDocument(oneValue))).not.toBe(fingerprint);
    const oneHash = { ...input, attachments: [input.attachments[0]!, { ...input.attachments[1]!, sha256: 'c'.repeat(64) }] };
    expect(domandaFingerprint(buildDomandaDocument(oneHash))).not.toBe(fingerprint);
    const nested = {
      ...input,
      values: { ...input.values, puiSurveyDto: { ...(input.values.puiSurveyDto as object), numeroPiantumazioni: 121 } },
    };
    expect(domandaFingerprint(buildDomandaDocument(nested))).not.toBe(fingerprint);
  });
});
