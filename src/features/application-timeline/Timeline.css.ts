import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, marginTop: vars.space.xl });
export const list = style({ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: vars.space.sm });
/** One event: when and who on a line, what happened below, its details set apart by a rule (never colour alone). */
export const item = style({
  paddingLeft: vars.space.md,
  borderLeft: `3px solid ${vars.color.border}`,
});
export const meta = style({ margin: 0, fontSize: '0.9em' });
export const title = style({ margin: 0, fontWeight: vars.fontWeight.semibold });
export const detail = style({ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' });
export const notes = style({ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const note = style({
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const formActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
