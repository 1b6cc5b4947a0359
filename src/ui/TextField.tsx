import type { ReactNode } from 'react';
import { Input, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { field, input } from './field.css.ts';
import { FieldHelp } from './FieldHelp.tsx';
import { FieldLabel } from './FieldLabel.tsx';

export interface TextFieldProps extends Omit<
  AriaTextFieldProps,
  'className' | 'style' | 'children' | 'isInvalid' | 'validate' | 'validationBehavior'
> {
  label: ReactNode;
  description?: ReactNode;
  /** The Italian message to show; the field is invalid while there is one. */
  errorMessage?: string | null;
  placeholder?: string;
}

/**
 * A labelled one-line text box. Validation is the caller's (zod in domain/): the message given in
 * `errorMessage` is shown under the box and announced with it.
 */
export function TextField({ label, description, errorMessage, placeholder, isRequired, ...props }: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isRequired={isRequired}
      isInvalid={Boolean(errorMessage)}
      // 'aria': the browser's own bubbles never block typing or submitting; our messages speak instead.
      validationBehavior="aria"
      className={field}
    >
      <FieldLabel isRequired={isRequired}>{label}</FieldLabel>
      <Input className={input} placeholder={placeholder} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
