import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const fields = style({
  maxWidth: '48rem',
  marginTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

export const passwordSection = style({
  maxWidth: '48rem',
  marginTop: vars.space.xl,
});
