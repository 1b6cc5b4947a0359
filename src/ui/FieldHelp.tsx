import type { ReactNode } from 'react';
import { FieldError, Text } from 'react-aria-components';
import { description as descriptionStyle, error as errorStyle } from './field.css.ts';

interface FieldHelpProps {
  description?: ReactNode;
  /** Shown, and linked to the control with aria-describedby, while the field is invalid. */
  errorMessage?: string | null;
}

/** The lines under a control: a hint, and the error when there is one (react-aria links both). */
export function FieldHelp({ description, errorMessage }: FieldHelpProps) {
  return (
    <>
      {description === undefined ? null : (
        <Text slot="description" className={descriptionStyle}>
          {description}
        </Text>
      )}
      <FieldError className={errorStyle}>{errorMessage}</FieldError>
    </>
  );
}
