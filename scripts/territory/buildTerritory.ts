import {
  territoryProblems,
  type Suppression,
  type TerritoryFile,
  type TerritoryFileComune,
  type TerritoryFileProvince,
} from '../../server/reference/territoryFile.ts';
import { describeReferenceFileProblem } from '../../server/reference/referenceFiles.ts';
import { IstatFileError, codeCell, dateCell, locateColumns, parseSemicolonCsv } from './istatCsv.ts';

/**
 * Builds `territorio.json` from ISTAT's "Elenco-comuni-italiani.csv" (the comuni in force on its day), and
 * optionally ISTAT's list of suppressed comuni, over the previous file: a code the previous file held and
 * ISTAT no longer lists stays, marked suppressed, because applications and organisations may hold it.
 */

export interface BuildInput {
  /** The text of Elenco-comuni-italiani.csv, decoded. */
  comuniCsv: string;
  comuniFileName: string;
  /** The text of ISTAT's suppressed-comuni list (CSV), decoded, when given. */
  suppressedCsv?: string;
  suppressedFileName?: string;
  /** The file being replaced: its suppressed entries, and its province names, are kept. */
  previous?: TerritoryFile;
  /** The day ISTAT's list describes (YYYY-MM-DD). */
  referenceDate: string;
  builtOn: string;
  /** Where the inputs came from, for the file's header. */
  from: string[];
}

/** "Trentino-Alto Adige/Südtirol" → "Trentino-Alto Adige": the Italian part of a bilingual name. */
export const italianPart = (name: string) => name.split('/')[0]!.trim();

const pad6 = (code: number) => String(code).padStart(6, '0');

function readComuni(text: string, file: string) {
  const [headers, ...rows] = parseSemicolonCsv(text);
  if (!headers) throw new IstatFileError(`${file}: the file is empty`);
  const col = locateColumns(file, headers, {
    regionCode: { label: 'Codice Regione', test: (h) => h === 'codice regione' },
    provinceCode: { label: 'Codice Provincia (Storico)', test: (h) => h.startsWith('codice provincia') },
    comuneCode: { label: 'Codice Comune formato numerico', test: (h) => h === 'codice comune formato numerico', optional: true },
    comuneCodeText: { label: 'Codice Comune formato alfanumerico', test: (h) => h === 'codice comune formato alfanumerico' },
    name: { label: 'Denominazione (Italiana e straniera)', test: (h) => h.startsWith('denominazione (italiana') },
    regionName: { label: 'Denominazione Regione', test: (h) => h === 'denominazione regione' },
    provinceName: {
      label: "Denominazione dell'Unità territoriale sovracomunale",
      test: (h) => (h.startsWith('denominazione') && h.includes('territoriale sovracomunale')) || h === 'denominazione provincia',
    },
    sigla: { label: 'Sigla automobilistica', test: (h) => h === 'sigla automobilistica' },
    codiceCatastale: { label: 'Codice Catastale del comune', test: (h) => h.startsWith('codice catastale'), optional: true },
    code2010: { label: 'Codice Comune numerico con 110 province', test: (h) => h.includes('110 province'), optional: true },
  });
  const problems: string[] = [];
  const comuni = rows.flatMap((row, index) => {
    const line = index + 2;
    const id = codeCell(row[col.comuneCode]) ?? codeCell(row[col.comuneCodeText]);
    const regionId = codeCell(row[col.regionCode]);
    const provinceId = codeCell(row[col.provinceCode]);
    const name = (row[col.name] ?? '').trim();
    if (id === null || regionId === null || provinceId === null || !name) {
      problems.push(`line ${line}: a comune needs its codes and its name (found ${JSON.stringify(row.slice(0, 8))})`);
      return [];
    }
    const catastale = (row[col.codiceCatastale] ?? '').trim().toUpperCase();
    return [
      {
        id,
        name,
        regionId,
        regionName: italianPart(row[col.regionName] ?? ''),
        provinceId,
        provinceName: italianPart(row[col.provinceName] ?? ''),
        sigla: (row[col.sigla] ?? '').trim().toUpperCase(),
        codiceCatastale: /^[A-Z]\d{3}$/.test(catastale) ? catastale : undefined,
        code2010: codeCell(row[col.code2010]),
      },
    ];
  });
  if (problems.length) throw new IstatFileError(`${file}:\n  ${problems.slice(0, 20).join('\n  ')}`);
  if (!comuni.length) throw new IstatFileError(`${file}: no comune in the file`);
  return comuni;
}

function readSuppressed(text: string, file: string) {
  const [headers, ...rows] = parseSemicolonCsv(text);
  if (!headers) throw new IstatFileError(`${file}: the file is empty`);
  const col = locateColumns(file, headers, {
    code: {
      label: 'Codice Comune',
      test: (h) => h.startsWith('codice') && h.includes('comune') && !h.includes('associat') && !h.includes('catastale'),
    },
    name: { label: 'Denominazione Comune', test: (h) => h.startsWith('denominazione') && !h.includes('associat') },
    date: { label: 'Data decorrenza validità amministrativa', test: (h) => h.startsWith('data'), optional: true },
    successorCode: { label: 'Codice del Comune associato', test: (h) => h.startsWith('codice') && h.includes('associat'), optional: true },
    successorName: {
      label: 'Denominazione Comune associata',
      test: (h) => h.startsWith('denominazione') && h.includes('associat'),
      optional: true,
    },
    act: { label: 'Provvedimento', test: (h) => h.startsWith('provvedimento'), optional: true },
  });
  return rows.flatMap((row) => {
    const id = codeCell(row[col.code]);
    const name = (row[col.name] ?? '').trim();
    if (id === null || !name) return [];
    const successorCode = codeCell(row[col.successorCode]);
    const successorName = (row[col.successorName] ?? '').trim();
    const act = (row[col.act] ?? '').trim();
    const successor =
      successorName && successorCode !== null && successorCode !== id
        ? `Confluito nel comune di ${successorName} (codice ${pad6(successorCode)})`
        : successorName && successorName !== name
          ? `Confluito nel comune di ${successorName}`
          : 'Comune soppresso';
    const reason = act ? `${successor}; ${act}` : successor;
    return [{ id, name, suppressed: { date: dateCell(row[col.date]), reason } satisfies Suppression }];
  });
}

export function buildTerritory(input: BuildInput): TerritoryFile {
  const current = readComuni(input.comuniCsv, input.comuniFileName);
  const previous = input.previous;
  const previousProvinces = new Map(previous?.provinces.map((p) => [p.id, p]));

  const regions = new Map<number, string>();
  for (const region of previous?.regions ?? []) regions.set(region.id, region.name);
  for (const comune of current) regions.set(comune.regionId, comune.regionName || regions.get(comune.regionId) || '');

  const provinces = new Map<number, TerritoryFileProvince>();
  for (const comune of current) {
    if (provinces.has(comune.provinceId)) continue;
    provinces.set(comune.provinceId, {
      id: comune.provinceId,
      sigla: comune.sigla,
      // A name the previous file gave is kept: ISTAT names the unit valid for statistics (Valle d'Aosta for Aosta).
      name: previousProvinces.get(comune.provinceId)?.name ?? comune.provinceName,
      regionId: comune.regionId,
    });
  }
  for (const province of previous?.provinces ?? []) {
    if (provinces.has(province.id)) continue;
    const suppressed = province.suppressed ?? { date: null, reason: `Non più nell'elenco ISTAT del ${input.referenceDate}` };
    provinces.set(province.id, { ...province, suppressed });
  }

  const comuni = new Map<number, TerritoryFileComune>();
  for (const comune of current) {
    comuni.set(comune.id, {
      id: comune.id,
      name: comune.name,
      provinceId: comune.provinceId,
      ...(comune.codiceCatastale ? { codiceCatastale: comune.codiceCatastale } : {}),
    });
  }
  for (const comune of previous?.comuni ?? []) {
    if (comuni.has(comune.id)) continue;
    const suppressed = comune.suppressed ?? { date: null, reason: `Non più nell'elenco ISTAT del ${input.referenceDate}` };
    comuni.set(comune.id, { ...comune, suppressed });
  }
  // Codes of 2010–2016 that changed with the provinces (Sardinia's, abolished in 2016) are kept as suppressed.
  for (const comune of current) {
    const old = comune.code2010;
    if (old === null || old === comune.id || comuni.has(old) || !provinces.has(Math.floor(old / 1000))) continue;
    comuni.set(old, {
      id: old,
      name: comune.name,
      provinceId: Math.floor(old / 1000),
      suppressed: { date: null, reason: `Codice ISTAT in uso dal 2010 al 2016: il comune ha ora il codice ${pad6(comune.id)}` },
    });
  }
  if (input.suppressedCsv !== undefined) {
    for (const gone of readSuppressed(input.suppressedCsv, input.suppressedFileName ?? 'suppressed comuni')) {
      const known = comuni.get(gone.id);
      if (known && !known.suppressed) continue; // the code is in force again (ISTAT reuses none, but be safe)
      const provinceId = Math.floor(gone.id / 1000);
      if (!provinces.has(provinceId)) continue; // a province no list here knows: nothing can name it
      comuni.set(gone.id, { ...(known ?? { id: gone.id, name: gone.name, provinceId }), suppressed: gone.suppressed });
    }
  }

  const file: TerritoryFile = {
    source: {
      description:
        "Regioni, province e comuni italiani secondo l'elenco ISTAT dei codici e delle denominazioni delle unità territoriali; " +
        'province e comuni soppressi sono mantenuti e marcati (suppressed) perché candidature ed enti possono averne i codici.',
      referenceDate: input.referenceDate,
      builtOn: input.builtOn,
      from: input.from,
    },
    regions: [...regions].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id),
    provinces: [...provinces.values()].sort((a, b) => a.id - b.id),
    comuni: [...comuni.values()].sort((a, b) => a.id - b.id),
  };
  const problems = territoryProblems(file);
  if (problems.length) {
    const lines = problems.slice(0, 20).map(describeReferenceFileProblem);
    throw new IstatFileError(`The territory built from ${input.comuniFileName} is not consistent:\n  ${lines.join('\n  ')}`);
  }
  return file;
}

/** The file as written: one entry a line, so a rebuild's diff shows exactly which comuni changed. */
export function formatTerritoryFile(file: TerritoryFile): string {
  const list = (items: unknown[]) => `[\n${items.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`;
  return (
    `{\n  "source": ${JSON.stringify(file.source, null, 2).replace(/\n/g, '\n  ')},\n` +
    `  "regions": ${list(file.regions)},\n  "provinces": ${list(file.provinces)},\n  "comuni": ${list(file.comuni)}\n}\n`
  );
}
