import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register()).token;
});
afterAll(() => t.close());

const json = async <T = { id: number; name: string }[]>(url: string): Promise<T> => {
  const response = await t.get(url, token);
  expect(response.statusCode, url).toBe(200);
  return response.json() as T;
};

describe('territory (ISTAT data)', () => {
  it('lists the 20 regions with their ISTAT codes, by name', async () => {
    const regions = await json('/api/Typology/GetAllRegione');
    expect(regions).toHaveLength(20);
    expect(regions.map((r) => r.id).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(regions).toContainEqual({ id: 1, name: 'Piemonte' });
    expect(regions).toContainEqual({ id: 12, name: 'Lazio' });
    expect(regions).toContainEqual({ id: 20, name: 'Sardegna' });
    expect(regions[0]).toEqual({ id: 13, name: 'Abruzzo' });
  });

  it('has 107 current provinces holding all 7,896 comuni', async () => {
    const regions = await json('/api/Typology/GetAllRegione');
    const provinces: { id: number; name: string; sigla: string }[] = [];
    for (const region of regions) provinces.push(...(await json<typeof provinces>(`/api/Typology/GetprovfromRegion?regId=${region.id}`)));
    // The package lists 111 provinces; Carbonia-Iglesias, Medio Campidano, Ogliastra and Olbia-Tempio were
    // abolished in 2016 and their comuni moved to Sud Sardegna, Sassari and Nuoro: 111 − 4 = 107.
    expect(provinces).toHaveLength(107);
    expect(provinces.map((p) => p.sigla)).not.toEqual(expect.arrayContaining(['CI']));
    for (const gone of ['CI', 'VS', 'OG', 'OT']) expect(provinces.some((p) => p.sigla === gone)).toBe(false);
    expect(new Set(provinces.map((p) => p.id)).size).toBe(107);

    let comuni = 0;
    const ids = new Set<number>();
    for (const province of provinces) {
      const list = await json(`/api/Typology/GetComunefromProv?provId=${province.id}`);
      expect(list.length, province.name).toBeGreaterThan(0);
      comuni += list.length;
      for (const c of list) ids.add(c.id);
    }
    expect(comuni).toBe(7896);
    expect(ids.size).toBe(7896);
  });

  it('lists the provinces of a region and the comuni of a province, by name', async () => {
    expect(await json('/api/Typology/GetprovfromRegion?regId=20')).toEqual([
      { id: 92, name: 'Cagliari', sigla: 'CA' },
      { id: 91, name: 'Nuoro', sigla: 'NU' },
      { id: 95, name: 'Oristano', sigla: 'OR' },
      { id: 90, name: 'Sassari', sigla: 'SS' },
      { id: 111, name: 'Sud Sardegna', sigla: 'SU' },
    ]);
    const prato = await json('/api/Typology/GetComunefromProv?provId=100');
    expect(prato.map((c) => c.name)).toEqual(['Cantagallo', 'Carmignano', 'Montemurlo', 'Poggio a Caiano', 'Prato', 'Vaiano', 'Vernio']);
    expect(prato).toContainEqual({ id: 100005, name: 'Prato' });
    expect(await json('/api/Typology/GetComunefromProv?provId=58')).toContainEqual({ id: 58091, name: 'Roma' });
  });

  it('answers 400 for a malformed id and 404 for an unknown one, in Italian', async () => {
    for (const url of [
      '/api/Typology/GetprovfromRegion?regId=abc',
      '/api/Typology/GetprovfromRegion',
      '/api/Typology/GetComunefromProv?provId=-1',
    ]) {
      const response = await t.get(url, token);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error: 'validation_error', message: expect.stringMatching(/^(Regione|Provincia): /) });
    }
    const region = await t.get('/api/Typology/GetprovfromRegion?regId=21', token);
    expect(region.statusCode).toBe(404);
    expect(region.json().message).toBe('Regione non trovata.');
    // 104 was Carbonia-Iglesias' ISTAT code.
    expect((await t.get('/api/Typology/GetComunefromProv?provId=104', token)).statusCode).toBe(404);
    expect((await t.get('/api/Typology/GetComuneFromCity?cityId=58', token)).statusCode).toBe(404);
  });
});

describe('metropolitan cities', () => {
  it('lists the 14 metropolitan cities with ISTAT codes', async () => {
    const cities = await json('/api/Typology/GetAllCities');
    expect(cities).toHaveLength(14);
    expect(cities.map((c) => c.name)).toEqual([
      'Bari',
      'Bologna',
      'Cagliari',
      'Catania',
      'Firenze',
      'Genova',
      'Messina',
      'Milano',
      'Napoli',
      'Palermo',
      'Reggio Calabria',
      'Roma',
      'Torino',
      'Venezia',
    ]);
    expect(cities).toContainEqual({ id: 258, name: 'Roma' });
  });

  it('gives the comuni and the region of a metropolitan city', async () => {
    const cagliari = await json('/api/Typology/GetComuneFromCity?cityId=292');
    expect(cagliari).toEqual(await json('/api/Typology/GetComunefromProv?provId=92'));
    expect(cagliari).toHaveLength(17);
    expect(await json('/api/Typology/GetRegionFromCity?cityId=280')).toEqual({ id: 18, name: 'Calabria' });
    expect(await json('/api/Typology/GetRegionFromCity?cityId=201')).toEqual({ id: 1, name: 'Piemonte' });
  });
});

describe('typologies of the call', () => {
  it('lists legal forms with 8 = Altro last', async () => {
    const forms = await json('/api/Typology/GetAllFormaGiuridica');
    expect(forms.at(-1)).toEqual({ id: 8, name: 'Altro' });
    expect(forms).toContainEqual({ id: 1, name: 'Comune' });
    const named = forms.slice(0, -1).map((f) => f.name);
    expect(named).toEqual([...named].sort((a, b) => a.localeCompare(b, 'it')));
    expect(new Set(forms.map((f) => f.id)).size).toBe(forms.length);
  });

  it('lists design levels in project order', async () => {
    expect(await json('/api/Typology/GetAllDesignlevel')).toEqual([
      { id: 1, name: 'Studio di fattibilità' },
      { id: 2, name: 'PFTE' },
      { id: 3, name: 'PD' },
      { id: 4, name: 'PE' },
    ]);
  });

  it('lists tourism areas and funded project types, by name', async () => {
    for (const url of ['/api/Typology/GetAllTourism', '/api/Typology/GetTipoprogettiFinanz']) {
      const list = await json(url);
      expect(list.length).toBeGreaterThan(5);
      expect(list.map((i) => i.name)).toEqual([...list.map((i) => i.name)].sort((a, b) => a.localeCompare(b, 'it')));
    }
  });
});

describe('HTTP caching', () => {
  it('sends private caching with a strong ETag and answers 304 to If-None-Match', async () => {
    const first = await t.get('/api/Typology/GetAllRegione', token);
    expect(first.headers['cache-control']).toBe('private, max-age=86400');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await t.get('/api/Typology/GetAllRegione', token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await t.get('/api/Typology/GetAllRegione', token, { 'if-none-match': `"altro", W/${etag}` })).statusCode).toBe(304);
    expect((await t.get('/api/Typology/GetAllRegione', token, { 'if-none-match': '"vecchio"' })).statusCode).toBe(200);

    const lazio = await t.get('/api/Typology/GetprovfromRegion?regId=12', token);
    const piemonte = await t.get('/api/Typology/GetprovfromRegion?regId=1', token);
    expect(lazio.headers.etag).not.toBe(piemonte.headers.etag);
    expect(
      (await t.get('/api/Typology/GetprovfromRegion?regId=1', token, { 'if-none-match': lazio.headers.etag as string })).statusCode,
    ).toBe(200);
  });

  it('still requires a login', async () => {
    for (const name of [
      'GetAllRegione',
      'GetAllFormaGiuridica',
      'GetAllCities',
      'GetAllTourism',
      'GetAllDesignlevel',
      'GetTipoprogettiFinanz',
    ]) {
      expect((await t.get(`/api/Typology/${name}`)).statusCode).toBe(401);
    }
  });
});
