import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';
import { cardTable, cardTableCell } from '../../ui/CardTable.css.ts';

/*
 * The periods: a table on a desktop; on a phone each period is a card (src/ui/CardTable.css.ts) whose parts are
 * named, so "Compila" is in view instead of past the right edge of a table scrolled sideways.
 */
export const table = style([cardTable, { marginTop: vars.space.md }]);
export const cell = style([cardTableCell, { verticalAlign: 'top', overflowWrap: 'anywhere' }]);
/** The period's title leads its card. */
export const titleCell = style([cell, { fontWeight: vars.fontWeight.bold }]);
export const overdue = style({ color: vars.color.danger, fontWeight: vars.fontWeight.semibold });
export const reminders = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
});
