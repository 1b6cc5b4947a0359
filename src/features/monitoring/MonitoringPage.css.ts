import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const tableWrap = style({ overflowX: 'auto' });
export const table = style({ width: '100%', borderCollapse: 'collapse', marginTop: vars.space.md });
export const cell = style({
  textAlign: 'left',
  padding: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});
export const overdue = style({ color: vars.color.danger, fontWeight: vars.fontWeight.semibold });
export const reminders = style({ display: 'block', fontSize: vars.fontSize.sm, color: vars.color.textMuted });
