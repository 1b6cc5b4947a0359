import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../styles/theme.css.ts';
import { cardTableCell, cardTableRow } from '../../ui/CardTable.css.ts';

/**
 * The search box and the filters: three columns on a desktop, two on a tablet, one on a phone. A column is
 * never narrower than the date range (two dates and the calendar button), so no control sticks out of it;
 * labels line up at the top whatever help text a field has.
 */
export const filters = style({
  display: 'grid',
  columnGap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18.5rem), 1fr))',
  alignItems: 'start',
});
/** Azzera filtri, level with the controls beside it (below their labels). */
export const resetCell = style({
  paddingTop: `calc(${vars.fontSize.md} * ${vars.lineHeight.body} + ${vars.space.xs})`,
  marginBottom: vars.space.lg,
});
/** The count, then the Excel buttons kept together (they wrap as a pair, below the count on a phone). */
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', margin: `${vars.space.md} 0` });
export const count = style({ fontWeight: vars.fontWeight.semibold, margin: 0, flex: '1 1 auto' });
export const exportButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/**
 * The list is one table (src/ui/CardTable.css.ts). On a desktop it shows as a table; below the layout breakpoint (spec §9, about 51 em)
 * each row shows as a card: the organisation on top, then TUR, PUI and the drafts, each under its own name
 * (the cell's `data-label`), so nothing is cut at the right edge and nothing scrolls sideways.
 */
export const tableWrap = style({});
/** A status change of an application's history: a card on a phone, a table row on a desktop. */
export const historyRow = style([cardTableRow, { gap: vars.space.xs }]);
export const cellStyle = style([cardTableCell, { verticalAlign: 'top' }]);
/** The organisation's name heads its card. */
export const rowHeader = style({
  fontSize: vars.fontSize.lg,
  paddingBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [breakpoints.wide]: { fontSize: vars.fontSize.md, paddingBottom: vars.space.sm } },
});
export const small = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, display: 'block' });
export const chip = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.round,
  border: `1px solid ${vars.color.primaryHover}`,
  background: vars.color.primarySoft,
  color: vars.color.primaryHover,
  fontWeight: vars.fontWeight.semibold,
  marginBottom: vars.space.xs,
});
export const menuTrigger = style({
  marginTop: vars.space.xs,
  marginRight: vars.space.xs,
  border: `1px solid ${vars.color.primary}`,
  background: vars.color.background,
  color: vars.color.primary,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
});
export const pager = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', marginTop: vars.space.md });
export const dialogActions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end', marginTop: vars.space.md });
export const section = style({ marginTop: vars.space.xl });
/** Above an application the admin reads: the way back to the list, and its Excel download. */
export const pageActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.md,
});
/** Whose application an admin page is about: organisation, P.IVA, fund and status, with the status action. */
export const applicationHeader = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  marginBottom: vars.space.md,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const headerFacts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const headerTerm = style({ fontWeight: vars.fontWeight.semibold });
export const headerDefinition = style({ margin: 0 });
