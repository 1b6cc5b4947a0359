import { style } from '@vanilla-extract/css';
import { breakpoints, focusRing, vars } from '../../styles/theme.css.ts';

/** The one line a phone shows: which step, and the button for the list. Hidden on a desktop. */
export const compact = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
  '@media': { [breakpoints.wide]: { display: 'none' } },
});

export const summary = style({ margin: 0, fontWeight: vars.fontWeight.bold });

export const toggle = style({
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.primary}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.background,
  color: vars.color.primary,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.primarySoft },
    '&:focus-visible': focusRing,
  },
});

/** The list: folded on a phone until asked for, always shown on a desktop. */
export const stepList = style({
  display: 'none',
  '@media': { [breakpoints.wide]: { display: 'block' } },
});
export const stepListOpen = style({ display: 'block' });
