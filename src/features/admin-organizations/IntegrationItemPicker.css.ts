import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const picker = style({ display: 'grid', gap: vars.space.sm });
export const pickerRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-end' });
export const itemList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
/** An item of the request: a thick border on the left, beside its own labelled message. */
export const item = style({
  borderLeft: `6px solid ${vars.color.primary}`,
  paddingLeft: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
});
export const meta = style({ margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
