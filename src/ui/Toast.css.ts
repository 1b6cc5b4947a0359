import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { focusRing, vars } from '../../styles/theme.css.ts';

export const region = style({
  position: 'fixed',
  bottom: vars.space.md,
  right: vars.space.md,
  left: vars.space.md,
  zIndex: 200,
  display: 'flex',
  flexDirection: 'column-reverse',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  pointerEvents: 'none',
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});

export const toast = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space.sm,
    width: 'min(100%, 26rem)',
    padding: `${vars.space.md} ${vars.space.sm} ${vars.space.md} ${vars.space.md}`,
    borderLeft: '6px solid',
    borderRadius: vars.radius.md,
    boxShadow: vars.shadow.popover,
    color: vars.color.text,
    pointerEvents: 'auto',
    outline: 'none',
    selectors: { '&[data-focus-visible]': focusRing },
  },
  variants: {
    tone: {
      success: { backgroundColor: vars.color.successSoft, borderColor: vars.color.success },
      error: { backgroundColor: vars.color.dangerSoft, borderColor: vars.color.danger },
      info: { backgroundColor: vars.color.primarySoft, borderColor: vars.color.primary },
    },
  },
});

export const title = style({ display: 'block', fontWeight: vars.fontWeight.bold });

export const description = style({ display: 'block' });

export const closeButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  marginLeft: 'auto',
  width: '2.25rem',
  height: '2.25rem',
  border: 0,
  borderRadius: vars.radius.sm,
  backgroundColor: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: 'rgba(26, 26, 26, 0.08)' },
    '&[data-focus-visible]': focusRing,
  },
});
