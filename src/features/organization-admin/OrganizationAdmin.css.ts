import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';
import { cardTable, cardTableCell } from '../../ui/CardTable.css.ts';

export const section = style({ marginBottom: vars.space.xxl });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: `${vars.space.md} 0 ${vars.space.lg}`,
});

export const dialogFields = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const table = style([cardTable, { marginBottom: vars.space.lg }]);
export const cell = style([cardTableCell, { verticalAlign: 'top', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }]);

export const statusLine = style({ fontWeight: vars.fontWeight.bold });
