import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../../styles/theme.css.ts';

export const link = style({
  color: vars.color.primary,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  cursor: 'pointer',
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&[data-hovered]': { color: vars.color.primaryHover },
    '&[data-focus-visible]': focusRing,
  },
});
