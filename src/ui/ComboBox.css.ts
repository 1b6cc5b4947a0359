import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The text box inside the group: the group draws the frame and the focus ring. */
export const comboInput = style({
  flex: 1,
  minWidth: 0,
  border: 0,
  padding: `${vars.space.sm} 0`,
  backgroundColor: 'transparent',
  color: 'inherit',
  fontFamily: 'inherit',
  fontSize: 'inherit',
  outline: 'none',
  selectors: { '&::placeholder': { color: vars.color.textMuted } },
});

export const empty = style({ padding: `${vars.space.sm} ${vars.space.md}`, color: vars.color.textMuted });
