import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../../styles/theme.css.ts';

const base = {
  color: vars.color.primary,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  cursor: 'pointer',
  outline: 'none',
  borderRadius: vars.radius.sm,
} as const;

/** react-aria links: hover and keyboard focus come as data attributes. */
export const link = style({
  ...base,
  selectors: {
    '&[data-hovered]': { color: vars.color.primaryHover },
    '&[data-focus-visible]': focusRing,
  },
});

/** Plain anchors (AnchorLink) look the same, with the browser's own :hover and :focus-visible. */
export const anchorLink = style({
  ...base,
  selectors: {
    '&:hover': { color: vars.color.primaryHover },
    '&:focus-visible': focusRing,
  },
});
