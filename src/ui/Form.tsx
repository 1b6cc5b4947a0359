import type { Ref } from 'react';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import { form } from './Form.css.ts';

export interface FormProps extends Omit<AriaFormProps, 'className' | 'style' | 'validationBehavior'> {
  ref?: Ref<HTMLFormElement>;
}

/**
 * A form whose fields report errors the accessible way (aria-invalid + linked message) instead of the
 * browser's bubbles; `validationErrors` (field name → message) marks fields from a server answer.
 */
export function Form({ ref, ...props }: FormProps) {
  return <AriaForm {...props} ref={ref} validationBehavior="aria" className={form} />;
}
