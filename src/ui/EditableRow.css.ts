import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css.ts';

export const row = style({
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const display = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.xs,
  alignItems: 'center',
  '@media': {
    [breakpoints.wide]: { gridTemplateColumns: '16rem 1fr auto', gap: vars.space.md },
  },
});

export const label = style({
  fontWeight: vars.fontWeight.semibold,
});

export const value = style({
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-line',
});

export const missing = style({
  color: vars.color.textMuted,
  fontStyle: 'italic',
});

export const hint = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

/** An open field: inputs as wide as a comfortable line, not the whole page. */
export const editor = style({
  maxWidth: '40rem',
});
