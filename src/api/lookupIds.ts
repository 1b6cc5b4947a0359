/**
 * The id a dependent list is asked for (a region's provinces, a province's or a city's comuni), or null while
 * the choice it depends on is not made. Values not yet loaded (undefined), cleared ('' or null) or not an id
 * (NaN, 0, a negative or fractional number) are null, so the list waits instead of asking for `regId=NaN`.
 */
export function parentLookupId(value: unknown): number | null {
  const number = typeof value === 'string' ? (/^\d+$/.test(value) ? Number(value) : Number.NaN) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null;
}
