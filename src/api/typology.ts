import { queryOptions, skipToken } from '@tanstack/react-query';
import type { LookupItem, ProvinceItem } from '../../domain/lookups.ts';
import type { ApiClient } from './client.ts';
import { parentLookupId } from './lookupIds.ts';

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
  /** The region's provinces; no request while no region is chosen (null). */
  province: (api: ApiClient, regId: number | null) => {
    const id = parentLookupId(regId);
    return queryOptions({
      queryKey: ['typology', 'province', id] as const,
      queryFn: id === null ? skipToken : ({ signal }) => getProvinceOfRegion(api, id, signal),
      ...referenceData,
    });
  },
  /** The province's comuni; no request while no province is chosen (null). */
  comuni: (api: ApiClient, provId: number | null) => {
    const id = parentLookupId(provId);
    return queryOptions({
      queryKey: ['typology', 'comuni', id] as const,
      queryFn: id === null ? skipToken : ({ signal }) => getComuniOfProvince(api, id, signal),
      ...referenceData,
    });
  },
  cittaMetropolitane: (api: ApiClient) =>
    queryOptions({
      queryKey: ['typology', 'cittaMetropolitane'] as const,
      queryFn: ({ signal }) => getCittaMetropolitane(api, signal),
      ...referenceData,
    }),
  /** The metropolitan city's comuni; no request while no city is chosen (null). */
  comuniOfCity: (api: ApiClient, cityId: number | null) => {
    const id = parentLookupId(cityId);
    return queryOptions({
      queryKey: ['typology', 'comuniOfCity', id] as const,
      queryFn: id === null ? skipToken : ({ signal }) => getComuniOfCity(api, id, signal),
      ...referenceData,
    });
  },
  /** The metropolitan city's region; no request while no city is chosen (null). */
  regionOfCity: (api: ApiClient, cityId: number | null) => {
    const id = parentLookupId(cityId);
    return queryOptions({
      queryKey: ['typology', 'regionOfCity', id] as const,
      queryFn: id === null ? skipToken : ({ signal }) => getRegionOfCity(api, id, signal),
      ...referenceData,
    });
  },
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
