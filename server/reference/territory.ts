import path from 'node:path';
import type { LookupItem, ProvinceItem } from '../../domain/lookups.ts';
import { lookupsMessages } from '../../domain/messages/lookups.ts';
import { DEFAULT_REFERENCE_DATA_DIR, failReferenceFile, readReferenceJson } from './referenceFiles.ts';
import { territoryFileSchema, territoryProblems, type Suppression, type TerritoryFile } from './territoryFile.ts';

/**
 * Italian regions, provinces and comuni from ISTAT's list, as `territorio.json` in the reference-data folder
 * (`REFERENCE_DATA_DIR`; rebuilt from ISTAT's published file by `npm run territory:build`, see
 * reference/README.md). Read and checked once at start: a bad file stops the start naming the file and the entry.
 * The lists people choose from hold only current provinces and comuni; the suppressed ones are kept to name
 * what applications and organisations already hold and to tell why they can no longer be chosen.
 */
export const TERRITORY_FILE = 'territorio.json';

export interface Comune extends LookupItem {
  provinceId: number;
}
export interface Province extends ProvinceItem {
  regionId: number;
}
interface Suppressed {
  name: string;
  suppressed: Suppression;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'it');

/** Reads and checks the territory file; throws ReferenceDataError naming the file and the entries at fault. */
export function readTerritoryFile(file: string): TerritoryFile {
  const parsed = territoryFileSchema.safeParse(readReferenceJson(file));
  if (!parsed.success) {
    failReferenceFile(
      file,
      parsed.error.issues.slice(0, 20).map((issue) => {
        const [list, index, ...field] = issue.path;
        const where = field.length ? `${field.map(String).join('.')}: ` : '';
        return list === 'regions' || list === 'provinces' || list === 'comuni'
          ? { list, ...(typeof index === 'number' ? { index } : {}), message: `${where}${issue.message}` }
          : { message: `${issue.path.map(String).join('.') || 'file'}: ${issue.message}` };
      }),
    );
  }
  const problems = territoryProblems(parsed.data);
  if (problems.length) failReferenceFile(file, problems.slice(0, 20));
  return parsed.data;
}

export type Territory = ReturnType<typeof createTerritory>;

/** Indexed, read-only territorial data, built once per process from `<dir>/territorio.json`. */
export function createTerritory({ dir = DEFAULT_REFERENCE_DATA_DIR }: { dir?: string } = {}) {
  const file = readTerritoryFile(path.join(dir, TERRITORY_FILE));
  const regions: LookupItem[] = file.regions.map(({ id, name }) => ({ id, name })).sort(byName);
  const provinces: Province[] = file.provinces
    .filter((p) => !p.suppressed)
    .map(({ id, name, sigla, regionId }) => ({ id, name, sigla, regionId }))
    .sort(byName);
  const comuni: Comune[] = file.comuni
    .filter((c) => !c.suppressed)
    .map(({ id, name, provinceId }) => ({ id, name, provinceId }))
    .sort(byName);

  const regionById = new Map(regions.map((r) => [r.id, r]));
  const provinceById = new Map(provinces.map((p) => [p.id, p]));
  const comuneById = new Map(comuni.map((c) => [c.id, c]));
  const suppressedProvinces = new Map<number, Suppressed>(
    file.provinces.flatMap((p) => (p.suppressed ? [[p.id, { name: p.name, suppressed: p.suppressed }] as const] : [])),
  );
  const suppressedComuni = new Map<number, Suppressed & { provinceId: number }>(
    file.comuni.flatMap((c) =>
      c.suppressed ? [[c.id, { name: c.name, provinceId: c.provinceId, suppressed: c.suppressed }] as const] : [],
    ),
  );
  const group = <T, K>(items: T[], key: (item: T) => K) => {
    const map = new Map<K, T[]>();
    for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
    return map;
  };
  const provincesByRegion = group(provinces, (p) => p.regionId);
  const comuniByProvince = group(comuni, (c) => c.provinceId);

  return {
    /** Where the list came from and the day it describes (the file's `source`). */
    source: file.source,
    regions,
    /** Current provinces, by name. */
    provinces,
    /** Current comuni, by name. */
    comuni,
    region: (id: number) => regionById.get(id),
    /** A current province; undefined for a suppressed or unknown code. */
    province: (id: number) => provinceById.get(id),
    /** A current comune; undefined for a suppressed or unknown code. */
    comune: (id: number) => comuneById.get(id),
    provincesOf: (regionId: number) => (provincesByRegion.get(regionId) ?? []).map(({ id, name, sigla }) => ({ id, name, sigla })),
    comuniOf: (provinceId: number) => (comuniByProvince.get(provinceId) ?? []).map(({ id, name }) => ({ id, name })),
    /** The name of a province, current or suppressed (for what is already stored). */
    provinceName: (id: number) => provinceById.get(id)?.name ?? suppressedProvinces.get(id)?.name,
    /** The name of a comune, current or suppressed (for what is already stored). */
    comuneName: (id: number) => comuneById.get(id)?.name ?? suppressedComuni.get(id)?.name,
    /**
     * Why a comune code can no longer be chosen, in Italian: its province was suppressed, or the comune was.
     * Undefined for a current comune and for a code ISTAT never listed.
     */
    comuneRefusal(id: number): string | undefined {
      const comune = suppressedComuni.get(id);
      if (!comune) return undefined;
      const province = suppressedProvinces.get(comune.provinceId);
      if (province) return lookupsMessages.provinceSuppressed(province.name, province.suppressed.date);
      return lookupsMessages.comuneSuppressed(comune.name, comune.suppressed.date);
    },
    /** Why a province code can no longer be chosen, in Italian; undefined for a current or unknown code. */
    provinceRefusal(id: number): string | undefined {
      const province = suppressedProvinces.get(id);
      return province && lookupsMessages.provinceSuppressed(province.name, province.suppressed.date);
    },
  };
}
