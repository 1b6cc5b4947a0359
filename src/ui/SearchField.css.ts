import { globalStyle, style } from '@vanilla-extract/css';
import { focusRing, vars } from '../../styles/theme.css.ts';
import { groupInput } from './field.css.ts';

/** The browser's own clear control would sit next to ours: only ours is shown. */
globalStyle(`${groupInput}::-webkit-search-cancel-button, ${groupInput}::-webkit-search-decoration`, {
  appearance: 'none',
  WebkitAppearance: 'none',
});

/** The clear button sits inside the box's right edge, as tall as the box; hidden while the box is empty. */
export const clearButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  alignSelf: 'stretch',
  width: '2.75rem',
  border: 0,
  borderRadius: `0 ${vars.radius.sm} ${vars.radius.sm} 0`,
  background: 'transparent',
  color: vars.color.textMuted,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-pressed]': { backgroundColor: vars.color.primarySoft, color: vars.color.primaryHover },
    '&[data-focus-visible]': { ...focusRing, outlineOffset: '-3px', boxShadow: 'none' },
    '[data-empty] &': { visibility: 'hidden' },
  },
});
