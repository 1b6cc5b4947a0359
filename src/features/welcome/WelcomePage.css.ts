import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const welcome = style({
  maxWidth: '40rem',
  margin: `${vars.space.xl} auto`,
  textAlign: 'center',
});

export const mark = style({ width: '4rem', height: '4rem', marginBottom: vars.space.md });

export const intro = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.md,
  marginTop: vars.space.lg,
});
