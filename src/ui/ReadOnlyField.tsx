import type { ReactNode } from 'react';
import { field, label as labelStyle } from './field.css.ts';
import { readOnlyAction, readOnlyEmpty, readOnlyList, readOnlyValue } from './ReadOnlyField.css.ts';

export interface ReadOnlyFieldProps {
  label: ReactNode;
  /** The value as people read it; '' when nothing was given. */
  value: string;
  /** What an empty value reads as. */
  emptyText: string;
  /** A link beside the value (the Riepilogo's «Modifica»), as a definition of its own. */
  action?: ReactNode;
}

/**
 * A field that is read, not edited: its label and its whole value as text, one term and definition of the
 * `<dl>` around it (ReadOnlyList). No box to tab to, nothing cut at a box's width or height.
 */
export function ReadOnlyField({ label, value, emptyText, action }: ReadOnlyFieldProps) {
  return (
    <div className={field}>
      <dt className={labelStyle}>{label}</dt>
      {value === '' ? <dd className={readOnlyEmpty}>{emptyText}</dd> : <dd className={readOnlyValue}>{value}</dd>}
      {action ? <dd className={readOnlyAction}>{action}</dd> : null}
    </div>
  );
}

/** The description list read-only fields are terms of. */
export function ReadOnlyList({ children }: { children: ReactNode }) {
  return <dl className={readOnlyList}>{children}</dl>;
}
