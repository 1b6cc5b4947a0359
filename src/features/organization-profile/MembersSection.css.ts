import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';
import { cardTable, cardTableCell } from '../../ui/CardTable.css.ts';

/*
 * The members: a table on a desktop; on a phone each member is a card whose parts are named (data-label), so
 * no column is squeezed to a few letters ("Azi/oni", "Ad/min").
 */
export const table = style([cardTable, { marginBottom: vars.space.lg }]);
export const cell = style([cardTableCell, { verticalAlign: 'middle', overflowWrap: 'anywhere' }]);

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

/** "Legale rappresentante" beside a member's name: outlined, so it does not read as a role. */
export const representativeBadge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.primary}`,
  borderRadius: vars.radius.round,
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
});
