import { useState, type ReactNode } from 'react';
import { CheckboxGroup as AriaCheckboxGroup } from 'react-aria-components';
import { messages } from '../../domain/messages.ts';
import { Checkbox } from './Checkbox.tsx';
import { field } from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { FieldLabel } from './FieldLabel.tsx';
import { options as optionsStyle } from './CheckboxGroup.css.ts';
import { SearchField } from './SearchField.tsx';
import { foldForSearch } from '../../domain/textSearch.ts';

export interface CheckboxGroupProps {
  label: ReactNode;
  options: readonly { id: string; name: string }[];
  value: readonly string[];
  onChange(value: string[]): void;
  description?: ReactNode;
  errorMessage?: string | null;
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  onBlur?(): void;
  /**
   * With a long list, a search box above it (labelled with this text) shows only the options whose name
   * contains what is typed; chosen options stay chosen while hidden.
   */
  searchLabel?: string;
}

/** Choose any of a list (a labelled group of checkboxes): the multi-select of filters and forms. */
export function CheckboxGroup({
  label,
  options,
  value,
  onChange,
  description,
  errorMessage,
  isRequired,
  searchLabel,
  ...props
}: CheckboxGroupProps) {
  const [query, setQuery] = useState('');
  const shown =
    query.trim() === '' ? options : options.filter((option) => foldForSearch(option.name).includes(foldForSearch(query.trim())));
  return (
    <AriaCheckboxGroup
      {...props}
      value={[...value]}
      onChange={onChange}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={field}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      {searchLabel === undefined ? null : <SearchField label={searchLabel} value={query} onChange={setQuery} />}
      <div className={optionsStyle}>
        {shown.map((option) => (
          <Checkbox key={option.id} value={option.id}>
            {option.name}
          </Checkbox>
        ))}
        {shown.length === 0 && options.length > 0 ? <p>{messages.ui.noOptions}</p> : null}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaCheckboxGroup>
  );
}
