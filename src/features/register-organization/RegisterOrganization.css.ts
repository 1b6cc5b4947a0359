import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../styles/theme.css.ts';

export const form = style({ maxWidth: '56rem' });

/** Two columns where there is room (spec §9 breakpoint), one on phones. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  columnGap: vars.space.lg,
  marginBottom: vars.space.md,
  '@media': { [breakpoints.wide]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const wide = style({ gridColumn: '1 / -1' });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  marginTop: vars.space.lg,
});

export const requiredHint = style({ margin: 0, color: vars.color.textMuted });
