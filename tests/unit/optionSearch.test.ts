import { describe, expect, it } from 'vitest';
import { matchesQuery, matchRank, optionForEnter, rankOptions } from '../../src/ui/optionSearch.ts';

// In the list's own order, alphabetical, as the comuni arrive from the server.
const comuni = [
  'Albano Laziale',
  'Castel Madama',
  'Corigliano d\u2019Otranto',
  'Forlì',
  'Marano di Roma',
  'Otranto',
  'Roccagorga',
  'Roma',
  'Romagnano al Monte',
  'Sant\u2019Angelo Romano',
].map((name, id) => ({ id, name }));
const names = (query: string) =>
  rankOptions(comuni, query)
    .filter((item) => matchesQuery(item.name, query))
    .map((item) => item.name);

describe('the ComboBox search (issue 46)', () => {
  it('puts the name typed first, then names that begin with it, then a word that does, then the rest', () => {
    expect(names('Roma')).toEqual(['Roma', 'Romagnano al Monte', 'Marano di Roma', 'Sant\u2019Angelo Romano']);
    expect(names('otranto')).toEqual(['Otranto', 'Corigliano d\u2019Otranto']);
    expect(names('ma')[0]).toBe('Marano di Roma');
  });

  it('ignores case and accents, and keeps the list order within a rank', () => {
    expect(names('FORLI')).toEqual(['Forlì']);
    expect(matchRank('Forlì', 'forli')).toBe(0);
    expect(matchRank('Castel Madama', 'madama')).toBe(2);
    expect(matchRank('Castel Madama', 'adam')).toBe(3);
    expect(matchRank('Castel Madama', 'xyz')).toBe(4);
    expect(rankOptions(comuni, '   ')).toBe(comuni);
  });

  it('Enter takes the name typed whole, or the only name that holds what was typed, else none', () => {
    expect(optionForEnter(comuni, 'roma')?.name).toBe('Roma');
    expect(optionForEnter(comuni, ' Otranto ')?.name).toBe('Otranto');
    expect(optionForEnter(comuni, 'rocca')?.name).toBe('Roccagorga');
    expect(optionForEnter(comuni, 'rom')).toBeNull();
    expect(optionForEnter(comuni, '')).toBeNull();
  });
});
