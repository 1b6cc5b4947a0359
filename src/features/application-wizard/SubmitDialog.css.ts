import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.md,
  marginTop: vars.space.lg,
});

export const progress = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });

/** A small ring inside a button: the button's own label says what is going on. */
export const smallRing = style({ width: '1rem', height: '1rem', borderWidth: '2px' });
