import { useRef, type ReactNode } from 'react';
import { Button as AriaButton, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue, type Key } from 'react-aria-components';
import { messages } from '../../domain/messages.ts';
import { field, listBox, option, popover } from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { FieldLabel } from './FieldLabel.tsx';
import { optionsOf, type Option, type OptionsSource } from './options.ts';
import { chevron, clear, clearable, trigger, value as valueStyle } from './Select.css.ts';

export type SelectProps<T extends Option> = OptionsSource<T> & {
  label: ReactNode;
  /** The id of the chosen item, or null. */
  value: T['id'] | null;
  onChange(id: T['id'] | null): void;
  placeholder?: string;
  description?: ReactNode;
  errorMessage?: string | null;
  isRequired?: boolean;
  isDisabled?: boolean;
  onBlur?(): void;
  name?: string;
  /**
   * An optional choice that may be taken back: a "Cancella la scelta" button under the list, once something is
   * chosen, returns it to no answer (by mouse, or Tab and Enter or Space) and gives the focus back to the list.
   */
  isClearable?: boolean;
};

/**
 * Choose one of a short list (up to a few dozen items): opens with Enter, Space or the arrows,
 * type-ahead jumps to an item. For long lists (comuni) use ComboBox, which filters as you type.
 */
export function Select<T extends Option>(props: SelectProps<T>) {
  const {
    label,
    value,
    onChange,
    placeholder = messages.ui.selectPlaceholder,
    errorMessage,
    isRequired,
    onBlur,
    name,
    isClearable = false,
  } = props;
  const { items, isDisabled, description } = optionsOf(props);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // react-aria keys are strings or numbers: the item's id is the key, so nothing needs converting back.
  const select = (
    <AriaSelect
      className={field}
      value={value}
      onChange={(key: Key | null) => onChange(key === null ? null : (items.find((item) => item.id === key)?.id ?? null))}
      placeholder={placeholder}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      onBlur={onBlur}
      name={name}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <AriaButton className={trigger} ref={triggerRef}>
        <SelectValue className={valueStyle} />
        <span className={chevron} aria-hidden="true">
          ▾
        </span>
      </AriaButton>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={popover}>
        <ListBox className={listBox} items={items}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.name} className={option}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
  if (!isClearable) return select;
  const labelText = typeof label === 'string' ? label : undefined;
  return (
    <div className={clearable}>
      {select}
      {value !== null && !isDisabled ? (
        // Outside the Select: inside it, a react-aria Button would become a second trigger of its list.
        <AriaButton
          className={clear}
          aria-label={labelText ? messages.ui.clearChoiceOf(labelText) : messages.ui.clearChoice}
          onPress={() => {
            onChange(null);
            triggerRef.current?.focus();
          }}
        >
          {messages.ui.clearChoice}
        </AriaButton>
      ) : null}
    </div>
  );
}
