import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const stepForm = style({ maxWidth: '48rem' });

export const section = style({
  border: 0,
  borderTop: `1px solid ${vars.color.border}`,
  margin: `0 0 ${vars.space.lg}`,
  padding: `${vars.space.md} 0 0`,
  minWidth: 0,
});

export const sectionTitle = style({
  padding: 0,
  marginBottom: vars.space.md,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.heading,
  color: vars.color.text,
});

/** The current step's title receives focus on each step change; as a heading it shows no ring (styles/global.css.ts). */
export const stepHeading = style({ marginTop: vars.space.lg });

export const conflictActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.md });
