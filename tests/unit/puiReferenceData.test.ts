// @vitest-environment node
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PUI_FINALITA_GENERALI,
  PUI_OBIETTIVI_GENERALI,
  puiFinalitaGeneraleIdSchema,
  puiObiettivoGeneraleIdSchema,
} from '../../domain/puiReference.ts';
import { DEFAULT_REFERENCE_DATA_DIR } from '../../server/reference/referenceFiles.ts';
import { REFERENCE_DATA_FILES, loadReferenceData, type ReferenceData } from '../../server/reference/referenceData.ts';
import { createTerritory, type Territory } from '../../server/reference/territory.ts';

let territory: Territory;
let data: ReferenceData;

beforeAll(async () => {
  territory = createTerritory();
  data = await loadReferenceData({ territory });
});

const raw = (file: string) => JSON.parse(readFileSync(path.join(DEFAULT_REFERENCE_DATA_DIR, file), 'utf8')) as { id: number }[];

describe('the shipped data files', () => {
  it('all validate, each with unique ids', () => {
    for (const file of Object.values(REFERENCE_DATA_FILES)) {
      const ids = raw(file).map((entry) => entry.id);
      expect(ids.length, file).toBeGreaterThan(0);
      expect(new Set(ids).size, file).toBe(ids.length);
    }
  });

  it('has the 14 metropolitan cities on the territory of their former provinces', () => {
    expect(data.cittaMetropolitane).toHaveLength(14);
    for (const city of data.cittaMetropolitane) {
      expect(city.provinceId, city.name).toBe(city.id - 200);
      expect(territory.province(city.provinceId)?.name, city.name).toBe(city.name);
    }
  });

  it('refers only to metropolitan cities that exist', () => {
    const cities = new Set(data.cittaMetropolitane.map((c) => c.id));
    for (const plan of data.riferimentiPui) expect(cities.has(plan.cityId), plan.name).toBe(true);
    for (const objective of data.obiettiviSpecifici) {
      if (objective.cityId !== null) expect(cities.has(objective.cityId), objective.name).toBe(true);
    }
  });

  it('has the 31 plans approved in 2022, at least one per city', () => {
    expect(data.riferimentiPui).toHaveLength(31);
    for (const city of data.cittaMetropolitane) expect(data.puiOfCity(city.id).length, city.name).toBeGreaterThan(0);
    expect(data.puiOfCity(263)).toHaveLength(6);
  });

  it('lists exactly the domain codes of general objectives and purposes', () => {
    expect(data.obiettiviGenerali).toEqual(PUI_OBIETTIVI_GENERALI);
    expect(data.finalitaGenerali).toEqual(PUI_FINALITA_GENERALI);
  });

  it('offers common objectives to every city for every general objective', () => {
    for (const objective of PUI_OBIETTIVI_GENERALI) {
      expect(data.obiettiviSpecifici.filter((o) => o.obbGeneraleId === objective.id && o.cityId === null).length).toBeGreaterThan(0);
    }
  });
});

describe('domain codes', () => {
  it('accepts general objectives 0–3 and purposes 1–3 only', () => {
    expect([0, 1, 2, 3].map((id) => puiObiettivoGeneraleIdSchema.safeParse(id).success)).toEqual([true, true, true, true]);
    expect(puiObiettivoGeneraleIdSchema.safeParse(4).success).toBe(false);
    expect(puiObiettivoGeneraleIdSchema.safeParse(1.5).success).toBe(false);
    expect([0, 1, 2, 3, 4].map((id) => puiFinalitaGeneraleIdSchema.safeParse(id).success)).toEqual([false, true, true, true, false]);
  });
});

describe('a replaced data folder', () => {
  const withChange = async (file: string, contents: string | null) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pf-reference-'));
    cpSync(DEFAULT_REFERENCE_DATA_DIR, dir, { recursive: true });
    const target = path.join(dir, file);
    if (contents === null) rmSync(target);
    else writeFileSync(target, contents);
    return { target, load: () => loadReferenceData({ dir, territory }) };
  };

  it('is refused when a file is missing or not JSON, naming the file', async () => {
    const missing = await withChange(REFERENCE_DATA_FILES.finalitaGenerali, null);
    await expect(missing.load()).rejects.toThrow(`Reference data file ${missing.target} cannot be read`);
    const broken = await withChange(REFERENCE_DATA_FILES.livelliProgettazione, '[{ "id": 1, ');
    await expect(broken.load()).rejects.toThrow(`Reference data file ${broken.target} is not valid JSON`);
  });

  it('is refused for a duplicate id, a missing name or an empty list', async () => {
    const duplicate = await withChange(REFERENCE_DATA_FILES.tipologieProgettiFinanziabili, '[{"id":1,"name":"A"},{"id":1,"name":"B"}]');
    await expect(duplicate.load()).rejects.toThrow('entry 1: id 1 is used twice');
    const nameless = await withChange(REFERENCE_DATA_FILES.livelliProgettazione, '[{"id":1,"name":"PFTE"},{"id":2,"name":"  "}]');
    await expect(nameless.load()).rejects.toThrow(/entry 1: name: /);
    const empty = await withChange(REFERENCE_DATA_FILES.livelliProgettazione, '[]');
    await expect(empty.load()).rejects.toThrow('the list is empty');
  });

  it('is refused when a code list differs from the domain or a city has no plan', async () => {
    const objectives = await withChange(REFERENCE_DATA_FILES.obiettiviGenerali, '[{"id":1,"name":"Ambiente"},{"id":2,"name":"Altro"}]');
    await expect(objectives.load()).rejects.toThrow('ids must be exactly 0, 1, 2, 3');
    const specific = await withChange(REFERENCE_DATA_FILES.obiettiviSpecifici, '[{"id":1,"obbGeneraleId":7,"cityId":null,"name":"X"}]');
    await expect(specific.load()).rejects.toThrow(/entry 0: obbGeneraleId: Obiettivo generale non previsto/);
    const plans = await withChange(REFERENCE_DATA_FILES.riferimentiPui, '[{"id":1,"cityId":215,"name":"Solo Milano"}]');
    await expect(plans.load()).rejects.toThrow(/no Piano Urbano Integrato for Torino \(201\), Genova \(210\)/);
    const city = await withChange(REFERENCE_DATA_FILES.cittaMetropolitane, '[{"id":215,"name":"Milano","provinceId":104}]');
    await expect(city.load()).rejects.toThrow('entry 0: provinceId 104 is not an ISTAT province code');
  });
});
