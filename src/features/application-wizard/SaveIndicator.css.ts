import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const status = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '1.5rem',
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const problem = style({ color: vars.color.danger, fontWeight: vars.fontWeight.semibold });

export const dot = style({
  display: 'inline-block',
  marginRight: vars.space.xs,
  width: '0.625rem',
  height: '0.625rem',
  borderRadius: vars.radius.round,
  backgroundColor: 'currentColor',
  flexShrink: 0,
});

export const actions = style({ marginTop: vars.space.sm });
