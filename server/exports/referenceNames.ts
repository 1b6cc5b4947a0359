import type { LookupItem } from '../../domain/lookups.ts';
import type { ReferenceData } from '../reference/referenceData.ts';
import type { Territory } from '../reference/territory.ts';

/**
 * The Italian name of an answer chosen from a reference list, by the field's `source` (domain/tur/turFields.ts,
 * domain/pui/puiFields.ts) and the stored id — the same names the wizard shows, from the same data the
 * GET /api/Typology/… and /api/Pui/… lookups answer with. Undefined for an unknown source or id (the export then
 * shows the id as stored).
 */
export type ReferenceNames = (source: string, id: unknown) => string | undefined;

export function createReferenceNames(territory: Territory, reference: ReferenceData): ReferenceNames {
  const byId = (items: readonly LookupItem[]) => {
    const names = new Map(items.map((item) => [item.id, item.name]));
    return (id: number) => names.get(id);
  };
  // Names of suppressed comuni and provinces too: an application keeps what was chosen when it was current.
  const comune = (id: number) => territory.comuneName(id);
  const lists: Record<string, (id: number) => string | undefined> = {
    // TUR: ISTAT places (ids held as strings), thematic areas.
    regioni: (id) => territory.region(id)?.name,
    provinceOfRegion: (id) => territory.provinceName(id),
    comuniOfProvince: comune,
    areeTematiche: byId(reference.areeTematiche),
    // PUI: the metropolitan city, its comuni and plans, purposes and objectives, intervention types.
    cities: (id) => reference.city(id)?.name,
    comuniOfCity: comune,
    puiOfCity: byId(reference.riferimentiPui),
    finalitaGenerali: byId(reference.finalitaGenerali),
    obiettiviGenerali: byId(reference.obiettiviGenerali),
    obiettiviSpecifici: byId(reference.obiettiviSpecifici),
    tipiIntervento: byId(reference.tipologieProgettiFinanziabili),
    // Both funds.
    designLevels: byId(reference.livelliProgettazione),
  };
  return (source, id) => {
    const lookup = lists[source];
    if (!lookup || id === null || id === undefined || id === '') return undefined;
    const number = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id.trim()) ? Number(id) : NaN;
    return Number.isInteger(number) ? lookup(number) : undefined;
  };
}
