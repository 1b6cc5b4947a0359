import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUI_FINALITA_GENERALI, PUI_OBIETTIVI_GENERALI } from '../../domain/puiReference.ts';
import { DEFAULT_REFERENCE_DATA_DIR } from '../../server/reference/referenceFiles.ts';
import { createApiClient } from '../../src/api/client.ts';
import { ApiRequestError } from '../../src/api/errors.ts';
import { getPuiFinalitaGenerali, getPuiObiettiviGenerali, getPuiObiettiviSpecifici, getPuiOfCity } from '../../src/api/puiLookups.ts';
import {
  getCittaMetropolitane,
  getComuniOfCity,
  getLivelliProgettazione,
  getRegionOfCity,
  getTipologieProgettiFinanziabili,
} from '../../src/api/typology.ts';
import { createTestApp, type TestApp } from '../support/testApp.ts';
import { openTestDatabase } from '../support/testDatabase.ts';

type Item = { id: number; name: string };

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register()).token;
});
afterAll(() => t.close());

const MILANO = 215;
const NAPOLI = 263;

const json = async (url: string): Promise<Item[]> => {
  const response = await t.get(url, token);
  expect(response.statusCode, url).toBe(200);
  return response.json() as Item[];
};

describe('PUI plans of a metropolitan city', () => {
  it("lists Milano's and Napoli's Piani Urbani Integrati, and only theirs", async () => {
    const milano = await json(`/api/Pui/GetAllPuiFromCity?cityId=${MILANO}`);
    expect(milano).toHaveLength(4);
    expect(milano[0]).toEqual({ id: 21501, name: expect.stringContaining('Città Spugna') });
    for (const plan of milano) expect(Object.keys(plan).sort()).toEqual(['id', 'name']);

    const napoli = await json(`/api/Pui/GetAllPuiFromCity?cityId=${NAPOLI}`);
    expect(napoli).toHaveLength(6);
    expect(napoli.map((p) => p.name)).toContainEqual(expect.stringContaining('Scampia'));
    expect(napoli.some((p) => milano.some((m) => m.id === p.id))).toBe(false);
  });

  it('has at least one plan for each of the 14 metropolitan cities', async () => {
    const cities = await json('/api/Typology/GetAllCities');
    expect(cities).toHaveLength(14);
    for (const city of cities) expect((await json(`/api/Pui/GetAllPuiFromCity?cityId=${city.id}`)).length, city.name).toBeGreaterThan(0);
  });
});

describe('general objectives and purposes', () => {
  it('lists the four general objectives with the codes stored in applications', async () => {
    expect(await json('/api/Pui/GetObiettiviGenerali')).toEqual([
      { id: 0, name: 'Ambiente' },
      { id: 1, name: 'Inclusione sociale/culturale/sportiva' },
      { id: 2, name: 'Infrastrutture' },
      { id: 3, name: 'Rigenerazione urbana' },
    ]);
  });

  it('lists the three general purposes, the domain codes', async () => {
    const purposes = await json('/api/Pui/GetFinalitaGenerali');
    expect(purposes.map((p) => p.id)).toEqual(PUI_FINALITA_GENERALI.map((p) => p.id));
    expect(purposes[0]!.name).toMatch(/^Manutenzione per il riuso e la rifunzionalizzazione/);
    expect(purposes[1]!.name).toMatch(/decoro urbano/);
    expect(purposes[2]!.name).toMatch(/profilo digitale/);
  });
});

describe('specific objectives', () => {
  it("gives Milano's own objectives first, then those for every city, for the chosen general objective", async () => {
    const ambienteMilano = await json(`/api/Pui/GetPuiObiettiviSpecifici?obbGeneraleId=0&cityId=${MILANO}`);
    const ambienteNapoli = await json(`/api/Pui/GetPuiObiettiviSpecifici?obbGeneraleId=0&cityId=${NAPOLI}`);
    expect(ambienteMilano[0]!.name).toContain('Città Spugna');
    expect(ambienteNapoli.map((o) => o.name).join()).not.toContain('Città Spugna');
    expect(ambienteNapoli[0]!.name).toMatch(/flegrea e vesuviana/);

    // The objectives for every city are offered to both.
    const shared = ambienteMilano.filter((o) => ambienteNapoli.some((n) => n.id === o.id));
    expect(shared.length).toBeGreaterThanOrEqual(4);
    expect(shared.map((o) => o.name)).toContainEqual(expect.stringMatching(/consumo di suolo/));

    const infrastruttureMilano = await json(`/api/Pui/GetPuiObiettiviSpecifici?obbGeneraleId=2&cityId=${MILANO}`);
    expect(infrastruttureMilano.some((o) => ambienteMilano.some((a) => a.id === o.id))).toBe(false);
  });

  it('has objectives for every general objective in every city', async () => {
    for (const objective of PUI_OBIETTIVI_GENERALI) {
      for (const city of [MILANO, NAPOLI, 292]) {
        expect((await json(`/api/Pui/GetPuiObiettiviSpecifici?obbGeneraleId=${objective.id}&cityId=${city}`)).length).toBeGreaterThan(0);
      }
    }
  });
});

describe('bad queries', () => {
  it('answers 400 naming the field in Italian', async () => {
    const cases: [string, string, RegExp][] = [
      ['/api/Pui/GetAllPuiFromCity', 'cityId', /^Città metropolitana: Campo obbligatorio$/],
      ['/api/Pui/GetAllPuiFromCity?cityId=abc', 'cityId', /^Città metropolitana: Identificativo non valido\.$/],
      [
        `/api/Pui/GetPuiObiettiviSpecifici?obbGeneraleId=4&cityId=${MILANO}`,
        'obbGeneraleId',
        /^Obiettivo generale non previsto: scegli Ambiente/,
      ],
      [
        `/api/Pui/GetPuiObiettiviSpecifici?obbGeneraleId=-1&cityId=${MILANO}`,
        'obbGeneraleId',
        /^Obiettivo generale: Identificativo non valido\.$/,
      ],
      [`/api/Pui/GetPuiObiettiviSpecifici?cityId=${MILANO}`, 'obbGeneraleId', /^Obiettivo generale: Campo obbligatorio$/],
      ['/api/Pui/GetPuiObiettiviSpecifici?obbGeneraleId=1', 'cityId', /^Città metropolitana: Campo obbligatorio$/],
    ];
    for (const [url, field, message] of cases) {
      const response = await t.get(url, token);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ error: 'validation_error', field, message: expect.stringMatching(message) });
    }
  });

  it('answers 404 for a city that is not a metropolitan city', async () => {
    // 58 is the province of Roma, not the metropolitan city (258).
    for (const url of ['/api/Pui/GetAllPuiFromCity?cityId=58', '/api/Pui/GetPuiObiettiviSpecifici?obbGeneraleId=0&cityId=999']) {
      const response = await t.get(url, token);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: 'Città metropolitana non trovata.' });
    }
  });
});

describe('access and caching', () => {
  it('refuses anonymous callers', async () => {
    for (const url of [
      '/api/Pui/GetObiettiviGenerali',
      '/api/Pui/GetFinalitaGenerali',
      `/api/Pui/GetAllPuiFromCity?cityId=${MILANO}`,
      `/api/Pui/GetPuiObiettiviSpecifici?obbGeneraleId=0&cityId=${MILANO}`,
    ]) {
      const response = await t.get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('lets the browser keep the lists and revalidate them with a 304', async () => {
    const url = `/api/Pui/GetAllPuiFromCity?cityId=${NAPOLI}`;
    const first = await t.get(url, token);
    expect(first.headers['cache-control']).toBe('private, max-age=86400');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await t.get(url, token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const milano = await t.get(`/api/Pui/GetAllPuiFromCity?cityId=${MILANO}`, token, { 'if-none-match': etag });
    expect(milano.statusCode).toBe(200);
    expect(milano.headers.etag).not.toBe(etag);

    const objectives = await t.get(`/api/Pui/GetPuiObiettiviSpecifici?obbGeneraleId=3&cityId=${MILANO}`, token);
    const cached = await t.get(`/api/Pui/GetPuiObiettiviSpecifici?obbGeneraleId=3&cityId=${MILANO}`, token, {
      'if-none-match': objectives.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);
  });
});

describe('the browser client over HTTP', () => {
  it('fetches every list the PUI wizard needs for Napoli', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const api = createApiClient({
      baseURL: address,
      getAccessToken: () => token,
      getSelectedOrganizationId: () => null,
      refreshAccessToken: async () => null,
      onSessionExpired: () => {},
    });
    const cities = await getCittaMetropolitane(api);
    const napoli = cities.find((c) => c.name === 'Napoli')!;
    expect(napoli.id).toBe(NAPOLI);
    expect(await getRegionOfCity(api, napoli.id)).toEqual({ id: 15, name: 'Campania' });
    expect(await getComuniOfCity(api, napoli.id)).toContainEqual({ id: 63049, name: 'Napoli' });
    expect((await getLivelliProgettazione(api)).map((l) => l.name)).toEqual(['Studio di fattibilità', 'PFTE', 'PD', 'PE']);
    expect((await getTipologieProgettiFinanziabili(api)).length).toBeGreaterThan(5);
    expect(await getPuiOfCity(api, napoli.id)).toHaveLength(6);
    expect((await getPuiObiettiviGenerali(api)).map((o) => o.id)).toEqual([0, 1, 2, 3]);
    expect(await getPuiFinalitaGenerali(api)).toHaveLength(3);
    expect((await getPuiObiettiviSpecifici(api, 3, napoli.id))[0]!.name).toContain('Scampia');

    const refused = await getPuiOfCity(api, 58).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect((refused as ApiRequestError).message).toBe('Città metropolitana non trovata.');
  });
});

describe('replacing the data files', () => {
  const copyOfData = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pf-reference-'));
    cpSync(DEFAULT_REFERENCE_DATA_DIR, dir, { recursive: true });
    return dir;
  };

  it('serves the lists of REFERENCE_DATA_DIR', async () => {
    const dir = copyOfData();
    writeFileSync(
      path.join(dir, 'pui/riferimentiPui.json'),
      JSON.stringify(
        [201, 210, 215, 227, 237, 248, 258, 263, 272, 280, 282, 283, 287, 292].map((cityId) => ({
          id: cityId,
          cityId,
          name: `Piano ${cityId}`,
        })),
      ),
    );
    const other = await createTestApp({ env: { REFERENCE_DATA_DIR: dir } });
    try {
      const { token: otherToken } = await other.register();
      const response = await other.get(`/api/Pui/GetAllPuiFromCity?cityId=${MILANO}`, otherToken);
      expect(response.json()).toEqual([{ id: MILANO, name: 'Piano 215' }]);
    } finally {
      await other.close();
    }
  });

  it('refuses to start with an invalid file, naming it', async () => {
    const dir = copyOfData();
    const file = path.join(dir, 'pui/obiettiviSpecifici.json');
    writeFileSync(file, JSON.stringify([{ id: 1, obbGeneraleId: 0, cityId: 999, name: 'Obiettivo di una città inesistente' }]));
    const database = await openTestDatabase();
    try {
      await expect(createTestApp({ database, env: { REFERENCE_DATA_DIR: dir } })).rejects.toThrow(
        `Reference data file ${file} is invalid:\n  entry 0: cityId 999 is not in cittaMetropolitane.json`,
      );
    } finally {
      await database.close();
    }
  });
});
