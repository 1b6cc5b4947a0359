import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  marginTop: vars.space.xl,
  padding: `${vars.space.lg} ${vars.space.md}`,
  backgroundColor: vars.color.surface,
});

export const list = style({
  listStyle: 'none',
  margin: '0 auto',
  padding: 0,
  maxWidth: vars.layout.contentWidth,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.sm} ${vars.space.xl}`,
});

export const link = style({
  color: vars.color.primary,
  textDecoration: 'underline',
  selectors: {
    '&:hover': { color: vars.color.primaryHover },
  },
});

export const note = style({
  margin: `${vars.space.sm} auto 0`,
  maxWidth: vars.layout.contentWidth,
  color: vars.color.textMuted,
});
