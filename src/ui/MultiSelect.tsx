import type { ReactNode } from 'react';
import { Button as AriaButton, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue, type Key } from 'react-aria-components';
import { field, listBox, popover } from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { FieldLabel } from './FieldLabel.tsx';
import { check, checkedOption } from './MultiSelect.css.ts';
import { chevron, trigger, value as valueStyle } from './Select.css.ts';

export interface MultiSelectProps {
  label: ReactNode;
  options: readonly { id: string; name: string }[];
  value: readonly string[];
  onChange(value: string[]): void;
  /** What the closed control says with nothing chosen ('Tutti gli stati'). */
  noneChosen: string;
  /** What it says with more than one chosen ('3 stati scelti'); one chosen shows its name. */
  someChosen(count: number): string;
  description?: ReactNode;
}

/**
 * Choose any of a list that is too long to show open (a filter's thirteen statuses): a closed control saying
 * what is chosen, opening a list where Space or a click adds or removes an item and Esc closes it.
 */
export function MultiSelect({ label, options, value, onChange, noneChosen, someChosen, description }: MultiSelectProps) {
  const chosen = options.filter((option) => value.includes(option.id));
  const summary = chosen.length === 0 ? noneChosen : chosen.length === 1 ? chosen[0]!.name : someChosen(chosen.length);
  return (
    <AriaSelect
      className={field}
      selectionMode="multiple"
      value={[...value]}
      onChange={(keys: Key[]) => onChange(options.filter((option) => keys.includes(option.id)).map((option) => option.id))}
      placeholder={noneChosen}
    >
      <FieldLabel>{label}</FieldLabel>
      <AriaButton className={trigger}>
        <SelectValue className={valueStyle}>{() => summary}</SelectValue>
        <span className={chevron} aria-hidden="true">
          ▾
        </span>
      </AriaButton>
      <FieldHelp description={description} />
      <Popover className={popover}>
        <ListBox className={listBox} items={options}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.name} className={checkedOption}>
              {({ isSelected }) => (
                <>
                  <span className={check} data-checked={isSelected || undefined} aria-hidden="true">
                    {isSelected ? '✓' : ''}
                  </span>
                  {item.name}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
