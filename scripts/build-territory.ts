/**
 * Rebuilds the territory reference file (server/reference/lists/territorio.json) from ISTAT's published list:
 *
 *   npm run territory:build -- Elenco-comuni-italiani.csv [--soppressi comuni-soppressi.csv]
 *                               [--data-riferimento YYYY-MM-DD] [--out file.json]
 *
 * Elenco-comuni-italiani.csv is ISTAT's "Codici statistici delle unità amministrative territoriali" file
 * (semicolon-separated, Windows-1252 or UTF-8); --soppressi ISTAT's list of suppressed comuni saved as CSV,
 * which adds the date and reason of each suppression. The file being replaced (--out) is read first: the
 * codes it holds that ISTAT no longer lists stay, marked suppressed. The result is checked as the server
 * checks it at start, then written; restart the portal to use it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_REFERENCE_DATA_DIR } from '../server/reference/referenceFiles.ts';
import { TERRITORY_FILE, readTerritoryFile } from '../server/reference/territory.ts';
import { buildTerritory, formatTerritoryFile } from './territory/buildTerritory.ts';
import { decodeIstatFile } from './territory/istatCsv.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    soppressi: { type: 'string' },
    'data-riferimento': { type: 'string' },
    out: { type: 'string', default: path.join(DEFAULT_REFERENCE_DATA_DIR, TERRITORY_FILE) },
  },
});

const [comuniPath] = positionals;
if (!comuniPath || positionals.length > 1) {
  console.error(
    'Usage: npm run territory:build -- Elenco-comuni-italiani.csv [--soppressi file.csv] [--data-riferimento YYYY-MM-DD] [--out file.json]',
  );
  process.exit(2);
}
const today = new Date().toISOString().slice(0, 10);
const referenceDate = values['data-riferimento'] ?? today;
if (!/^\d{4}-\d{2}-\d{2}$/.test(referenceDate)) {
  console.error(`--data-riferimento must be YYYY-MM-DD, not ${referenceDate}`);
  process.exit(2);
}
const out = path.resolve(values.out);
const previous = existsSync(out) ? readTerritoryFile(out) : undefined;

const from = [`ISTAT, ${path.basename(comuniPath)} (elenco dei comuni al ${referenceDate}), CC BY 3.0 IT`];
if (values.soppressi) from.push(`ISTAT, ${path.basename(values.soppressi)} (comuni soppressi), CC BY 3.0 IT`);
if (previous)
  from.push(`Province e comuni soppressi, e nomi delle province, dal file precedente (costruito il ${previous.source.builtOn})`);

const file = buildTerritory({
  comuniCsv: decodeIstatFile(readFileSync(comuniPath)),
  comuniFileName: comuniPath,
  ...(values.soppressi ? { suppressedCsv: decodeIstatFile(readFileSync(values.soppressi)), suppressedFileName: values.soppressi } : {}),
  ...(previous ? { previous } : {}),
  referenceDate,
  builtOn: today,
  from,
});
writeFileSync(out, formatTerritoryFile(file));

const current = file.comuni.filter((c) => !c.suppressed).length;
const before = previous?.comuni.filter((c) => !c.suppressed).length;
console.log(
  `${out}: ${file.regions.length} regions, ${file.provinces.filter((p) => !p.suppressed).length} current provinces, ` +
    `${current} current comuni${before === undefined ? '' : ` (was ${before})`}, ${file.comuni.length - current} suppressed`,
);
