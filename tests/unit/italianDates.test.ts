import { describe, expect, it } from 'vitest';
import { italianDate, italianDateTime, shortItalianDate } from '../../domain/italianDates.ts';

// The browser (or CI) may run in UTC: the call's dates must still be Rome's.
process.env.TZ = 'UTC';

describe('Italian administrative dates, in Europe/Rome whatever the local zone', () => {
  it('runs this file in UTC', () => {
    expect(new Date('2025-12-31T23:00:00.000Z').getHours()).toBe(23);
  });

  it('shows midnight of 1 January 2026 in Rome as that day, not 31/12/2025', () => {
    const romeMidnight = '2025-12-31T23:00:00.000Z';
    expect(italianDate(romeMidnight)).toBe('01/01/2026');
    expect(italianDateTime(romeMidnight)).toBe('01/01/2026 00:00');
    expect(shortItalianDate(romeMidnight)).toBe('01/01/26');
  });

  it('follows summer time (CEST, UTC+2)', () => {
    expect(italianDateTime('2026-06-30T21:59:00.000Z')).toBe('30/06/2026 23:59');
    expect(italianDateTime('2026-06-30T22:00:00.000Z')).toBe('01/07/2026 00:00');
  });
});
