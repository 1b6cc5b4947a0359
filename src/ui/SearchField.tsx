import type { ReactNode } from 'react';
import { Button as AriaButton, Group, Input, SearchField as AriaSearchField } from 'react-aria-components';
import { messages } from '../../domain/messages.ts';
import { field, group, input } from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { FieldLabel } from './FieldLabel.tsx';
import { clearButton } from './SearchField.css.ts';

export interface SearchFieldProps {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  description?: ReactNode;
}

/** A labelled search box (role searchbox); Esc or the clear button empties it. */
export function SearchField({ label, value, onChange, description }: SearchFieldProps) {
  return (
    <AriaSearchField value={value} onChange={onChange} className={field}>
      <FieldLabel>{label}</FieldLabel>
      <Group className={group}>
        <Input className={input} />
        <AriaButton className={clearButton} aria-label={messages.ui.clearSearch}>
          <span aria-hidden="true">×</span>
        </AriaButton>
      </Group>
      <FieldHelp description={description} />
    </AriaSearchField>
  );
}
