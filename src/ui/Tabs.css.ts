import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../../styles/theme.css.ts';

export const tabList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.lg,
});

export const tab = style({
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderBottom: '3px solid transparent',
  marginBottom: '-1px',
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.primaryHover },
    '&[data-selected]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&[data-focus-visible]': focusRing,
  },
});

export const tabPanel = style({
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});
