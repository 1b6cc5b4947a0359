import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';
import { cardTable, cardTableCell } from '../../ui/CardTable.css.ts';

/** The open requests: a table on a desktop, one card per request on a phone (data-label names each part). */
export const table = style([cardTable, { marginBottom: vars.space.lg }]);
export const cell = style([cardTableCell, { verticalAlign: 'middle', overflowWrap: 'anywhere' }]);
export const reason = style([cell, { whiteSpace: 'pre-line' }]);

export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const section = style({ marginBottom: vars.space.xxl });
