import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const form = style({
  maxWidth: '40rem',
});

export const addressRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

export const addressInput = style({
  flex: 1,
  minWidth: 0,
});

export const removeButton = style({
  // Lines the button up with the input, below the label.
  marginTop: '1.75rem',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginBottom: vars.space.lg,
});
