import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REFERENCE_DATA_DIR } from '../../server/reference/referenceFiles.ts';
import { TERRITORY_FILE } from '../../server/reference/territory.ts';
import type { TerritoryFile } from '../../server/reference/territoryFile.ts';
import { organizationPayload, personWithOrganization } from '../support/organizationFixtures.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { openTestDatabase } from '../support/testDatabase.ts';
import { completeTurApplication } from '../support/turFixtures.ts';

/**
 * The territory reference file (server/reference/lists/territorio.json): what the lookups serve, what the
 * server refuses (suppressed comuni and comuni of suppressed provinces), and a start refused on a bad file.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register()).token;
});
afterAll(() => t.close());

const shipped = (): TerritoryFile => JSON.parse(readFileSync(path.join(DEFAULT_REFERENCE_DATA_DIR, TERRITORY_FILE), 'utf8'));
const names = async (url: string) => {
  const response = await t.get(url, token);
  expect(response.statusCode, url).toBe(200);
  return (response.json() as { id: number; name: string }[]).map((item) => `${item.id} ${item.name}`);
};

// Moransengo and Tonengo (Asti) merged into Moransengo-Tonengo on 1 January 2023; 107003 was Carbonia's code in
// the province of Carbonia-Iglesias, abolished in 2016 (Carbonia is now 111009, Sud Sardegna).
const MORANSENGO = 5079;
const MORANSENGO_TONENGO = 5122;
const OLD_CARBONIA = 107003;

describe('the shipped file', () => {
  it('names its sources and the day it describes, and keeps suppressed comuni marked', () => {
    const file = shipped();
    expect(file.source.referenceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(file.source.from.join(' ')).toContain('ISTAT');
    const moransengo = file.comuni.find((c) => c.id === MORANSENGO);
    expect(moransengo).toMatchObject({ name: 'Moransengo', provinceId: 5, suppressed: { date: '2023-01-01' } });
    expect(moransengo?.suppressed?.reason).toContain('Moransengo-Tonengo');
    expect(file.provinces.find((p) => p.id === 107)).toMatchObject({ sigla: 'CI', suppressed: expect.any(Object) });
  });
});

describe('the lookups', () => {
  it('list the current comuni of a province only, and no suppressed province', async () => {
    const asti = await names('/api/Typology/GetComunefromProv?provId=5');
    expect(asti).toContain(`${MORANSENGO_TONENGO} Moransengo-Tonengo`);
    expect(asti.some((c) => c.startsWith(`${MORANSENGO} `))).toBe(false);
    const sardegna = await names('/api/Typology/GetprovfromRegion?regId=20');
    expect(sardegna).toEqual(['92 Cagliari', '91 Nuoro', '95 Oristano', '90 Sassari', '111 Sud Sardegna']);
    expect((await t.get('/api/Typology/GetComunefromProv?provId=107', token)).statusCode).toBe(404);
  });
});

describe('a suppressed comune or province', () => {
  const refused = async (overrides: Record<string, unknown>) => {
    const person = await t.register();
    const response = await t.post('/api/Organization/CreateOrganization', organizationPayload(overrides), person.token);
    expect(response.statusCode).toBe(400);
    return response.json() as { field: string; message: string };
  };

  it("is refused for an organisation's seat with an Italian message saying why", async () => {
    expect(await refused({ region: null, province: null, comune: MORANSENGO })).toMatchObject({
      field: 'comune',
      message: 'Comune: Il comune di Moransengo non esiste più dal 01/01/2023: scegli dall\u2019elenco il comune attuale.',
    });
    expect(await refused({ region: null, province: null, comune: OLD_CARBONIA })).toMatchObject({
      field: 'comune',
      message: 'Comune: La provincia di Carbonia-Iglesias è stata soppressa: scegli dall\u2019elenco la provincia e il comune attuali.',
    });
    expect(await refused({ region: 20, province: 107, comune: null })).toMatchObject({
      field: 'province',
      message: expect.stringContaining('La provincia di Carbonia-Iglesias è stata soppressa'),
    });
  });

  it('is refused as the place of a TUR project, and the current comune is accepted', async () => {
    const owner = await personWithOrganization(t, { name: 'Comune di Moransengo-Tonengo' });
    const place = { progRegione: '1', progProvincia: '5' };
    const old = await t.post(
      '/api/Tur/CreateUpdateTur',
      completeTurApplication(owner.orgId, { ...place, progComune: String(MORANSENGO) }),
      owner.token,
    );
    expect(old.statusCode).toBe(422);
    expect(old.json().issues).toContainEqual({
      field: 'progComune',
      step: 'progetto',
      message: 'Il comune di Moransengo non esiste più dal 01/01/2023: scegli dall\u2019elenco il comune attuale.',
    });
    const current = await t.post(
      '/api/Tur/CreateUpdateTur',
      completeTurApplication(owner.orgId, { ...place, progComune: String(MORANSENGO_TONENGO) }),
      owner.token,
    );
    expect(current.json().issues ?? []).not.toContainEqual(expect.objectContaining({ field: 'progComune' }));
  });
});

describe('a replaced territory file', () => {
  const folderWith = (change: (file: TerritoryFile) => unknown) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pf-territory-'));
    cpSync(DEFAULT_REFERENCE_DATA_DIR, dir, { recursive: true });
    const target = path.join(dir, TERRITORY_FILE);
    writeFileSync(target, JSON.stringify(change(shipped())));
    return { dir, target };
  };
  // The file is read before anything else opens: one database serves every refused start.
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  const refusedStart = async (change: (file: TerritoryFile) => unknown, message: (target: string) => string | RegExp) => {
    const { dir, target } = folderWith(change);
    await expect(createTestApp({ database, env: { REFERENCE_DATA_DIR: dir } })).rejects.toThrow(message(target));
  };

  it('stops the start naming the file and the entry at fault', async () => {
    const count = shipped().comuni.length;
    await refusedStart(
      (file) => ({ ...file, comuni: [...file.comuni, { id: 998001, name: 'Nessunluogo', provinceId: 998 }] }),
      (target) => `Reference data file ${target} is invalid:\n  comuni entry ${count}: provinceId 998 is not in the provinces`,
    );
    await refusedStart(
      (file) => ({ ...file, comuni: [...file.comuni, { ...file.comuni[0]! }] }),
      () => new RegExp(`comuni entry ${count}: id \\d+ is used twice`),
    );
    await refusedStart(
      ({ source: _source, ...rest }) => rest,
      (target) => `Reference data file ${target} is invalid:\n  source: `,
    );
    await refusedStart(
      (file) => ({ ...file, comuni: file.comuni.map((c) => (c.id === MORANSENGO_TONENGO ? { ...c, provinceId: 6 } : c)) }),
      () => `id ${MORANSENGO_TONENGO} does not start with its province's code 6`,
    );
  });

  it('serves the replaced list', { timeout: 60_000 }, async () => {
    const { dir } = folderWith((file) => ({
      ...file,
      comuni: file.comuni.map((c) => (c.id === MORANSENGO_TONENGO ? { ...c, name: 'Moransengo Tonengo (rinominato)' } : c)),
    }));
    const other = await createTestApp({ env: { REFERENCE_DATA_DIR: dir } });
    try {
      const { token: otherToken } = await other.register();
      const response = await other.get('/api/Typology/GetComunefromProv?provId=5', otherToken);
      expect(response.json()).toContainEqual({ id: MORANSENGO_TONENGO, name: 'Moransengo Tonengo (rinominato)' });
    } finally {
      await other.close();
    }
  });
});
