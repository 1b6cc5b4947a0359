import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const navigation = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.md,
});

export const note = style({ margin: 0, color: vars.color.textMuted });
