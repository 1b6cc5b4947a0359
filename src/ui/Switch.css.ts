import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../../styles/theme.css.ts';

export const switchRoot = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '2.75rem',
  marginBottom: vars.space.md,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: {
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const track = style({
  position: 'relative',
  flexShrink: 0,
  width: '3rem',
  height: '1.75rem',
  borderRadius: vars.radius.round,
  border: `2px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  transition: 'background-color 150ms',
  selectors: {
    [`${switchRoot}[data-selected] &`]: { backgroundColor: vars.color.primary, borderColor: vars.color.primary },
    [`${switchRoot}[data-focus-visible] &`]: focusRing,
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const thumb = style({
  position: 'absolute',
  top: '2px',
  left: '2px',
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: vars.radius.round,
  backgroundColor: vars.color.textMuted,
  transition: 'transform 150ms',
  selectors: {
    [`${switchRoot}[data-selected] &`]: { transform: 'translateX(1.25rem)', backgroundColor: vars.color.onPrimary },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
