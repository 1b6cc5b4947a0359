import { describe, expect, it } from 'vitest';
import { callPhase } from '../../domain/callWindow.ts';
import { closingNotice } from '../../domain/closingCountdown.ts';
import { closingReminderDue } from '../../domain/closingReminders.ts';
import { callClosingMessages } from '../../domain/messages/callClosing.ts';
import { callWindowNotice } from '../../src/features/application-wizard/callWindowNotice.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const call = { opensAt: '2026-01-01T00:00:00+01:00', closesAt: '2027-12-31T18:00:00+01:00' };
const closesAt = new Date(call.closesAt);
const before = (ms: number) => new Date(closesAt.getTime() - ms);
const rome = (local: string) => new Date(`${local}+01:00`);

describe('the fund card before its call closes (closingNotice)', () => {
  it('says nothing 7 days and 1 minute before the closing, and counts days from 7 days before', () => {
    expect(closingNotice(call, before(7 * DAY + MINUTE))).toBeNull();
    expect(closingNotice(call, before(7 * DAY))).toEqual({ days: 7 });
    expect(closingNotice(call, rome('2027-12-28T09:00:00'))).toEqual({ days: 3 });
  });

  it("counts Rome's calendar days: the day before, at any hour, is 1 day", () => {
    expect(closingNotice(call, rome('2027-12-30T00:01:00'))).toEqual({ days: 1 });
    expect(closingNotice(call, rome('2027-12-30T23:59:00'))).toEqual({ days: 1 });
  });

  it("on the closing day says the closing time on Rome's clock, from midnight until the last minute", () => {
    expect(closingNotice(call, rome('2027-12-31T00:00:00'))).toEqual({ today: '18:00' });
    expect(closingNotice(call, before(MINUTE))).toEqual({ today: '18:00' });
  });

  it('says nothing once the call closed, nor before it opens', () => {
    expect(closingNotice(call, closesAt)).toBeNull();
    expect(closingNotice(call, new Date(closesAt.getTime() + HOUR))).toBeNull();
    const shortCall = { opensAt: '2027-12-30T09:00:00+01:00', closesAt: call.closesAt };
    expect(closingNotice(shortCall, rome('2027-12-29T12:00:00'))).toBeNull();
  });

  it('counts calendar days across the change to summer time', () => {
    const spring = { opensAt: call.opensAt, closesAt: '2027-03-31T18:00:00+02:00' };
    expect(closingNotice(spring, new Date('2027-03-24T18:00:00+01:00'))).toEqual({ days: 7 });
  });

  it('reads "Chiude tra 1 giorno", "Chiude tra 3 giorni", "Chiude oggi alle 12:00"', () => {
    expect(callClosingMessages.inDays(1)).toBe('Chiude tra 1 giorno');
    expect(callClosingMessages.inDays(3)).toBe('Chiude tra 3 giorni');
    expect(callClosingMessages.today('12:00')).toBe('Chiude oggi alle 12:00');
  });
});

describe("the call's window", () => {
  it('is open from opensAt included until closesAt excluded', () => {
    expect(callPhase(call, new Date(Date.parse(call.opensAt) - 1))).toBe('notYetOpen');
    expect(callPhase(call, new Date(call.opensAt))).toBe('open');
    expect(callPhase(call, before(1))).toBe('open');
    expect(callPhase(call, closesAt)).toBe('closed');
  });
});

describe('the wizard outside the window (callWindowNotice)', () => {
  const draft = { statusCode: 'APERTA' as const, submittedAt: null };
  it('makes a draft never handed over read-only after the closing and before the opening, saying when', () => {
    expect(callWindowNotice(call, draft, closesAt)).toBe(
      'Il bando si è chiuso il 31/12/2027 alle 18:00: la candidatura non è stata inviata in tempo e non può più essere modificata né inviata.',
    );
    expect(callWindowNotice(call, undefined, closesAt)).not.toBeNull();
    expect(callWindowNotice(call, { statusCode: 'NON_AVVIATA', submittedAt: null }, new Date('2025-12-31T10:00:00Z'))).toBe(
      'Il bando apre il 01/01/2026 alle 00:00: da quel momento sarà possibile compilare e inviare la candidatura.',
    );
    expect(callWindowNotice(call, draft, before(MINUTE))).toBeNull();
  });

  it('leaves alone an application handed over, or reopened after a hand-over', () => {
    expect(callWindowNotice(call, { statusCode: 'CANDIDATURA_SOTTOMESSA', submittedAt: '2027-12-01T10:00:00Z' }, closesAt)).toBeNull();
    expect(callWindowNotice(call, { statusCode: 'IN_INTEGRAZIONE', submittedAt: '2027-12-01T10:00:00Z' }, closesAt)).toBeNull();
    expect(callWindowNotice(call, { statusCode: 'APERTA', submittedAt: '2027-12-01T10:00:00Z' }, closesAt)).toBeNull();
  });
});

describe('the reminders before a call closes (closingReminderDue)', () => {
  it('7 days before, then 48 hours before, until the closing', () => {
    expect(closingReminderDue(closesAt, before(7 * DAY + 1))).toBeNull();
    expect(closingReminderDue(closesAt, before(7 * DAY))).toBe('seven_days');
    expect(closingReminderDue(closesAt, before(48 * HOUR + 1))).toBe('seven_days');
    expect(closingReminderDue(closesAt, before(48 * HOUR))).toBe('two_days');
    expect(closingReminderDue(closesAt, before(1))).toBe('two_days');
    expect(closingReminderDue(closesAt, closesAt)).toBeNull();
  });
});
