import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../../styles/theme.css.ts';

export const skipLink = style({
  position: 'absolute',
  left: vars.space.md,
  top: '-100%',
  zIndex: 10,
  padding: `${vars.space.sm} ${vars.space.md}`,
  backgroundColor: vars.color.background,
  color: vars.color.primary,
  fontWeight: vars.fontWeight.bold,
  selectors: {
    '&:focus': { top: vars.space.sm, ...focusRing },
  },
});

export const main = style({
  maxWidth: vars.layout.contentWidth,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md}`,
});
