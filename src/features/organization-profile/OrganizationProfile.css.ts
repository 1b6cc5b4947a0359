import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const section = style({
  marginBottom: vars.space.xxl,
});

export const fieldList = style({
  borderTop: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.lg,
});

export const backLink = style({
  display: 'inline-block',
  marginBottom: vars.space.lg,
});

/** Several inputs edited as one field (the seat): a group named by its legend, without a frame. */
export const fieldGroup = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
});

export const fieldGroupLegend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontWeight: vars.fontWeight.bold,
});
