import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
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
import { optionForEnter, matchesQuery, rankOptions } from './optionSearch.ts';
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

/**
 * Choose one of a long list by typing part of its name (case and accents aside); the arrow button shows the whole
 * list. What was typed orders the list: the name itself first, then names that begin with it, then names with a
 * word that does, then the rest that hold it ("Roma" before "Marano di Roma"). Enter takes the name typed whole,
 * or the only one that holds what was typed.
 */
export function ComboBox<T extends Option>(props: ComboBoxProps<T>) {
  const { label, value, onChange, errorMessage, isRequired, placeholder, onBlur, name } = props;
  const { items, isDisabled, description } = optionsOf(props);
  const [typed, setTyped] = useState('');
  const ranked = useMemo(() => rankOptions(items, typed), [items, typed]);
  const takeOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const chosen = optionForEnter(items, event.currentTarget.value);
    if (chosen && chosen.id !== value) onChange(chosen.id);
  };
  return (
    <AriaComboBox
      className={field}
      value={value}
      onChange={(key: Key | null) => onChange(key === null ? null : (items.find((item) => item.id === key)?.id ?? null))}
      onInputChange={setTyped}
      defaultFilter={matchesQuery}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      onBlur={onBlur}
      name={name}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Group className={group}>
        <Input className={groupInput} placeholder={placeholder} onKeyDown={takeOnEnter} />
        <AriaButton className={groupButton} aria-label={messages.ui.showOptions}>
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={popover}>
        <ListBox className={listBox} items={ranked} renderEmptyState={() => <div className={empty}>{messages.ui.noOptions}</div>}>
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
