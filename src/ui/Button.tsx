import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { button, type ButtonVariant } from './Button.css.ts';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'style'> {
  variant?: ButtonVariant;
}

/** The one button of the portal: react-aria handles press, keyboard and focus-visible. */
export function Button({ variant = 'primary', ...props }: ButtonProps) {
  return <AriaButton {...props} className={button({ variant })} />;
}
