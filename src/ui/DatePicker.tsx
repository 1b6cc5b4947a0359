import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Popover,
} from 'react-aria-components';
import type { CalendarDate } from '@internationalized/date';
import { messages } from '../../domain/messages.ts';
import { field, group, groupButton } from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { FieldLabel } from './FieldLabel.tsx';
import { calendar, calendarHeader, calendarNav, cell, dateInput, grid, heading, popover, segment } from './DatePicker.css.ts';

export interface DatePickerProps {
  /** The visible label; none when the form around the field shows it (then `aria-labelledby` or `aria-label`). */
  label?: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** Texts the form around the field shows about it (its description, its errors). */
  'aria-describedby'?: string;
  /** Invalid for a reason the form around the field shows; otherwise while `errorMessage` is given. */
  isInvalid?: boolean;
  value: CalendarDate | null;
  onChange(value: CalendarDate | null): void;
  description?: ReactNode;
  errorMessage?: string | null;
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  minValue?: CalendarDate;
  maxValue?: CalendarDate;
  onBlur?(): void;
  name?: string;
}

/**
 * A calendar date: typed segment by segment (gg/mm/aaaa, arrows change a segment) or picked from a
 * calendar that opens from the button. Always Italian: the portal has no other language (spec §1).
 */
export function DatePicker({ label, description, errorMessage, isRequired, isInvalid, value, onChange, ...props }: DatePickerProps) {
  return (
    <I18nProvider locale="it-IT">
      <AriaDatePicker
        {...props}
        value={value}
        // A half-typed date reports null until complete; the caller keeps only whole dates.
        onChange={(next) => onChange(next ?? null)}
        isRequired={isRequired}
        isInvalid={isInvalid ?? Boolean(errorMessage)}
        validationBehavior="aria"
        granularity="day"
        className={field}
      >
        {label === undefined ? null : <FieldLabel isRequired={isRequired}>{label}</FieldLabel>}
        <Group className={group}>
          <DateInput className={dateInput}>{(s) => <DateSegment segment={s} className={segment} />}</DateInput>
          <AriaButton className={groupButton} aria-label={messages.ui.openCalendar}>
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
              <rect x="2.5" y="4" width="15" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M2.5 8h15M6.5 2.5v3M13.5 2.5v3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </AriaButton>
        </Group>
        <FieldHelp description={description} errorMessage={errorMessage} />
        <Popover className={popover}>
          <Dialog aria-label={messages.ui.calendar}>
            <Calendar className={calendar}>
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
            </Calendar>
          </Dialog>
        </Popover>
      </AriaDatePicker>
    </I18nProvider>
  );
}
