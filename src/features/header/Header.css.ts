import { style } from '@vanilla-extract/css';
import { breakpoints, focusRing, vars } from '../../../styles/theme.css.ts';

export const header = style({
  backgroundColor: vars.color.primary, // white text on it: 5.57:1
  color: vars.color.onPrimary,
});

export const inner = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  maxWidth: vars.layout.contentWidth,
  margin: '0 auto',
  padding: `${vars.space.md}`,
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&[data-hovered]': { textDecoration: 'underline' },
    '&[data-focus-visible]': focusRing,
  },
  '@media': { [breakpoints.wide]: { fontSize: vars.fontSize.xl } },
});

export const brandMark = style({ width: '2.5rem', height: '2.5rem', flexShrink: 0 });

export const menuTrigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  backgroundColor: 'transparent',
  color: vars.color.onPrimary,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-pressed]': { backgroundColor: vars.color.primaryHover },
    '&[data-focus-visible]': focusRing,
  },
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: vars.radius.round,
  backgroundColor: vars.color.onPrimary,
  color: vars.color.primary, // 5.57:1
  fontWeight: vars.fontWeight.bold,
});

/** On narrow screens the avatar alone stands for the person; the button's label still names them. */
export const personName = style({
  display: 'none',
  '@media': { [breakpoints.wide]: { display: 'inline' } },
});
