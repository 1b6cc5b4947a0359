import { formatItalianDate } from '../../../domain/italianDates.ts';
import { monitoringMessages } from '../../../domain/messages/monitoring.ts';
import type { MonitoringRow } from '../../../domain/monitoring.ts';
import { Select } from '../../ui/Select.tsx';

const m = monitoringMessages;

/** The admin's period selector on the monitoring view: every period opened for the application, with its state. */
export function MonitoringPeriodPicker({
  periods,
  value,
  onChange,
}: {
  periods: MonitoringRow[];
  value: string;
  onChange(periodId: string): void;
}) {
  const items = periods.map((row) => ({
    id: row.id,
    name: `${row.title} — ${m.periodDue(formatItalianDate(row.effectiveDueOn))} — ${
      row.compilata
        ? m.periodSubmitted(row.submittedAt ? formatItalianDate(row.submittedAt.slice(0, 10)) : '')
        : row.overdue
          ? m.overdue
          : m.notSubmitted
    }`,
  }));
  return (
    <Select
      label={m.periodLabel}
      items={items}
      value={value}
      onChange={(id) => {
        if (typeof id === 'string') onChange(id);
      }}
    />
  );
}
