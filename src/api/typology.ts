import { queryOptions } from '@tanstack/react-query';
import { lookupListSchema, provinceListSchema, type LookupItem, type ProvinceItem } from '../../domain/lookups.ts';
import type { ApiClient } from './client.ts';
import { parseResponse } from './response.ts';

export async function getFormeGiuridiche(api: ApiClient, signal?: AbortSignal): Promise<LookupItem[]> {
  return parseResponse(lookupListSchema, await api('/api/Typology/GetAllFormaGiuridica', { signal }));
}

export async function getRegioni(api: ApiClient, signal?: AbortSignal): Promise<LookupItem[]> {
  return parseResponse(lookupListSchema, await api('/api/Typology/GetAllRegione', { signal }));
}

export async function getProvinceOfRegion(api: ApiClient, regId: number, signal?: AbortSignal): Promise<ProvinceItem[]> {
  return parseResponse(provinceListSchema, await api('/api/Typology/GetprovfromRegion', { query: { regId }, signal }));
}

export async function getComuniOfProvince(api: ApiClient, provId: number, signal?: AbortSignal): Promise<LookupItem[]> {
  return parseResponse(lookupListSchema, await api('/api/Typology/GetComunefromProv', { query: { provId }, signal }));
}

/**
 * Reference data does not change while someone uses the portal (spec §7, Caching): fetched once per
 * session, kept while unused for an hour. A failed load is retried (spec §8: the spinner stays meanwhile).
 */
const referenceData = { staleTime: Infinity, gcTime: 60 * 60 * 1000, retry: 3 } as const;

export const typologyQueries = {
  formeGiuridiche: (api: ApiClient) =>
    queryOptions({
      queryKey: ['typology', 'formeGiuridiche'] as const,
      queryFn: ({ signal }) => getFormeGiuridiche(api, signal),
      ...referenceData,
    }),
  regioni: (api: ApiClient) =>
    queryOptions({
      queryKey: ['typology', 'regioni'] as const,
      queryFn: ({ signal }) => getRegioni(api, signal),
      ...referenceData,
    }),
  province: (api: ApiClient, regId: number) =>
    queryOptions({
      queryKey: ['typology', 'province', regId] as const,
      queryFn: ({ signal }) => getProvinceOfRegion(api, regId, signal),
      ...referenceData,
    }),
  comuni: (api: ApiClient, provId: number) =>
    queryOptions({
      queryKey: ['typology', 'comuni', provId] as const,
      queryFn: ({ signal }) => getComuniOfProvince(api, provId, signal),
      ...referenceData,
    }),
};
