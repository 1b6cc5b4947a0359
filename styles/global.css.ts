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

