import type { ReferenceData } from '../reference/referenceData.ts';
import type { Territory } from '../reference/territory.ts';
import type { PlaceNames } from './territoryReport.ts';

/**
 * Region names and metropolitan city names (reference data, by id). A TUR application keeps its region as the
 * ISTAT code the person chose; a PUI application keeps its city's region by name (CreatePui completes it):
 * both are shown as the region's name, so one region is one row whatever the fund.
 */
export function createPlaceNames(territory: Territory, reference: ReferenceData): PlaceNames {
  const cities = new Map(reference.cittaMetropolitane.map((city) => [String(city.id), city.name]));
  const regionsByName = new Map(territory.regions.map((region) => [region.name.toLocaleLowerCase('it'), region.name]));
  return {
    region: (value) =>
      /^\d+$/.test(value) ? territory.region(Number(value))?.name : regionsByName.get(value.trim().toLocaleLowerCase('it')),
    metropolitanCity: (id) => cities.get(id),
  };
}
