import { QueryClient, QueryObserver, type QueryKey, type QueryObserverOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient, ApiRequestOptions } from '../../src/api/client.ts';
import { parentLookupId } from '../../src/api/lookupIds.ts';
import { puiLookupQueries } from '../../src/api/puiLookups.ts';
import { typologyQueries } from '../../src/api/typology.ts';

/**
 * A list that depends on a choice (a region's provinces, a city's comuni and plans) sends no request until the
 * choice exists: not `regId=NaN` while the application loads, not `cityId=0` for a city not chosen yet.
 */
const requests: string[] = [];
const api = (async (path: string, options?: ApiRequestOptions) => {
  const query = new URLSearchParams(Object.entries(options?.query ?? {}).map(([key, value]) => [key, String(value)]));
  requests.push(`${path}?${query}`);
  return [];
}) as ApiClient;

let client: QueryClient;
afterEach(() => {
  client?.clear();
  requests.length = 0;
});

/** Observes a query as a mounted useQuery does, and lets its fetch, if any, start. */
async function observe<Data, Key extends QueryKey>(options: QueryObserverOptions<Data, Error, Data, Data, Key>) {
  client = new QueryClient();
  const observer = new QueryObserver(client, options);
  const unsubscribe = observer.subscribe(() => {});
  await new Promise((resolve) => setTimeout(resolve, 0));
  unsubscribe();
}

describe('parentLookupId', () => {
  it('is the id of a choice made, null for one still loading, cleared or not an id', () => {
    expect(parentLookupId('9')).toBe(9);
    expect(parentLookupId(215)).toBe(215);
    for (const missing of [undefined, null, '', '0', 0, Number.NaN, -3, 1.5, ' 9', '9a', 'NaN', {}]) {
      expect(parentLookupId(missing), String(missing)).toBeNull();
    }
  });
});

describe('dependent lookups', () => {
  it.each([
    ['provinces of no region', typologyQueries.province(api, null)],
    ['provinces of a region not loaded yet', typologyQueries.province(api, Number(undefined))],
    ['comuni of no province', typologyQueries.comuni(api, null)],
    ['comuni of city 0', typologyQueries.comuniOfCity(api, 0)],
    ['region of no city', typologyQueries.regionOfCity(api, null)],
    ['plans of no city', puiLookupQueries.puiOfCity(api, null)],
    ['specific objectives without a city', puiLookupQueries.obiettiviSpecifici(api, 0, null)],
    ['specific objectives without a general objective', puiLookupQueries.obiettiviSpecifici(api, null, 215)],
  ] as const)('%s: no request', async (_name, options) => {
    await observe(options as QueryObserverOptions<unknown, Error, unknown, unknown, QueryKey>);
    expect(requests).toEqual([]);
  });

  it('asks once the choice exists, a general objective 0 (Ambiente) included', async () => {
    await observe(typologyQueries.province(api, 9));
    await observe(typologyQueries.comuniOfCity(api, 215));
    await observe(puiLookupQueries.obiettiviSpecifici(api, 0, 215));
    expect(requests).toEqual([
      '/api/Typology/GetprovfromRegion?regId=9',
      '/api/Typology/GetComuneFromCity?cityId=215',
      '/api/Pui/GetPuiObiettiviSpecifici?obbGeneraleId=0&cityId=215',
    ]);
  });
});
