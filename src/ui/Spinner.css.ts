import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'flex',
  justifyContent: 'center',
  padding: vars.space.xl,
});

export const ring = style({
  width: '3rem',
  height: '3rem',
  border: `4px solid ${vars.color.primarySoft}`,
  borderTopColor: vars.color.primary,
  borderRadius: vars.radius.round,
  animation: `${spin} 0.9s linear infinite`,
  '@media': {
    // Still shows that something is going on, without movement.
    '(prefers-reduced-motion: reduce)': { animation: 'none', borderColor: vars.color.primary },
  },
});
