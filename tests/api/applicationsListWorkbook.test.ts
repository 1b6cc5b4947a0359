import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { italianAcceptanceTime } from '../../domain/acceptanceTime.ts';
import { receipts } from '../../server/db/schema/receipts.ts';
import { puiWizardDefinition } from '../../domain/pui/puiWizard.ts';
import { emptyTurApplication } from '../../domain/tur/turApplication.ts';
import { turWizardDefinition } from '../../domain/tur/turWizard.ts';
import { italianYear } from '../../server/receipts/protocolNumbers.ts';
import { saveDraft } from '../support/applicationFixtures.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { completePuiApplication } from '../support/puiFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { completeTurApplication } from '../support/turFixtures.ts';

/**
 * The administrators' list of applications (Lista-candidature-{fund}.xlsx) reads like the single application's
 * workbook (issue 46): Italian labels in the wizard's order, names instead of ids, one column per indicator,
 * Excel dates and euro amounts, the hand-over's protocol number, a header row that stays in view with filters.
 */

let t: TestApp;
let admin: { token: string };
let tur: Awaited<ReturnType<typeof personWithOrganization>>;
let pui: Awaited<ReturnType<typeof personWithOrganization>>;
let draftOnly: Awaited<ReturnType<typeof personWithOrganization>>;
const ids = { tur: '', pui: '', draft: '' };
const submittedAt = { tur: '', pui: '' };
const year = italianYear(new Date());

const FACTS = [
  'Organizzazione',
  'P.IVA',
  'E-mail',
  'Stato',
  'Numero di protocollo',
  'Accettazione del server',
  'Data candidatura',
  'Ultimo cambio di stato',
  'Avvisi',
  'Dati',
  'Firmatario della domanda',
  'Data della firma della domanda',
  'Valutazione: esito proposto',
  'Valutazione: punteggio ponderato',
  'Valutazione consegnata il',
];

/** A reference file of server/reference/lists, as the operator wrote it: id → name. */
async function referenceNames(file: string) {
  const items = JSON.parse(await readFile(new URL(`../../server/reference/lists/${file}`, import.meta.url), 'utf8')) as {
    id: number;
    name: string;
  }[];
  return (id: number) => items.find((item) => item.id === id)!.name;
}

/** The same moment as a spreadsheet shows it: Italy's wall clock, written as if it were UTC. */
function romeWallClock(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.000Z`;
}

beforeAll(async () => {
  t = await createTestApp({ missingRequiredAttachments: async () => [] });
  admin = await t.loginAsAdmin();
  tur = await personWithOrganization(t, { name: 'Cantine di Montalcino' });
  pui = await personWithOrganization(t, { name: 'Comune di Milano' });
  draftOnly = await personWithOrganization(t, { name: 'Borgo in bozza' });

  const turBody = completeTurApplication(tur.orgId, {
    turSurveyDto: {
      ...emptyTurApplication(tur.orgId).turSurveyDto,
      piantumazioni: 'true',
      numeroPiantumazioni: 120,
      noteAlberi: 'Lecci e cipressi lungo il percorso',
      housing: 'false',
    },
  });
  const turSubmitted = await t.post('/api/Tur/CreateUpdateTur', turBody, tur.token);
  expect(turSubmitted.statusCode, turSubmitted.body).toBe(200);
  ids.tur = turSubmitted.json().id;
  submittedAt.tur = turSubmitted.json().submittedAt;

  const puiSubmitted = await t.post('/api/Pui/CreatePui', completePuiApplication(pui.orgId), pui.token);
  expect(puiSubmitted.statusCode, puiSubmitted.body).toBe(200);
  ids.pui = puiSubmitted.json().id;
  submittedAt.pui = puiSubmitted.json().submittedAt;

  const draft = await saveDraft(t, draftOnly.token, draftOnly.orgId, 'TUR', { progNome: 'Sentiero delle vigne', progRegione: '9' });
  expect(draft.statusCode).toBe(200);
  ids.draft = draft.json().applicationId;
}, 120_000);
afterAll(() => t.close());

async function list(callType: string, compilazioniId: string[]) {
  const response = await t.post('/api/DraftCompilazione/DownloadExcelCompilazioni', { callType, compilazioniId }, admin.token);
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Map<string, ExcelJS.Cell>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(new Map(headers.map((header, i) => [header, row.getCell(i + 1)])));
  }
  return { sheet, headers, rows };
}

/** What every list must be: facts, then one column per field, each headed by Italian words, never a spec key. */
function expectReadableHeaders(headers: string[], fields: readonly { name: string; label: string }[]) {
  expect(headers.slice(0, FACTS.length)).toEqual(FACTS);
  expect(headers).toHaveLength(FACTS.length + fields.length);
  expect(new Set(headers).size).toBe(headers.length);
  for (const [index, field] of fields.entries()) {
    const header = headers[FACTS.length + index]!;
    expect(header.endsWith(field.label), `${field.name}: ${header}`).toBe(true);
    // No spec key (costiIintervento, puiSurveyDto.mqSLP): no camelCase word, no dotted path.
    expect(header, field.name).not.toMatch(/[a-z][A-Z]|\w\.\w/);
  }
}

describe('Lista-candidature-TUR.xlsx', () => {
  it('has Italian labels in the wizard’s order, one column per indicator, a frozen header row with filters', async () => {
    const { sheet, headers, rows } = await list('TUR', [ids.tur, ids.draft]);
    expectReadableHeaders(headers, turWizardDefinition.fields);
    expect(headers.indexOf('Nome del progetto')).toBe(FACTS.length);
    expect(headers.indexOf('Intervento richiesto al Fondo')).toBeLessThan(headers.indexOf('Data di inizio lavori'));
    // The impact step is not one cell: each indicator's question, its answers and its note have a column.
    for (const header of [
      'Il progetto prevede la piantumazione di alberi?',
      'Numero di alberi piantati',
      'Piantumazione di alberi — Note',
      'Il progetto prevede abitazioni (housing)?',
      'Housing — Note',
    ])
      expect(headers).toContain(header);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(headers.length).letter}3`);
    expect(rows).toHaveLength(2);
  });

  it('writes names instead of ids, Sì / No, dates as dates, euro amounts, the protocol number and the hand-over', async () => {
    const { rows } = await list('TUR', [ids.tur, ids.draft]);
    const [draft, submitted] = rows as [Map<string, ExcelJS.Cell>, Map<string, ExcelJS.Cell>];
    const value = (name: string) => submitted.get(name)!.value;
    expect(value('Organizzazione')).toBe('Cantine di Montalcino');
    expect(value('P.IVA')).toBe(tur.payload.pIva);
    expect(value('Stato')).toBe('Candidatura Sottomessa');
    expect(value('Numero di protocollo')).toBe(`TUR-${year}-000001`);
    // The server's acceptance time, to the microsecond, as text on Italy's clock (issue 45).
    const [receipt] = await t.db
      .select({ acceptedAt: receipts.acceptedAt })
      .from(receipts)
      .where(eq(receipts.protocol, `TUR-${year}-000001`));
    const accepted = italianAcceptanceTime(receipt!.acceptedAt);
    expect(value('Accettazione del server')).toBe(`${accepted.date} ${accepted.time}`);
    expect(value('Accettazione del server')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2},\d{6}$/);
    expect(submitted.get('Accettazione del server')!.numFmt).toBe('@');
    expect((value('Data candidatura') as Date).toISOString()).toBe(romeWallClock(submittedAt.tur));
    expect(submitted.get('Data candidatura')!.numFmt).toBe('dd/mm/yyyy hh:mm');
    // ISTAT codes and list ids as their names.
    expect(value('Regione')).toBe('Toscana');
    expect(value('Provincia')).toBe('Siena');
    expect(value('Comune')).toBe('Montalcino');
    expect(value('Area tematica')).toBe((await referenceNames('tur/areeTematiche.json'))(4));
    expect(value('Livello di progettazione')).toBe('PFTE');
    expect(value('Forma tecnica dell\u2019intervento')).toBe('Debito');
    expect(value('Intervento richiesto al Fondo')).toBe(3_000_000);
    expect(submitted.get('Intervento richiesto al Fondo')!.numFmt).toBe('#,##0.00 "\u20ac"');
    expect(value('Quota del Fondo sul totale investimento')).toBe(37.5);
    expect(submitted.get('Quota del Fondo sul totale investimento')!.numFmt).toBe('0.00" %"');
    expect((value('Data di inizio lavori') as Date).toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(submitted.get('Data di inizio lavori')!.numFmt).toBe('dd/mm/yyyy');
    expect((value('Fine lavori prevista') as Date).toISOString()).toBe('2026-07-15T00:00:00.000Z');
    expect(value('Durata dei lavori')).toBe(6);
    expect(value('Il progetto prevede la piantumazione di alberi?')).toBe('Sì');
    expect(value('Numero di alberi piantati')).toBe(120);
    expect(value('Piantumazione di alberi — Note')).toBe('Lecci e cipressi lungo il percorso');
    expect(value('Il progetto prevede abitazioni (housing)?')).toBe('No');
    // Nothing is left as JSON or as ISO text.
    for (const [header, cell] of submitted) {
      expect(String(cell.value ?? ''), header).not.toMatch(/^[[{]/);
      expect(String(cell.value ?? ''), header).not.toMatch(/^\d{4}-\d{2}-\d{2}/);
    }

    expect(draft.get('Organizzazione')!.value).toBe('Borgo in bozza');
    expect(draft.get('Dati')!.value).toBe('Bozza');
    expect(draft.get('Numero di protocollo')!.value).toBeNull();
    expect(draft.get('Regione')!.value).toBe('Toscana');
  });
});

describe('Lista-candidature-PUI.xlsx', () => {
  it('has Italian labels in the wizard’s order, names of the metropolitan city, comune, plans and choices', async () => {
    const { sheet, headers, rows } = await list('PUI', [ids.pui]);
    expectReadableHeaders(headers, puiWizardDefinition.fields);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(headers.length).letter}2`);
    // The same label in two places is told apart by where it sits.
    expect(headers).toContain('Tempistiche — Tipo di autorizzazione');
    expect(headers).toContain('Autorizzazioni — Tipo di autorizzazione');
    for (const header of ['Il progetto prevede la ristrutturazione di edifici?', 'Smart solution — Note', 'Numero di posti letto'])
      expect(headers).toContain(header);

    const row = rows[0]!;
    const value = (name: string) => row.get(name)!.value;
    expect(value('Organizzazione')).toBe('Comune di Milano');
    expect(value('Numero di protocollo')).toBe(`PUI-${year}-000001`);
    expect((value('Data candidatura') as Date).toISOString()).toBe(romeWallClock(submittedAt.pui));
    expect(value('Città metropolitana')).toBe('Milano');
    expect(value('Comune')).toBe('Milano');
    expect(value('Regione')).toBe('Lombardia');
    expect(value('Il progetto è inerente a un PUI?')).toBe('Sì');
    expect(value('PUI di riferimento')).toBe((await referenceNames('pui/riferimentiPui.json'))(21501));
    const types = await referenceNames('tipologieProgettiFinanziabili.json');
    expect(value('Tipologia di intervento')).toBe(`${types(1)}; ${types(3)}`);
    expect(value('Obiettivi specifici')).toBe((await referenceNames('pui/obiettiviSpecifici.json'))(1));
    expect(value('Finalità generale')).toBe((await referenceNames('pui/finalitaGenerali.json'))(1));
    expect(value('Distanza dal perimetro del PUI')).toBe(250);
    expect(row.get('Distanza dal perimetro del PUI')!.numFmt).toBe('#,##0');
    expect(value('Totale investimento')).toBe(10_000_000);
    expect(row.get('Totale investimento')!.numFmt).toBe('#,##0.00 "\u20ac"');
    // No answer chosen from a list is left as a bare id.
    for (const field of puiWizardDefinition.fields.filter((candidate) => candidate.source || candidate.options)) {
      const header = headers[FACTS.length + puiWizardDefinition.fields.indexOf(field)]!;
      expect(String(row.get(header)!.value ?? ''), field.name).not.toMatch(/^[\d,; ]+$/);
    }
  });
});
