import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  Group,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  type Key,
} from 'react-aria-components';
import { messages } from '../../domain/messages.ts';
import { field, group, groupButton, groupInput, listBox, option, popover } from './field.css.ts';
import { empty } from './ComboBox.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { FieldLabel } from './FieldLabel.tsx';
import { optionsOf, type Option, type OptionsSource } from './options.ts';

export type ComboBoxProps<T extends Option> = OptionsSource<T> & {
  label: ReactNode;
  value: T['id'] | null;
  onChange(id: T['id'] | null): void;
  description?: ReactNode;
  errorMessage?: string | null;
  isRequired?: boolean;
  isDisabled?: boolean;
  placeholder?: string;
  onBlur?(): void;
  name?: string;
};

// Case- and accent-insensitive "contains": "forli" finds "Forlì".
const collator = new Intl.Collator('it-IT', { usage: 'search', sensitivity: 'base' });
function contains(text: string, query: string): boolean {
  const q = query.trim();
  if (q === '') return true;
  for (let start = 0; start + q.length <= text.length; start++) {
    if (collator.compare(text.slice(start, start + q.length), q) === 0) return true;
  }
  return false;
}

/** Choose one of a long list by typing part of its name; the arrow button shows the whole list. */
export function ComboBox<T extends Option>(props: ComboBoxProps<T>) {
  const { label, value, onChange, errorMessage, isRequired, placeholder, onBlur, name } = props;
  const { items, isDisabled, description } = optionsOf(props);
  return (
    <AriaComboBox
      className={field}
      value={value}
      onChange={(key: Key | null) => onChange(key === null ? null : (items.find((item) => item.id === key)?.id ?? null))}
      defaultFilter={contains}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      onBlur={onBlur}
      name={name}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Group className={group}>
        <Input className={groupInput} placeholder={placeholder} />
        <AriaButton className={groupButton} aria-label={messages.ui.showOptions}>
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={popover}>
        <ListBox className={listBox} items={items} renderEmptyState={() => <div className={empty}>{messages.ui.noOptions}</div>}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.name} className={option}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
