import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../../styles/theme.css.ts';

export const choices = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.lg}`,
  selectors: { '&[data-orientation="vertical"]': { flexDirection: 'column' } },
});

export const radio = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '2.75rem', // 44 px touch target
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
    '&[data-readonly]': { cursor: 'default' },
  },
});

export const circle = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '1.5rem',
  height: '1.5rem',
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.round,
  backgroundColor: vars.color.background,
  selectors: {
    [`${radio}[data-selected] &`]: { borderColor: vars.color.primary, borderWidth: '7px' },
    [`${radio}[data-focus-visible] &`]: focusRing,
    [`${radio}[data-invalid] &`]: { borderColor: vars.color.danger },
  },
});
