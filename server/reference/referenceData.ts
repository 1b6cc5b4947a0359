import path from 'node:path';
import { z } from 'zod';
import type { LookupItem } from '../../domain/lookups.ts';
import {
  PUI_FINALITA_GENERALI,
  PUI_OBIETTIVI_GENERALI,
  cittaMetropolitanaSchema,
  puiObiettivoSpecificoSchema,
  puiReferenceItemSchema,
  referenceListItemSchema,
  type CittaMetropolitana,
  type PuiObiettivoSpecifico,
  type PuiReferenceItem,
} from '../../domain/puiReference.ts';
import { DEFAULT_REFERENCE_DATA_DIR, failReferenceFile, readReferenceJson } from './referenceFiles.ts';
import type { Territory } from './territory.ts';

/**
 * The application wizard's reference lists, read from JSON files at start so that an operator can replace
 * them without touching code (see reference/README.md). Every file is validated; a bad one stops the start with
 * a message naming the file and the entry, never a half-loaded portal.
 */

export const REFERENCE_DATA_FILES = {
  cittaMetropolitane: 'cittaMetropolitane.json',
  livelliProgettazione: 'livelliProgettazione.json',
  tipologieProgettiFinanziabili: 'tipologieProgettiFinanziabili.json',
  riferimentiPui: 'pui/riferimentiPui.json',
  obiettiviGenerali: 'pui/obiettiviGenerali.json',
  obiettiviSpecifici: 'pui/obiettiviSpecifici.json',
  finalitaGenerali: 'pui/finalitaGenerali.json',
  areeTematiche: 'tur/areeTematiche.json',
} as const;

async function readList<Item extends { id: number }>(file: string, item: z.ZodType<Item>): Promise<Item[]> {
  const json = readReferenceJson(file);
  const parsed = z.array(item).min(1, 'the list is empty').safeParse(json);
  if (!parsed.success) {
    failReferenceFile(
      file,
      parsed.error.issues.map((issue) => {
        const [index, ...field] = issue.path;
        return typeof index === 'number'
          ? { index, message: `${field.map(String).join('.') || 'value'}: ${issue.message}` }
          : { message: issue.message };
      }),
    );
  }
  const seen = new Set<number>();
  const duplicates = parsed.data.flatMap((entry, index) => {
    if (seen.has(entry.id)) return [{ index, message: `id ${entry.id} is used twice; ids must be unique` }];
    seen.add(entry.id);
    return [];
  });
  if (duplicates.length) failReferenceFile(file, duplicates);
  return parsed.data;
}

/** The data file must list exactly the fixed codes of the domain (names may be reworded). */
function requireCodes(file: string, items: LookupItem[], codes: readonly { id: number }[]) {
  const expected = codes.map((c) => c.id).sort((a, b) => a - b);
  const actual = items.map((i) => i.id).sort((a, b) => a - b);
  if (expected.join() !== actual.join()) {
    failReferenceFile(file, [
      { message: `ids must be exactly ${expected.join(', ')} (they are stored in applications); found ${actual.join(', ')}` },
    ]);
  }
}

export type ReferenceData = Awaited<ReturnType<typeof loadReferenceData>>;

export async function loadReferenceData({ dir = DEFAULT_REFERENCE_DATA_DIR, territory }: { dir?: string; territory: Territory }) {
  const fileOf = (key: keyof typeof REFERENCE_DATA_FILES) => path.join(dir, REFERENCE_DATA_FILES[key]);

  const cittaMetropolitane: CittaMetropolitana[] = await readList(fileOf('cittaMetropolitane'), cittaMetropolitanaSchema);
  const livelliProgettazione = await readList(fileOf('livelliProgettazione'), referenceListItemSchema);
  const tipologieProgettiFinanziabili = await readList(fileOf('tipologieProgettiFinanziabili'), referenceListItemSchema);
  const riferimentiPui: PuiReferenceItem[] = await readList(fileOf('riferimentiPui'), puiReferenceItemSchema);
  const obiettiviGenerali = await readList(fileOf('obiettiviGenerali'), referenceListItemSchema);
  const obiettiviSpecifici: PuiObiettivoSpecifico[] = await readList(fileOf('obiettiviSpecifici'), puiObiettivoSpecificoSchema);
  const finalitaGenerali = await readList(fileOf('finalitaGenerali'), referenceListItemSchema);
  const areeTematiche = await readList(fileOf('areeTematiche'), referenceListItemSchema);

  const unknownProvinces = cittaMetropolitane.flatMap((city, index) =>
    territory.province(city.provinceId) ? [] : [{ index, message: `provinceId ${city.provinceId} is not an ISTAT province code` }],
  );
  if (unknownProvinces.length) failReferenceFile(fileOf('cittaMetropolitane'), unknownProvinces);

  const cityById = new Map(cittaMetropolitane.map((c) => [c.id, c]));
  const unknownCity = (items: { cityId: number | null }[]) =>
    items.flatMap((item, index) =>
      item.cityId === null || cityById.has(item.cityId)
        ? []
        : [{ index, message: `cityId ${item.cityId} is not in ${REFERENCE_DATA_FILES.cittaMetropolitane}` }],
    );
  const badReferences = unknownCity(riferimentiPui);
  if (badReferences.length) failReferenceFile(fileOf('riferimentiPui'), badReferences);
  const badObjectives = unknownCity(obiettiviSpecifici);
  if (badObjectives.length) failReferenceFile(fileOf('obiettiviSpecifici'), badObjectives);

  // puiRiferimento is required (spec §5): a city without plans could never complete its application.
  const citiesWithoutPlans = cittaMetropolitane.filter((city) => !riferimentiPui.some((r) => r.cityId === city.id));
  if (citiesWithoutPlans.length) {
    failReferenceFile(fileOf('riferimentiPui'), [
      { message: `no Piano Urbano Integrato for ${citiesWithoutPlans.map((c) => `${c.name} (${c.id})`).join(', ')}` },
    ]);
  }

  requireCodes(fileOf('obiettiviGenerali'), obiettiviGenerali, PUI_OBIETTIVI_GENERALI);
  requireCodes(fileOf('finalitaGenerali'), finalitaGenerali, PUI_FINALITA_GENERALI);

  const item = ({ id, name }: LookupItem): LookupItem => ({ id, name });

  return {
    cittaMetropolitane,
    livelliProgettazione,
    tipologieProgettiFinanziabili,
    riferimentiPui,
    obiettiviGenerali,
    obiettiviSpecifici,
    finalitaGenerali,
    /** TUR progAreaTematica (GET /api/Typology/GetAllTourism). */
    areeTematiche,
    city: (id: number) => cityById.get(id),
    /** The plans of one city, in file order. */
    puiOfCity: (cityId: number): LookupItem[] => riferimentiPui.filter((r) => r.cityId === cityId).map(item),
    /** The city's own specific objectives first, then those for every city; each group in file order. */
    obiettiviSpecificiOf: (obbGeneraleId: number, cityId: number): LookupItem[] => {
      const ofObjective = obiettiviSpecifici.filter((o) => o.obbGeneraleId === obbGeneraleId);
      return [...ofObjective.filter((o) => o.cityId === cityId), ...ofObjective.filter((o) => o.cityId === null)].map(item);
    },
  };
}
