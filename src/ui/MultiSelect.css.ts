import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';
import { option } from './field.css.ts';

/** An option with its tick box in front, so what is chosen shows by shape, not by weight alone. */
export const checkedOption = style([option, { justifyContent: 'flex-start' }]);

export const check = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '1.25rem',
  height: '1.25rem',
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.background,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  selectors: {
    '&[data-checked]': { backgroundColor: vars.color.primary, borderColor: vars.color.primary },
  },
});
