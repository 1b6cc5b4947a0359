import type { ReferenceData } from '../seed/referenceData.ts';
import type { Territory } from '../seed/territory.ts';
import type { PlaceNames } from './territoryReport.ts';

/** Region names by ISTAT code (territory) and metropolitan city names by id (reference data). */
export function createPlaceNames(territory: Territory, reference: ReferenceData): PlaceNames {
  const cities = new Map(reference.cittaMetropolitane.map((city) => [String(city.id), city.name]));
  return {
    region: (code) => (/^\d+$/.test(code) ? territory.region(Number(code))?.name : undefined),
    metropolitanCity: (id) => cities.get(id),
  };
}
