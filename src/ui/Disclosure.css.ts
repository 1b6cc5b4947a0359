import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../../styles/theme.css.ts';

export const disclosure = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
});
export const heading = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.regular });
export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '2.75rem', // 44 px touch target
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surface },
    '&[data-focus-visible]': focusRing,
  },
});
/** The chevron turns when the panel opens. */
export const chevron = style({
  display: 'inline-block',
  transition: 'transform 120ms ease-out',
  selectors: { '[data-expanded] > * > * > &': { transform: 'rotate(90deg)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
/** On the panel's content, not the panel: a closed panel (hidden until found) keeps its box, so no padding there. */
export const panelBody = style({ padding: `0 ${vars.space.md} ${vars.space.md}` });
