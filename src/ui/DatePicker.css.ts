import { globalStyle, style } from '@vanilla-extract/css';
import { focusRing, vars } from '../../styles/theme.css.ts';

export const dateInput = style({ display: 'flex', flex: 1, alignItems: 'center', padding: `${vars.space.sm} 0` });

export const segment = style({
  padding: '0 1px',
  borderRadius: vars.radius.sm,
  fontVariantNumeric: 'tabular-nums',
  outline: 'none',
  selectors: {
    '&[data-placeholder]': { color: vars.color.textMuted },
    '&[data-type="literal"]': { padding: 0 },
    '&[data-focused]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary },
  },
});

export const popover = style({
  backgroundColor: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.popover,
  padding: vars.space.md,
  outline: 'none',
});

export const calendar = style({ outline: 'none' });

export const calendarHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'capitalize',
});

export const calendarNav = style({
  width: '2.25rem',
  height: '2.25rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.background,
  color: vars.color.primary,
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.primarySoft },
    '&[data-focus-visible]': focusRing,
  },
});

export const grid = style({ borderCollapse: 'collapse' });

globalStyle(`${grid} th`, {
  padding: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
});

export const cell = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-outside-month]': { display: 'none' },
    '&[data-hovered]': { backgroundColor: vars.color.primarySoft },
    '&[data-selected]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary, fontWeight: vars.fontWeight.bold },
    '&[data-disabled], &[data-unavailable]': {
      color: vars.color.textMuted,
      cursor: 'not-allowed',
      textDecoration: 'line-through',
    },
    '&[data-focus-visible]': focusRing,
  },
});
