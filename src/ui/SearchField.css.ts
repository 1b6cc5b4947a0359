import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const clearButton = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  padding: `0 ${vars.space.sm}`,
  cursor: 'pointer',
  selectors: { '&[data-empty]': { visibility: 'hidden' } },
});
