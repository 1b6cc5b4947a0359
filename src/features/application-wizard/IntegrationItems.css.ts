import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const itemList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });
/** An item the applicant must answer: a thick border on the left and its words, never colour alone. */
export const correction = style({
  borderLeft: `6px solid ${vars.color.primary}`,
  background: vars.color.primarySoft,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  display: 'grid',
  gap: vars.space.sm,
  margin: `${vars.space.sm} 0`,
});
export const correctionTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });
export const message = style({ whiteSpace: 'pre-line', margin: 0 });
export const meta = style({ margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const values = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
});
export const term = style({ fontWeight: vars.fontWeight.semibold });
export const definition = style({ margin: 0, whiteSpace: 'pre-line' });
