import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const box = style({
  maxWidth: '40rem',
  padding: vars.space.lg,
  marginBottom: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});

/** The button lines up with the box, not with its label, and drops below it on narrow screens. */
export const vatRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  columnGap: vars.space.md,
});

export const vatField = style({ flex: '1 1 16rem' });

/** Level with the input: the label's line (1.5 × 1rem) and the gap under it (0.25rem) above the button. */
export const actions = style({ paddingTop: '1.75rem' });

export const organizationName = style({ fontSize: vars.fontSize.lg });

export const note = style({ maxWidth: '40rem', color: vars.color.textMuted });

/** The buttons of a message: side by side, wrapping on narrow screens. */
export const actionRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const joinForm = style({ marginTop: vars.space.lg, display: 'grid', gap: vars.space.md });

export const requestList = style({ listStyle: 'none', padding: 0, display: 'grid', gap: vars.space.sm, maxWidth: '40rem' });

export const requestItem = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});
