import { z } from 'zod';

/**
 * The shape of `territorio.json` (server/reference/lists): ISTAT's regions, provinces and comuni, with the
 * provinces and comuni that no longer exist kept and marked, since applications and organisations may still
 * hold their codes. Read by the server at start (server/reference/territory.ts) and written by
 * `npm run territory:build` (scripts/territory/).
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is written YYYY-MM-DD');
const name = z.string().trim().min(1, 'the name is empty');

/** When and why a province or comune stopped existing; either may be unknown (null). */
export const suppressionSchema = z.strictObject({
  date: isoDate.nullable(),
  reason: z.string().trim().min(1).nullable(),
});
export type Suppression = z.infer<typeof suppressionSchema>;

export const territoryRegionSchema = z.strictObject({
  id: z.number().int().min(1).max(99),
  name,
});
export const territoryProvinceSchema = z.strictObject({
  /** "Codice Provincia (Storico)": the first three digits of its comuni's codes. */
  id: z.number().int().min(1).max(999),
  sigla: z.string().regex(/^[A-Z]{2}$/, 'the sigla is two capital letters'),
  name,
  regionId: z.number().int(),
  suppressed: suppressionSchema.optional(),
});
export const territoryComuneSchema = z.strictObject({
  /** "Codice Comune formato numerico": province code × 1000 + progressive number. */
  id: z.number().int().min(1001).max(999999),
  name,
  provinceId: z.number().int(),
  /** "Codice Catastale del comune" (Belfiore), when known. */
  codiceCatastale: z
    .string()
    .regex(/^[A-Z]\d{3}$/, 'the codice catastale is a letter and three digits')
    .optional(),
  suppressed: suppressionSchema.optional(),
});

export const territorySourceSchema = z.strictObject({
  /** What the list is, for the people who replace it. */
  description: z.string().min(1),
  /** The day ISTAT's list describes: the last administrative change it includes. */
  referenceDate: isoDate,
  /** The day the file was built. */
  builtOn: isoDate,
  /** Where each part came from (files, packages, their dates and licences). */
  from: z.array(z.string().min(1)).min(1),
});

export const territoryFileSchema = z.strictObject({
  source: territorySourceSchema,
  regions: z.array(territoryRegionSchema).min(1, 'the list is empty'),
  provinces: z.array(territoryProvinceSchema).min(1, 'the list is empty'),
  comuni: z.array(territoryComuneSchema).min(1, 'the list is empty'),
});
export type TerritoryFile = z.infer<typeof territoryFileSchema>;
export type TerritoryFileProvince = z.infer<typeof territoryProvinceSchema>;
export type TerritoryFileComune = z.infer<typeof territoryComuneSchema>;

export type TerritoryProblem = { list?: 'regions' | 'provinces' | 'comuni'; index?: number; message: string };

/**
 * What the schema cannot say: unique codes, every province in a known region, every comune in a known province
 * whose code it starts with, one current province per sigla. Empty when the file is sound.
 */
export function territoryProblems(file: TerritoryFile): TerritoryProblem[] {
  const problems: TerritoryProblem[] = [];
  const unique = (list: 'regions' | 'provinces' | 'comuni', items: { id: number }[]) => {
    const seen = new Set<number>();
    items.forEach((item, index) => {
      if (seen.has(item.id)) problems.push({ list, index, message: `id ${item.id} is used twice; ids must be unique` });
      seen.add(item.id);
    });
  };
  unique('regions', file.regions);
  unique('provinces', file.provinces);
  unique('comuni', file.comuni);

  const regions = new Set(file.regions.map((r) => r.id));
  const provinces = new Map(file.provinces.map((p) => [p.id, p]));
  const siglas = new Map<string, number>();
  file.provinces.forEach((province, index) => {
    if (!regions.has(province.regionId)) {
      problems.push({ list: 'provinces', index, message: `regionId ${province.regionId} is not in the regions` });
    }
    if (province.suppressed) return;
    const other = siglas.get(province.sigla);
    if (other !== undefined) problems.push({ list: 'provinces', index, message: `sigla ${province.sigla} is also province ${other}'s` });
    siglas.set(province.sigla, province.id);
  });
  let current = 0;
  file.comuni.forEach((comune, index) => {
    const province = provinces.get(comune.provinceId);
    if (!province) problems.push({ list: 'comuni', index, message: `provinceId ${comune.provinceId} is not in the provinces` });
    else if (province.suppressed && !comune.suppressed) {
      problems.push({ list: 'comuni', index, message: `${comune.name} is current but its province ${province.sigla} is suppressed` });
    }
    if (Math.floor(comune.id / 1000) !== comune.provinceId) {
      problems.push({ list: 'comuni', index, message: `id ${comune.id} does not start with its province's code ${comune.provinceId}` });
    }
    if (!comune.suppressed) current++;
  });
  if (current === 0) problems.push({ list: 'comuni', message: 'no current comune: every entry is suppressed' });
  const populated = new Set(file.comuni.filter((c) => !c.suppressed).map((c) => c.provinceId));
  file.provinces.forEach((province, index) => {
    if (!province.suppressed && !populated.has(province.id)) {
      problems.push({ list: 'provinces', index, message: `province ${province.sigla} has no current comune` });
    }
  });
  return problems;
}
