import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The box and its unit on one line; the box keeps a width that fits amounts in the billions. */
export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const box = style({ maxWidth: '18rem', textAlign: 'right', fontVariantNumeric: 'tabular-nums' });

export const unit = style({
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
});
