import { queryOptions } from '@tanstack/react-query';
import type { LookupItem, ProvinceItem } from '../../domain/lookups.ts';
import type { ApiClient } from './client.ts';

export async function getFormeGiuridiche(api: ApiClient, signal?: AbortSignal): Promise<LookupItem[]> {
  return await api<LookupItem[]>('/api/Typology/GetAllFormaGiuridica', { signal });
}

export async function getRegioni(api: ApiClient, signal?: AbortSignal): Promise<LookupItem[]> {
  return await api<LookupItem[]>('/api/Typology/GetAllRegione', { signal });
}

export async function getProvinceOfRegion(api: ApiClient, regId: number, signal?: AbortSignal): Promise<ProvinceItem[]> {
  return await api<ProvinceItem[]>('/api/Typology/GetprovfromRegion', { query: { regId }, signal });
}

export async function getComuniOfProvince(api: ApiClient, provId: number, signal?: AbortSignal): Promise<LookupItem[]> {
  return await api<LookupItem[]>('/api/Typology/GetComunefromProv', { query: { provId }, signal });
}

/** GET /api/Typology/GetAllCities: the 14 metropolitan cities, by name (PUI progCittaMetropolitana). */
export async function getCittaMetropolitane(api: ApiClient, signal?: AbortSignal): Promise<LookupItem[]> {
  return await api<LookupItem[]>('/api/Typology/GetAllCities', { signal });
}

/** GET /api/Typology/GetComuneFromCity: the comuni on a metropolitan city's territory, by name. */
export async function getComuniOfCity(api: ApiClient, cityId: number, signal?: AbortSignal): Promise<LookupItem[]> {
  return await api<LookupItem[]>('/api/Typology/GetComuneFromCity', { query: { cityId }, signal });
}

/** GET /api/Typology/GetRegionFromCity: the region a metropolitan city is in (PUI progRegione). */
export async function getRegionOfCity(api: ApiClient, cityId: number, signal?: AbortSignal): Promise<LookupItem> {
  return await api<LookupItem>('/api/Typology/GetRegionFromCity', { query: { cityId }, signal });
}

/** GET /api/Typology/GetAllTourism: the sustainable-tourism thematic areas, by name (TUR progAreaTematica). */
export async function getAreeTematiche(api: ApiClient, signal?: AbortSignal): Promise<LookupItem[]> {
  return await api<LookupItem[]>('/api/Typology/GetAllTourism', { signal });
}

/** GET /api/Typology/GetAllDesignlevel: design levels in project order (tempiLivello). */
export async function getLivelliProgettazione(api: ApiClient, signal?: AbortSignal): Promise<LookupItem[]> {
  return await api<LookupItem[]>('/api/Typology/GetAllDesignlevel', { signal });
}

/** GET /api/Typology/GetTipoprogettiFinanz: types of funded intervention, by name (PUI tipoIntervento). */
export async function getTipologieProgettiFinanziabili(api: ApiClient, signal?: AbortSignal): Promise<LookupItem[]> {
  return await api<LookupItem[]>('/api/Typology/GetTipoprogettiFinanz', { signal });
}

/**
 * Reference data does not change while someone uses the portal (spec §7, Caching): fetched once per
 * session, kept while unused for an hour. A failed load is retried (spec §8: the spinner stays meanwhile).
 */
export const referenceData = { staleTime: Infinity, gcTime: 60 * 60 * 1000, retry: 3 } as const;

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
  cittaMetropolitane: (api: ApiClient) =>
    queryOptions({
      queryKey: ['typology', 'cittaMetropolitane'] as const,
      queryFn: ({ signal }) => getCittaMetropolitane(api, signal),
      ...referenceData,
    }),
  comuniOfCity: (api: ApiClient, cityId: number) =>
    queryOptions({
      queryKey: ['typology', 'comuniOfCity', cityId] as const,
      queryFn: ({ signal }) => getComuniOfCity(api, cityId, signal),
      ...referenceData,
    }),
  regionOfCity: (api: ApiClient, cityId: number) =>
    queryOptions({
      queryKey: ['typology', 'regionOfCity', cityId] as const,
      queryFn: ({ signal }) => getRegionOfCity(api, cityId, signal),
      ...referenceData,
    }),
  areeTematiche: (api: ApiClient) =>
    queryOptions({
      queryKey: ['typology', 'areeTematiche'] as const,
      queryFn: ({ signal }) => getAreeTematiche(api, signal),
      ...referenceData,
    }),
  livelliProgettazione: (api: ApiClient) =>
    queryOptions({
      queryKey: ['typology', 'livelliProgettazione'] as const,
      queryFn: ({ signal }) => getLivelliProgettazione(api, signal),
      ...referenceData,
    }),
  tipologieProgettiFinanziabili: (api: ApiClient) =>
    queryOptions({
      queryKey: ['typology', 'tipologieProgettiFinanziabili'] as const,
      queryFn: ({ signal }) => getTipologieProgettiFinanziabili(api, signal),
      ...referenceData,
    }),
};
