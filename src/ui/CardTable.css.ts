import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css.ts';

/*
 * A table that is a table on a desktop and, below the layout breakpoint (spec §9, about 51 em), shows each row as
 * a card whose cells are named by their `data-label`: nothing is cut at the right edge, nothing scrolls sideways,
 * no column is squeezed to a few letters, and assistive technology still reads a table. A feature composes these
 * with its own spacing (`style([cardTableRow, {...}])`).
 */
export const cardTable = style({
  display: 'block',
  width: '100%',
  borderCollapse: 'collapse',
  '@media': { [breakpoints.wide]: { display: 'table' } },
});

/** Column headers: read by screen readers on a phone (each card names its parts), shown on a desktop. */
export const cardTableHead = style({
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

export const cardTableBody = style({ display: 'block', '@media': { [breakpoints.wide]: { display: 'table-row-group' } } });

export const cardTableRow = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  marginBottom: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  '@media': { [breakpoints.wide]: { display: 'table-row', padding: 0, margin: 0, border: 0 } },
});

export const cardTableCell = style({
  display: 'block',
  padding: 0,
  textAlign: 'left',
  '@media': {
    [breakpoints.wide]: { display: 'table-cell', padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` },
  },
});

/** On a card, a cell's column name above it (on a desktop the column header says it). */
globalStyle(`${cardTableCell}[data-label]::before`, {
  content: 'attr(data-label)',
  display: 'block',
  fontWeight: vars.fontWeight.bold,
  marginBottom: vars.space.xs,
  '@media': { [breakpoints.wide]: { content: 'none', display: 'none' } },
});
