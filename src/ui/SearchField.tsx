import type { ReactNode } from 'react';
import { Button as AriaButton, Group, Input, SearchField as AriaSearchField } from 'react-aria-components';
import { messages } from '../../domain/messages.ts';
import { field, group, groupInput } from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { FieldLabel } from './FieldLabel.tsx';
import { clearButton } from './SearchField.css.ts';

export interface SearchFieldProps {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  description?: ReactNode;
}

/**
 * A labelled search box (role searchbox); Esc or the clear button empties it. One frame: the text box and the
 * clear button sit inside the group, which draws the border and the focus ring.
 */
export function SearchField({ label, value, onChange, description }: SearchFieldProps) {
  return (
    <AriaSearchField value={value} onChange={onChange} className={field}>
      <FieldLabel>{label}</FieldLabel>
      <Group className={group}>
        <Input className={groupInput} />
        <AriaButton className={clearButton} aria-label={messages.ui.clearSearch}>
          <span aria-hidden="true">×</span>
        </AriaButton>
      </Group>
      <FieldHelp description={description} />
    </AriaSearchField>
  );
}
