import type { ReactNode } from 'react';
import { Label } from 'react-aria-components';
import { label as labelStyle, requiredMark } from './field.css.ts';

/**
 * A field's label; required fields get " *" (spec §5). The mark is hidden from screen readers,
 * which already hear "required" from the control.
 */
export function FieldLabel({ children, isRequired = false }: { children: ReactNode; isRequired?: boolean }) {
  return (
    <Label className={labelStyle}>
      {children}
      {isRequired ? (
        <span className={requiredMark} aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </Label>
  );
}
