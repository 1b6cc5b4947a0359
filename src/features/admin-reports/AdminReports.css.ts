import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const reportList = style({ listStyle: 'none', padding: 0, margin: `${vars.space.md} 0`, display: 'grid', gap: vars.space.md });
export const reportItem = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: vars.space.md,
  background: vars.color.background,
});
export const reportItemTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const muted = style({ color: vars.color.textMuted, margin: `${vars.space.xs} 0 0` });
export const filters = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(15rem, 1fr))',
  // Labels on one line and boxes on the next, whichever field has a description under it.
  alignItems: 'start',
  margin: `${vars.space.md} 0`,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});
/** Level with the boxes: below the fields' label line (1.5 × 1rem) and its gap (0.25rem). */
export const filterActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', paddingTop: '1.75rem' });
export const section = style({ marginTop: vars.space.xl, paddingTop: vars.space.md, borderTop: `1px solid ${vars.color.border}` });
export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.xs}` });
export const reading = style({ fontWeight: vars.fontWeight.semibold, margin: `0 0 ${vars.space.xs}` });
export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, margin: `0 0 ${vars.space.md}` });
export const figure = style({ margin: `${vars.space.md} 0`, maxWidth: '60rem' });
export const chartSvg = style({ display: 'block', width: '100%', height: 'auto' });
export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.sm} 0 0`,
});
export const legendItem = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, fontSize: vars.fontSize.sm });
export const swatch = style({ display: 'inline-block', width: '1rem', height: '1rem', borderRadius: '2px' });
export const tableWrap = style({
  overflowX: 'auto',
  maxWidth: '100%',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
export const table = style({ borderCollapse: 'collapse', minWidth: '20rem' });
export const caption = style({ textAlign: 'left', fontWeight: vars.fontWeight.semibold, padding: `${vars.space.sm} 0` });
export const cell = style({
  borderBottom: `1px solid ${vars.color.border}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: 'left',
  verticalAlign: 'top',
});
export const numberCell = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }]);
export const headerCell = style([cell, { background: vars.color.surface, fontWeight: vars.fontWeight.semibold }]);
export const headerNumberCell = style([
  numberCell,
  { background: vars.color.surface, fontWeight: vars.fontWeight.semibold, whiteSpace: 'normal' },
]);
