import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { focusRing, vars } from '../../styles/theme.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const slideIn = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } });

const reducedMotion = { '(prefers-reduced-motion: reduce)': { animation: 'none' } };

export const overlay = recipe({
  base: {
    position: 'fixed',
    inset: 0,
    zIndex: 100,
    display: 'flex',
    backgroundColor: 'rgba(26, 26, 26, 0.55)',
    selectors: { '&[data-entering]': { animation: `${fadeIn} 150ms ease-out` } },
    '@media': reducedMotion,
  },
  variants: {
    placement: {
      center: { alignItems: 'center', justifyContent: 'center', padding: vars.space.md },
      side: { justifyContent: 'flex-end' },
    },
  },
});

export const modal = recipe({
  base: {
    backgroundColor: vars.color.background,
    boxShadow: vars.shadow.popover,
    outline: 'none',
    overflowY: 'auto',
  },
  variants: {
    placement: {
      center: { width: 'min(100%, 36rem)', maxHeight: '100%', borderRadius: vars.radius.md },
      side: {
        width: 'min(85vw, 22rem)',
        height: '100%',
        selectors: { '&[data-entering]': { animation: `${slideIn} 200ms ease-out` } },
        '@media': reducedMotion,
      },
    },
  },
});

export const dialog = style({ outline: 'none', padding: vars.space.lg });

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.md,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg });

export const closeButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '2.75rem',
  height: '2.75rem',
  border: 0,
  borderRadius: vars.radius.sm,
  backgroundColor: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-pressed]': { backgroundColor: vars.color.surface },
    '&[data-focus-visible]': focusRing,
  },
});

export const body = style({ color: vars.color.text });

/** A dialog's buttons, on the right after its content, wrapping on a phone. */
export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});
