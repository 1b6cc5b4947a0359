import { describe, expect, it } from 'vitest';
import { dueSoonReminderDay, effectiveDueDay, isOverdue, isWorkingDay, remindersDue } from '../../domain/monitoringDueDates.ts';

/** An instant given as Rome's wall clock (CET +01:00 in winter, CEST +02:00 in summer). */
const rome = (local: string, offset = '+01:00') => new Date(`${local}${offset}`);

describe('due days (Europe/Rome)', () => {
  it('a due day on a Saturday or Sunday moves to Monday; a working day stays', () => {
    expect(effectiveDueDay('2027-01-31')).toBe('2027-02-01'); // Sunday
    expect(effectiveDueDay('2027-07-31')).toBe('2027-08-02'); // Saturday
    expect(effectiveDueDay('2027-07-30')).toBe('2027-07-30'); // Friday
  });

  it('national holidays move it too, Easter Monday included, across a weekend', () => {
    expect(isWorkingDay('2027-03-29')).toBe(false); // Easter Monday 2027
    expect(isWorkingDay('2026-04-06')).toBe(false); // Easter Monday 2026
    expect(effectiveDueDay('2026-12-25')).toBe('2026-12-28'); // Christmas (Fri), Santo Stefano (Sat), Sunday
    expect(effectiveDueDay('2027-06-02')).toBe('2027-06-03');
  });

  it('4 October is a national holiday from 2026 on, not before', () => {
    expect(isWorkingDay('2024-10-04')).toBe(true); // a Friday, before the law
    expect(isWorkingDay('2027-10-04')).toBe(false); // a Monday
    expect(effectiveDueDay('2027-10-04')).toBe('2027-10-05');
    expect(effectiveDueDay('2026-10-03')).toBe('2026-10-05'); // Saturday, then Sunday 4 October
  });

  it('overdue only after the end of the effective due day in Rome, whatever the zone of the instant', () => {
    const period = { dueOn: '2027-01-31', submitted: false };
    // Monday 1 February 2027, 23:59 in Rome: still due that day.
    expect(isOverdue(period, rome('2027-02-01T23:59:00'))).toBe(false);
    // 23:30 UTC on 1 February is already 2 February in Rome.
    expect(isOverdue(period, new Date('2027-02-01T23:30:00Z'))).toBe(true);
    expect(isOverdue({ ...period, submitted: true }, rome('2027-03-01T10:00:00'))).toBe(false);
  });
});

describe('reminder selection', () => {
  const round = { roundId: 'r1', dueOn: '2027-07-31', submitted: false, sent: [] as string[] };

  it('the "opened" reminder at once; "due soon" from N days before the effective due day', () => {
    expect(dueSoonReminderDay('2027-07-31', 7)).toBe('2027-07-26');
    expect(remindersDue([round], rome('2027-07-10T09:00:00', '+02:00'), 7)).toEqual([{ roundId: 'r1', kind: 'opened' }]);
    // 25 July at 23:59 in Rome is still before the window; 26 July at 00:01 is in it.
    expect(remindersDue([{ ...round, sent: ['opened'] }], rome('2027-07-25T23:59:00', '+02:00'), 7)).toEqual([]);
    expect(remindersDue([{ ...round, sent: ['opened'] }], rome('2027-07-26T00:01:00', '+02:00'), 7)).toEqual([
      { roundId: 'r1', kind: 'due_soon' },
    ]);
  });

  it('a restart between two reminders sends only what is not recorded yet', () => {
    // First process: the opening reminder is recorded; it stops. The next process finds it and sends only "due soon".
    const afterRestart = remindersDue([{ ...round, sent: ['opened'] }], rome('2027-07-30T08:00:00', '+02:00'), 7);
    expect(afterRestart).toEqual([{ roundId: 'r1', kind: 'due_soon' }]);
    expect(remindersDue([{ ...round, sent: ['opened', 'due_soon'] }], rome('2027-07-30T08:00:00', '+02:00'), 7)).toEqual([]);
  });

  it('nothing for a handed-over period, nor after the due day (no late reminders after downtime)', () => {
    expect(remindersDue([{ ...round, submitted: true }], rome('2027-07-30T08:00:00', '+02:00'), 7)).toEqual([]);
    // Due 31 July (Saturday) → Monday 2 August: on the 2nd still reminded, on the 3rd nothing.
    expect(remindersDue([round], rome('2027-08-02T18:00:00', '+02:00'), 7).map((r) => r.kind)).toEqual(['opened', 'due_soon']);
    expect(remindersDue([round], rome('2027-08-03T08:00:00', '+02:00'), 7)).toEqual([]);
  });

  it('with 0 days the second reminder goes out on the due day itself', () => {
    expect(remindersDue([{ ...round, sent: ['opened'] }], rome('2027-08-01T12:00:00', '+02:00'), 0)).toEqual([]);
    expect(remindersDue([{ ...round, sent: ['opened'] }], rome('2027-08-02T07:00:00', '+02:00'), 0)).toEqual([
      { roundId: 'r1', kind: 'due_soon' },
    ]);
  });
});
