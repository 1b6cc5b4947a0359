import { globalStyle } from '@vanilla-extract/css';
import { focusRing, vars } from './theme.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  fontFamily: vars.font.body,
  fontSize: '100%',
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitTextSizeAdjust: '100%',
});

globalStyle('body', { margin: 0, minHeight: '100vh' });

globalStyle('h1, h2, h3', {
  lineHeight: vars.lineHeight.heading,
  fontWeight: vars.fontWeight.bold,
  margin: `0 0 ${vars.space.md}`,
});

globalStyle('h1', { fontSize: vars.fontSize.xxl });
globalStyle('h2', { fontSize: vars.fontSize.xl });

globalStyle('p', { margin: `0 0 ${vars.space.md}` });

globalStyle('a', { color: vars.color.primary });

// Native elements (skip link, plain anchors) get the same ring as react-aria's data-focus-visible.
globalStyle(':focus-visible', focusRing);

// The main landmark receives focus from the skip link; it needs no ring of its own.
globalStyle('main:focus', { outline: 'none' });

// A heading that receives focus from code (the wizard's step title on each step change, for screen readers)
// is not a control: no ring, even when the step change came from the keyboard. Controls keep theirs.
globalStyle(':is(h1, h2, h3, h4, h5, h6)[tabindex="-1"]:focus', { outline: 'none', boxShadow: 'none' });

// A data table's own scroll region (data-scroll-region="table": report tables, wide survey matrices) shows that
// more is hidden: a shade on the side that scrolls, which the white covers fade away at either end (they move
// with the content; the shades stay with the box).
globalStyle('[data-scroll-region="table"]', {
  background: [
    `linear-gradient(to right, ${vars.color.background} 30%, rgba(255, 255, 255, 0)) left center / 2.5rem 100% no-repeat local`,
    `linear-gradient(to left, ${vars.color.background} 30%, rgba(255, 255, 255, 0)) right center / 2.5rem 100% no-repeat local`,
    'radial-gradient(farthest-side at 0 50%, rgba(23, 50, 77, 0.3), rgba(23, 50, 77, 0)) left center / 0.875rem 100% no-repeat scroll',
    'radial-gradient(farthest-side at 100% 50%, rgba(23, 50, 77, 0.3), rgba(23, 50, 77, 0)) right center / 0.875rem 100% no-repeat scroll',
  ].join(', '),
});
