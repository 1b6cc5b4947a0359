import { z } from 'zod';
import { idSchema } from './idSchema.ts';

/**
 * Monitoring (spec §1: the monitoring stage repeats the surveys; "a monitoring-periods list … items: id, title,
 * compilata, link"; §7 ShowMonitoraggioTur / ShowMonitoraggioPui by candidaturaId). The spec shows the periods
 * only as sample data: here each fund has real periods, each with an opening day and a due day.
 */

/** A reminder of a period: when it opens, and some days before it is due (MONITORING_REMINDER_DAYS). */
export const MONITORING_REMINDER_KINDS = ['opened', 'due_soon'] as const;
export type MonitoringReminderKind = (typeof MONITORING_REMINDER_KINDS)[number];

const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'una data AAAA-MM-GG');

/** One period as the data file gives it (server/reference/monitoring/periods.json). */
export const monitoringPeriodFileEntrySchema = z
  .object({
    fund: z.string().min(1),
    code: z.string().regex(/^[A-Za-z0-9-]{1,40}$/),
    title: z.string().min(3).max(200),
    opensOn: calendarDay,
    dueOn: calendarDay,
  })
  .refine((period) => period.dueOn >= period.opensOn, { message: 'dueOn must not be before opensOn', path: ['dueOn'] });
export type MonitoringPeriodFileEntry = z.infer<typeof monitoringPeriodFileEntrySchema>;

export const monitoringPeriodsFileSchema = z
  .array(monitoringPeriodFileEntrySchema)
  .refine((periods) => new Set(periods.map((p) => `${p.fund}/${p.code}`)).size === periods.length, {
    message: 'a fund has two periods with the same code',
  });

export const monitoringReminderSchema = z.object({ kind: z.enum(MONITORING_REMINDER_KINDS), sentAt: z.string() });

/** One row of ShowMonitoraggioTur / ShowMonitoraggioPui: a period opened for the application. */
export const monitoringRowSchema = z.object({
  /** The period's id (the spec's item id). */
  id: z.string(),
  title: z.string(),
  fund: z.string(),
  candidaturaId: z.string(),
  organizationId: z.string(),
  opensOn: z.string(),
  /** The due day as the data file gives it. */
  dueOn: z.string(),
  /** The day it is really due: the due day, or the next working day when that is a weekend or a holiday. */
  effectiveDueOn: z.string(),
  openedAt: z.string(),
  /** Handed over (Monitoraggio Sottomesso for this period). */
  compilata: z.boolean(),
  submittedAt: z.string().nullable(),
  /** Not handed over and past its due day (Rome). */
  overdue: z.boolean(),
  /** The period the application is monitored for now (the latest opened). */
  current: z.boolean(),
  /** Where the applicant fills it in (or reads it). */
  link: z.string(),
  /** The reminder e-mails sent for the period. */
  reminders: z.array(monitoringReminderSchema),
});
export type MonitoringRow = z.infer<typeof monitoringRowSchema>;

export const showMonitoraggioQuerySchema = z.object({ candidaturaId: idSchema });

/** GET /api/Monitoraggio/GetMonitoraggiScaduti (admins): applications whose current period is overdue. */
export const overdueMonitoringSchema = z.object({ candidaturaIds: z.array(z.string()) });
export type OverdueMonitoring = z.infer<typeof overdueMonitoringSchema>;
