import type { ReactNode } from 'react';
import { Radio, RadioGroup as AriaRadioGroup } from 'react-aria-components';
import { field } from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { FieldLabel } from './FieldLabel.tsx';
import { choices, circle, radio } from './RadioGroup.css.ts';

export interface RadioGroupProps {
  label: ReactNode;
  options: readonly { id: string; name: string }[];
  /** The id of the chosen option, or null while unanswered. */
  value: string | null;
  onChange(id: string): void;
  description?: ReactNode;
  errorMessage?: string | null;
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  orientation?: 'horizontal' | 'vertical';
  onBlur?(): void;
  name?: string;
}

/**
 * One of a few choices, all visible (Sì / No): the arrow keys move between them, Tab leaves the group.
 * An unanswered group has no option selected, so "not answered yet" stays distinct from "No".
 */
export function RadioGroup({
  label,
  options,
  value,
  onChange,
  description,
  errorMessage,
  isRequired,
  orientation = 'horizontal',
  ...props
}: RadioGroupProps) {
  return (
    <AriaRadioGroup
      {...props}
      value={value}
      onChange={onChange}
      orientation={orientation}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={field}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <div className={choices} data-orientation={orientation}>
        {options.map((option) => (
          <Radio key={option.id} value={option.id} className={radio}>
            <span className={circle} aria-hidden="true" />
            {option.name}
          </Radio>
        ))}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaRadioGroup>
  );
}
