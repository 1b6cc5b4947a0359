import type { ReactNode } from 'react';
import { CheckboxGroup as AriaCheckboxGroup } from 'react-aria-components';
import { Checkbox } from './Checkbox.tsx';
import { field } from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { FieldLabel } from './FieldLabel.tsx';
import { options as optionsStyle } from './CheckboxGroup.css.ts';

export interface CheckboxGroupProps {
  label: ReactNode;
  options: readonly { id: string; name: string }[];
  value: readonly string[];
  onChange(value: string[]): void;
  description?: ReactNode;
}

/** Choose any of a list (a labelled group of checkboxes): the multi-select of filters. */
export function CheckboxGroup({ label, options, value, onChange, description }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup value={[...value]} onChange={onChange} className={field}>
      <FieldLabel>{label}</FieldLabel>
      <div className={optionsStyle}>
        {options.map((option) => (
          <Checkbox key={option.id} value={option.id}>
            {option.name}
          </Checkbox>
        ))}
      </div>
      <FieldHelp description={description} />
    </AriaCheckboxGroup>
  );
}
