import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../../styles/theme.css.ts';

export const popover = style({
  minWidth: '14rem',
  backgroundColor: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.popover,
  outline: 'none',
});

export const menu = style({
  padding: `${vars.space.xs} 0`,
  outline: 'none',
});

export const item = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.text,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused], &[data-hovered]': { backgroundColor: vars.color.primarySoft, color: vars.color.primaryHover },
    '&[data-focus-visible]': { ...focusRing, outlineOffset: '-3px', boxShadow: 'none' },
  },
});
