import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../styles/theme.css.ts';

/*
 * The members: a table on a desktop; on a phone each member is a card whose parts are named (data-label), so
 * no column is squeezed to a few letters ("Azi/oni", "Ad/min").
 */
export const table = style({
  display: 'block',
  width: '100%',
  borderCollapse: 'collapse',
  marginBottom: vars.space.lg,
  '@media': { [breakpoints.wide]: { display: 'table' } },
});

/** Column headers: read by screen readers on a phone (each card names its parts), shown on a desktop. */
export const head = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  '@media': {
    [breakpoints.wide]: {
      position: 'static',
      width: 'auto',
      height: 'auto',
      overflow: 'visible',
      clip: 'auto',
      whiteSpace: 'normal',
      display: 'table-header-group',
    },
  },
});

export const body = style({ display: 'block', '@media': { [breakpoints.wide]: { display: 'table-row-group' } } });

export const row = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  marginBottom: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  '@media': { [breakpoints.wide]: { display: 'table-row', padding: 0, margin: 0, border: 0 } },
});

export const cell = style({
  display: 'block',
  padding: 0,
  textAlign: 'left',
  verticalAlign: 'middle',
  overflowWrap: 'anywhere',
  '@media': {
    [breakpoints.wide]: {
      display: 'table-cell',
      padding: `${vars.space.sm} ${vars.space.sm}`,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});

/** On a card, a part's column name above it (on a desktop the column header says it). */
globalStyle(`${cell}[data-label]::before`, {
  content: 'attr(data-label)',
  display: 'block',
  fontWeight: vars.fontWeight.bold,
  '@media': { [breakpoints.wide]: { content: 'none', display: 'none' } },
});

export const badge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.round,
  backgroundColor: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
});

export const dialogActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});
