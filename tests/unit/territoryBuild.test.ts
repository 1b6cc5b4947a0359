// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildTerritory, formatTerritoryFile } from '../../scripts/territory/buildTerritory.ts';
import { IstatFileError, decodeIstatFile, parseSemicolonCsv } from '../../scripts/territory/istatCsv.ts';
import { territoryFileSchema, type TerritoryFile } from '../../server/reference/territoryFile.ts';

/**
 * `npm run territory:build` (scripts/build-territory.ts) over files laid out as ISTAT publishes them: the header
 * of Elenco-comuni-italiani.csv as it was on 1 January 2020 (quoted line breaks, footnote marks), rows in
 * Windows-1252.
 */
const HEADER =
  'Codice Regione;"Codice dell\'Unità territoriale sovracomunale \r\n(valida a fini statistici)";Codice Provincia (Storico)(1);' +
  'Progressivo del Comune (2);Codice Comune formato alfanumerico;Denominazione (Italiana e straniera);Denominazione in italiano;' +
  'Denominazione altra lingua;Codice Ripartizione Geografica;Ripartizione geografica;Denominazione regione;' +
  '"Denominazione dell\'Unità territoriale sovracomunale \r\n(valida a fini statistici)";' +
  'Flag Comune capoluogo di provincia/città metropolitana/libero consorzio;Sigla automobilistica;Codice Comune formato numerico;' +
  'Codice Comune numerico con 110 province (dal 2010 al 2016);Codice Comune numerico con 107 province (dal 2006 al 2009);' +
  'Codice Comune numerico con 103 province (dal 1995 al 2005);Codice Catastale del comune;Popolazione legale 2011 (09/10/2011);' +
  'NUTS1;NUTS2(3) ;NUTS3';

const row = (
  region: string,
  unit: string,
  province: string,
  code: string,
  name: string,
  regionName: string,
  unitName: string,
  sigla: string,
  code2010: string,
  catastale: string,
) =>
  [
    region,
    unit,
    province,
    ` ${code.slice(3)} `,
    code,
    name,
    name,
    '',
    '1',
    'Nord-ovest',
    regionName,
    unitName,
    '0',
    sigla,
    String(Number(code)),
    code2010,
    code2010,
    code2010,
    catastale,
    '1.000',
    'ITC',
    'ITC1',
    'ITC17',
  ].join(';');

const ROWS = [
  row('01', '005', '005', '005122', 'Moransengo-Tonengo', 'Piemonte', 'Asti', 'AT', '', 'M434'),
  row('01', '005', '005', '005005', 'Asti', 'Piemonte', 'Asti', 'AT', '5005', 'A479'),
  row(
    '02',
    '007',
    '007',
    '007003',
    'Antey-Saint-André',
    "Valle d'Aosta/Vallée d'Aoste",
    "Valle d'Aosta/Vallée d'Aoste",
    'AO',
    '7003',
    'A305',
  ),
  row('20', '111', '111', '111009', 'Carbonia', 'Sardegna', 'Sud Sardegna', 'SU', '107003', 'B745'),
];
/** As ISTAT's older files are encoded: Windows-1252 (Latin-1 for these letters). */
const windows1252 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const comuniCsv = decodeIstatFile(windows1252([HEADER, ...ROWS].join('\r\n') + '\r\n'));

const PREVIOUS: TerritoryFile = {
  source: { description: 'precedente', referenceDate: '2022-01-01', builtOn: '2022-02-01', from: ['ISTAT'] },
  regions: [
    { id: 1, name: 'Piemonte' },
    { id: 2, name: "Valle d'Aosta" },
    { id: 20, name: 'Sardegna' },
  ],
  provinces: [
    { id: 5, sigla: 'AT', name: 'Asti', regionId: 1 },
    { id: 7, sigla: 'AO', name: 'Aosta', regionId: 2 },
    { id: 107, sigla: 'CI', name: 'Carbonia-Iglesias', regionId: 20, suppressed: { date: null, reason: 'Soppressa nel 2016' } },
    { id: 111, sigla: 'SU', name: 'Sud Sardegna', regionId: 20 },
  ],
  comuni: [
    { id: 5005, name: 'Asti', provinceId: 5 },
    { id: 5079, name: 'Moransengo', provinceId: 5 },
    { id: 5110, name: 'Tonengo', provinceId: 5 },
    { id: 7003, name: 'Antey-Saint-André', provinceId: 7 },
    { id: 111009, name: 'Carbonia', provinceId: 111 },
  ],
};

const build = (extra: Partial<Parameters<typeof buildTerritory>[0]> = {}) =>
  buildTerritory({
    comuniCsv,
    comuniFileName: 'Elenco-comuni-italiani.csv',
    previous: PREVIOUS,
    referenceDate: '2023-01-01',
    builtOn: '2026-11-25',
    from: ['ISTAT, Elenco-comuni-italiani.csv'],
    ...extra,
  });

describe('reading ISTAT files', () => {
  it('decodes Windows-1252 and UTF-8 (with its byte-order mark) alike', () => {
    expect(decodeIstatFile(windows1252('Agliè;Antey-Saint-André'))).toBe('Agliè;Antey-Saint-André');
    expect(decodeIstatFile(new TextEncoder().encode('\uFEFFAgliè;Forlì'))).toBe('Agliè;Forlì');
  });

  it('keeps a quoted cell with a line break and a doubled quote as one cell', () => {
    expect(parseSemicolonCsv('a;"b\r\nc";"d ""e"""\r\n1;2;3\r\n\r\n')).toEqual([
      ['a', 'b\r\nc', 'd "e"'],
      ['1', '2', '3'],
    ]);
  });
});

describe('building the territory file', () => {
  it('takes the current comuni, provinces and regions from the CSV, with codes, siglas and codici catastali', () => {
    const file = build();
    const current = file.comuni.filter((c) => !c.suppressed);
    expect(current).toEqual([
      { id: 5005, name: 'Asti', provinceId: 5, codiceCatastale: 'A479' },
      { id: 5122, name: 'Moransengo-Tonengo', provinceId: 5, codiceCatastale: 'M434' },
      { id: 7003, name: 'Antey-Saint-André', provinceId: 7, codiceCatastale: 'A305' },
      { id: 111009, name: 'Carbonia', provinceId: 111, codiceCatastale: 'B745' },
    ]);
    expect(file.regions).toEqual([
      { id: 1, name: 'Piemonte' },
      { id: 2, name: "Valle d'Aosta" },
      { id: 20, name: 'Sardegna' },
    ]);
    // A province's name from the previous file is kept (ISTAT's unit is "Valle d'Aosta/Vallée d'Aoste").
    expect(file.provinces.find((p) => p.id === 7)).toEqual({ id: 7, sigla: 'AO', name: 'Aosta', regionId: 2 });
    expect(file.source).toEqual({
      description: expect.stringContaining('ISTAT'),
      referenceDate: '2023-01-01',
      builtOn: '2026-11-25',
      from: ['ISTAT, Elenco-comuni-italiani.csv'],
    });
    expect(territoryFileSchema.parse(JSON.parse(formatTerritoryFile(file)))).toEqual(file);
  });

  it('keeps what ISTAT no longer lists as suppressed, and the 2010–2016 codes of Sardinia', () => {
    const file = build();
    expect(file.comuni.find((c) => c.id === 5079)).toEqual({
      id: 5079,
      name: 'Moransengo',
      provinceId: 5,
      suppressed: { date: null, reason: "Non più nell'elenco ISTAT del 2023-01-01" },
    });
    expect(file.comuni.find((c) => c.id === 107003)).toEqual({
      id: 107003,
      name: 'Carbonia',
      provinceId: 107,
      suppressed: { date: null, reason: 'Codice ISTAT in uso dal 2010 al 2016: il comune ha ora il codice 111009' },
    });
    expect(file.provinces.find((p) => p.id === 107)?.suppressed).toEqual({ date: null, reason: 'Soppressa nel 2016' });
  });

  it("adds the date and the reason from ISTAT's list of suppressed comuni", () => {
    const suppressedCsv = [
      'Anno;Tipo variazione;Codice Regione;Codice Istat del Comune;Denominazione Comune;' +
        'Codice Istat del Comune associato alla variazione o nuovo codice Istat del Comune;' +
        'Denominazione Comune associata alla variazione o nuova denominazione;Provvedimento e Documento;' +
        'Contenuto del provvedimento;Data decorrenza validità amministrativa',
      '2023;ES;01;005079;Moransengo;005122;Moransengo-Tonengo;L.R. 8 novembre 2022, n. 17;Fusione;01/01/2023',
      '2023;ES;01;005110;Tonengo;005122;Moransengo-Tonengo;L.R. 8 novembre 2022, n. 17;Fusione;01/01/2023',
      '1928;ES;99;999001;Altrove;;;R.D.;Soppressione;01/01/1928',
    ].join('\r\n');
    const file = build({ suppressedCsv, suppressedFileName: 'Elenco-comuni-soppressi.csv' });
    expect(file.comuni.find((c) => c.id === 5110)?.suppressed).toEqual({
      date: '2023-01-01',
      reason: 'Confluito nel comune di Moransengo-Tonengo (codice 005122); L.R. 8 novembre 2022, n. 17',
    });
    // A comune of a province no list knows is left out: nothing could name its province.
    expect(file.comuni.some((c) => c.id === 999001)).toBe(false);
  });

  it('refuses a file that is not the expected one, naming the missing columns', () => {
    expect(() => build({ comuniCsv: 'Codice;Nome\r\n1;Roma\r\n' })).toThrow(IstatFileError);
    expect(() => build({ comuniCsv: 'Codice;Nome\r\n1;Roma\r\n' })).toThrow(/no column "Codice Regione", "Codice Provincia \(Storico\)"/);
  });

  it('marks a province ISTAT no longer lists as suppressed', () => {
    const withImperia: TerritoryFile = {
      ...PREVIOUS,
      provinces: [...PREVIOUS.provinces, { id: 8, sigla: 'IM', name: 'Imperia', regionId: 1 }],
    };
    expect(build({ previous: withImperia }).provinces.find((p) => p.id === 8)?.suppressed).toEqual({
      date: null,
      reason: "Non più nell'elenco ISTAT del 2023-01-01",
    });
  });

  it('refuses a result the server would refuse, naming the entry', () => {
    const orphan: TerritoryFile = { ...PREVIOUS, comuni: [...PREVIOUS.comuni, { id: 9001, name: 'Senza provincia', provinceId: 9 }] };
    expect(() => build({ previous: orphan })).toThrow(/is not consistent:\n {2}comuni entry \d+: provinceId 9 is not in the provinces/);
  });
});
