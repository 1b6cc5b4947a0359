import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../../../styles/theme.css.ts';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  listStyle: 'none',
  margin: `0 0 ${vars.space.xl}`,
  padding: 0,
});

export const stepButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.md} ${vars.space.xs} ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.round,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.primarySoft },
    '&[data-focus-visible]': focusRing,
    '&[aria-current="step"]': {
      borderColor: vars.color.primary,
      borderWidth: '2px',
      fontWeight: vars.fontWeight.bold,
      backgroundColor: vars.color.primarySoft,
    },
  },
});

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2rem',
  height: '2rem',
  borderRadius: vars.radius.round,
  fontWeight: vars.fontWeight.bold,
  flexShrink: 0,
});

export const badgeCurrent = style([badge, { backgroundColor: vars.color.primary, color: vars.color.onPrimary }]);
export const badgeDone = style([badge, { backgroundColor: vars.color.success, color: vars.color.onPrimary }]);
/** Opened (or answered) with something missing: edged in the error colour (the words say it too). */
export const badgeIncomplete = style([
  badge,
  { backgroundColor: vars.color.dangerSoft, color: vars.color.danger, border: `2px solid ${vars.color.danger}` },
]);
/** Not opened yet and nothing answered: neutral. */
export const badgeNotStarted = style([
  badge,
  { backgroundColor: vars.color.background, color: vars.color.text, border: `2px solid ${vars.color.border}` },
]);
