import { useId, type ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { error as errorStyle, requiredMark } from './field.css.ts';
import { box, checkbox, checkmark, wrapper } from './Checkbox.css.ts';

export interface CheckboxProps extends Omit<
  AriaCheckboxProps,
  'className' | 'style' | 'children' | 'isInvalid' | 'validate' | 'validationBehavior'
> {
  children: ReactNode;
  errorMessage?: string | null;
}

/**
 * A labelled checkbox. react-aria's Checkbox has no FieldError slot, so the error is a paragraph
 * linked to the input with aria-describedby by hand.
 */
export function Checkbox({ children, errorMessage, isRequired, ...props }: CheckboxProps) {
  const errorId = useId();
  return (
    <div className={wrapper}>
      <AriaCheckbox
        {...props}
        isRequired={isRequired}
        isInvalid={Boolean(errorMessage)}
        validationBehavior="aria"
        aria-describedby={errorMessage ? errorId : undefined}
        className={checkbox}
      >
        <span className={box} aria-hidden="true">
          <svg viewBox="0 0 18 18" className={checkmark}>
            <polyline points="3.5 9.5 7.5 13.5 14.5 5" fill="none" strokeWidth="3" stroke="currentColor" />
          </svg>
        </span>
        <span>
          {children}
          {isRequired ? (
            <span className={requiredMark} aria-hidden="true">
              {' *'}
            </span>
          ) : null}
        </span>
      </AriaCheckbox>
      {errorMessage ? (
        <p id={errorId} className={errorStyle}>
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}
