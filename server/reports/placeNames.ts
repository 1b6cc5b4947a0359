import type { ReferenceData } from '../reference/referenceData.ts';
import type { Territory } from '../reference/territory.ts';
import type { PlaceNames } from './territoryReport.ts';

/**
 * Region names and metropolitan city names (reference data, by id). Every fund keeps its region as the ISTAT code
 * (a TUR application the one the person chose, a PUI application its city's, completed by CreatePui): shown as the
 * region's name, so one region is one row whatever the fund.
 */
export function createPlaceNames(territory: Territory, reference: ReferenceData): PlaceNames {
  const cities = new Map(reference.cittaMetropolitane.map((city) => [String(city.id), city.name]));
  return {
    region: (code) => (/^\d+$/.test(code) ? territory.region(Number(code))?.name : undefined),
    metropolitanCity: (id) => cities.get(id),
  };
}
