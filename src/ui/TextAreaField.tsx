import type { ReactNode } from 'react';
import { TextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { field, textArea } from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { FieldLabel } from './FieldLabel.tsx';
import { counter, counterOver } from './TextAreaField.css.ts';

export interface TextAreaFieldProps extends Omit<
  AriaTextFieldProps,
  'className' | 'style' | 'children' | 'isInvalid' | 'validate' | 'validationBehavior' | 'maxLength'
> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string | null;
  /**
   * Shows a live "n/max" counter. Typing past it is allowed on purpose, so a pasted text is not cut
   * silently: the caller shows the over-limit message instead.
   */
  maxLength?: number;
  rows?: number;
}

/** A labelled multi-line text box with an optional live character counter. */
export function TextAreaField({ label, description, errorMessage, maxLength, rows = 5, isRequired, value, ...props }: TextAreaFieldProps) {
  const length = (value ?? '').length;
  return (
    <AriaTextField
      {...props}
      value={value}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      className={field}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <TextArea className={textArea} rows={rows} />
      {maxLength === undefined ? null : (
        // Not a live region: announcing every keystroke would drown the typing; the error speaks when it matters.
        <span className={length > maxLength ? counterOver : counter}>
          {length} / {maxLength}
        </span>
      )}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
