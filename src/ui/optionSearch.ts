import type { Option } from './options.ts';

// Case- and accent-insensitive comparison: "forli" finds "Forlì", "roma" is "Roma".
const collator = new Intl.Collator('it-IT', { usage: 'search', sensitivity: 'base' });
const same = (a: string, b: string) => collator.compare(a, b) === 0;

/** Where a word of a name starts: its first letter, and each one after a space, an apostrophe, a hyphen or a slash. */
const WORD_START = /(?:^|[\s'’\-/])(?=\S)/g;

/**
 * How well a name answers what was typed, best first: 0 the name itself, 1 it begins with it, 2 one of its words
 * does ("Otranto" in "Corigliano d'Otranto"), 3 it holds it elsewhere, 4 not at all.
 */
export function matchRank(name: string, query: string): number {
  const q = query.trim();
  if (q === '') return 3;
  if (same(name, q)) return 0;
  if (name.length >= q.length && same(name.slice(0, q.length), q)) return 1;
  for (const match of name.matchAll(WORD_START)) {
    const start = match.index + match[0].length;
    if (start > 0 && name.length - start >= q.length && same(name.slice(start, start + q.length), q)) return 2;
  }
  for (let start = 0; start + q.length <= name.length; start++) {
    if (same(name.slice(start, start + q.length), q)) return 3;
  }
  return 4;
}

/** Whether a name holds what was typed, anywhere: the ComboBox's filter. */
export const matchesQuery = (name: string, query: string): boolean => matchRank(name, query) < 4;

/** The options in the order that answers the query best; within a rank, the list's own order (alphabetical). */
export function rankOptions<T extends Option>(items: readonly T[], query: string): readonly T[] {
  if (query.trim() === '') return items;
  return items
    .map((item, index) => ({ item, index, rank: matchRank(item.name, query) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * The option that Enter takes for what was typed: the one whose name it is, or the only one that holds it; none
 * when several hold it and none is it (the person goes on typing or picks from the list).
 */
export function optionForEnter<T extends Option>(items: readonly T[], query: string): T | null {
  if (query.trim() === '') return null;
  const exact = items.filter((item) => same(item.name, query.trim()));
  if (exact.length === 1) return exact[0]!;
  const matching = items.filter((item) => matchesQuery(item.name, query));
  return matching.length === 1 ? matching[0]! : null;
}
