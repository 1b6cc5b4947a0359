import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const filters = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
  alignItems: 'end',
  marginBottom: vars.space.md,
});
export const wide = style({ gridColumn: '1 / -1' });
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center', margin: `${vars.space.md} 0` });
export const count = style({ fontWeight: vars.fontWeight.semibold, margin: 0 });
export const tableWrap = style({ overflowX: 'auto' });
export const table = style({ width: '100%', borderCollapse: 'collapse' });
export const cellStyle = style({
  borderBottom: `1px solid ${vars.color.border}`,
  padding: vars.space.sm,
  textAlign: 'left',
  verticalAlign: 'top',
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
