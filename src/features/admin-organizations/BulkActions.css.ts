import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

/** The selection and the action bar, above the table; it wraps on a phone. */
export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  padding: vars.space.sm,
  margin: `${vars.space.sm} 0`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const selectedCount = style({ fontWeight: vars.fontWeight.semibold, margin: 0, flex: '1 1 12rem' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const progress = style({ display: 'grid', gap: vars.space.xs, margin: `${vars.space.md} 0` });
export const track = style({ height: '0.75rem', borderRadius: vars.radius.sm, background: vars.color.border, overflow: 'hidden' });
export const fill = style({ height: '100%', background: vars.color.primary });
export const resultList = style({ margin: `${vars.space.xs} 0 ${vars.space.md}`, paddingLeft: vars.space.lg });
export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.md, marginTop: vars.space.md });
/** The checkbox beside each application of the table (a plain input: a row mounts on every keystroke of the search). */
export const rowCheckbox = style({ width: '1.25rem', height: '1.25rem', marginRight: vars.space.xs, verticalAlign: 'middle' });
