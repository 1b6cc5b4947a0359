import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const counter = style({
  alignSelf: 'flex-end',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const counterOver = style([counter, { color: vars.color.danger, fontWeight: vars.fontWeight.bold }]);
