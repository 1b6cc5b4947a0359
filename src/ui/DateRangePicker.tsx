import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DateRangePicker as AriaDateRangePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Popover,
  RangeCalendar,
} from 'react-aria-components';
import type { CalendarDate } from '@internationalized/date';
import { messages } from '../../domain/messages.ts';
import { field, group, groupButton } from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { FieldLabel } from './FieldLabel.tsx';
import { calendar, calendarHeader, calendarNav, cell, dateInput, grid, heading, popover, segment } from './DatePicker.css.ts';
import { separator } from './DateRangePicker.css.ts';

export interface DateRange {
  start: CalendarDate;
  end: CalendarDate;
}

export interface DateRangePickerProps {
  label: ReactNode;
  value: DateRange | null;
  onChange(value: DateRange | null): void;
  description?: ReactNode;
}

/** A range of calendar days, typed segment by segment or picked on a calendar. Italian, like the portal. */
export function DateRangePicker({ label, value, onChange, description }: DateRangePickerProps) {
  return (
    <I18nProvider locale="it-IT">
      <AriaDateRangePicker
        value={value}
        onChange={(next) => onChange(next ? { start: next.start as CalendarDate, end: next.end as CalendarDate } : null)}
        granularity="day"
        validationBehavior="aria"
        className={field}
      >
        <FieldLabel>{label}</FieldLabel>
        <Group className={group}>
          <DateInput slot="start" className={dateInput}>
            {(s) => <DateSegment segment={s} className={segment} />}
          </DateInput>
          <span aria-hidden="true" className={separator}>
            –
          </span>
          <DateInput slot="end" className={dateInput}>
            {(s) => <DateSegment segment={s} className={segment} />}
          </DateInput>
          <AriaButton className={groupButton} aria-label={messages.ui.openCalendar}>
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
              <rect x="2.5" y="4" width="15" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M2.5 8h15M6.5 2.5v3M13.5 2.5v3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </AriaButton>
        </Group>
        <FieldHelp description={description} />
        <Popover className={popover}>
          <Dialog aria-label={messages.ui.calendar}>
            <RangeCalendar className={calendar}>
              <header className={calendarHeader}>
                <AriaButton slot="previous" className={calendarNav} aria-label={messages.ui.previousMonth}>
                  <span aria-hidden="true">‹</span>
                </AriaButton>
                <Heading className={heading} />
                <AriaButton slot="next" className={calendarNav} aria-label={messages.ui.nextMonth}>
                  <span aria-hidden="true">›</span>
                </AriaButton>
              </header>
              <CalendarGrid className={grid}>{(date) => <CalendarCell date={date} className={cell} />}</CalendarGrid>
            </RangeCalendar>
          </Dialog>
        </Popover>
      </AriaDateRangePicker>
    </I18nProvider>
  );
}
