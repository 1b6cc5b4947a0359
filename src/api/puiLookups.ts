import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { LookupItem } from '../../domain/lookups.ts';
import type { PuiObiettivoGeneraleId } from '../../domain/puiReference.ts';
import type { ApiClient } from './client.ts';
import { parentLookupId } from './lookupIds.ts';
import { referenceData, typologyQueries } from './typology.ts';

/** GET /api/Pui/GetAllPuiFromCity: the Piani Urbani Integrati of a metropolitan city (puiRiferimento). */
export async function getPuiOfCity(api: ApiClient, cityId: number, signal?: AbortSignal): Promise<LookupItem[]> {
  return await api<LookupItem[]>('/api/Pui/GetAllPuiFromCity', { query: { cityId }, signal });
}

/** GET /api/Pui/GetPuiObiettiviSpecifici: the city's own specific objectives, then those for every city. */
export async function getPuiObiettiviSpecifici(
  api: ApiClient,
  obbGeneraleId: PuiObiettivoGeneraleId,
  cityId: number,
  signal?: AbortSignal,
): Promise<LookupItem[]> {
  return await api<LookupItem[]>('/api/Pui/GetPuiObiettiviSpecifici', { query: { obbGeneraleId, cityId }, signal });
}

/** GET /api/Pui/GetObiettiviGenerali: obbGenerale 0–3. */
export async function getPuiObiettiviGenerali(api: ApiClient, signal?: AbortSignal): Promise<LookupItem[]> {
  return await api<LookupItem[]>('/api/Pui/GetObiettiviGenerali', { signal });
}

/** GET /api/Pui/GetFinalitaGenerali: finalitaGenerale 1–3. */
export async function getPuiFinalitaGenerali(api: ApiClient, signal?: AbortSignal): Promise<LookupItem[]> {
  return await api<LookupItem[]>('/api/Pui/GetFinalitaGenerali', { signal });
}

export const puiLookupQueries = {
  /** The city's plans; no request while no city is chosen (null). */
  puiOfCity: (api: ApiClient, cityId: number | null) => {
    const id = parentLookupId(cityId);
    return queryOptions({
      queryKey: ['pui', 'lookups', 'puiOfCity', id] as const,
      queryFn: id === null ? skipToken : ({ signal }) => getPuiOfCity(api, id, signal),
      ...referenceData,
    });
  },
  /**
   * The specific objectives of a general objective in a city; no request until both are chosen. A general
   * objective's id may be 0 (Ambiente), a city's never.
   */
  obiettiviSpecifici: (api: ApiClient, obbGeneraleId: PuiObiettivoGeneraleId | null, cityId: number | null) => {
    const city = parentLookupId(cityId);
    const objective = typeof obbGeneraleId === 'number' && Number.isInteger(obbGeneraleId) ? obbGeneraleId : null;
    return queryOptions({
      queryKey: ['pui', 'lookups', 'obiettiviSpecifici', objective, city] as const,
      queryFn: objective === null || city === null ? skipToken : ({ signal }) => getPuiObiettiviSpecifici(api, objective, city, signal),
      ...referenceData,
    });
  },
  obiettiviGenerali: (api: ApiClient) =>
    queryOptions({
      queryKey: ['pui', 'lookups', 'obiettiviGenerali'] as const,
      queryFn: ({ signal }) => getPuiObiettiviGenerali(api, signal),
      ...referenceData,
    }),
  finalitaGenerali: (api: ApiClient) =>
    queryOptions({
      queryKey: ['pui', 'lookups', 'finalitaGenerali'] as const,
      queryFn: ({ signal }) => getPuiFinalitaGenerali(api, signal),
      ...referenceData,
    }),
};

/*
 * The PUI wizard's lists as hooks. A list that depends on a choice (city, general objective) waits, without
 * a request, until that choice is made: pass null (or the value as it is while loading) meanwhile.
 */

export const useCittaMetropolitane = (api: ApiClient) => useQuery(typologyQueries.cittaMetropolitane(api));

export const useComuniOfCity = (api: ApiClient, cityId: number | null) => useQuery(typologyQueries.comuniOfCity(api, cityId));

export const useRegionOfCity = (api: ApiClient, cityId: number | null) => useQuery(typologyQueries.regionOfCity(api, cityId));

export const useLivelliProgettazione = (api: ApiClient) => useQuery(typologyQueries.livelliProgettazione(api));

export const useTipologieProgettiFinanziabili = (api: ApiClient) => useQuery(typologyQueries.tipologieProgettiFinanziabili(api));

export const usePuiOfCity = (api: ApiClient, cityId: number | null) => useQuery(puiLookupQueries.puiOfCity(api, cityId));

export const usePuiObiettiviGenerali = (api: ApiClient) => useQuery(puiLookupQueries.obiettiviGenerali(api));

export const usePuiFinalitaGenerali = (api: ApiClient) => useQuery(puiLookupQueries.finalitaGenerali(api));

export const usePuiObiettiviSpecifici = (api: ApiClient, obbGeneraleId: PuiObiettivoGeneraleId | null, cityId: number | null) =>
  useQuery(puiLookupQueries.obiettiviSpecifici(api, obbGeneraleId, cityId));
