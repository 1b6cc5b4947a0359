import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const section = style({ margin: `0 0 ${vars.space.lg}`, maxWidth: '48rem' });
export const download = style({ display: 'grid', gap: vars.space.xs, justifyItems: 'start', margin: `0 0 ${vars.space.md}` });
export const hash = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const slot = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: `0 0 ${vars.space.md}`,
});
export const slotTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.md });
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });
export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const trial = style({
  borderLeft: `6px solid ${vars.color.warning}`,
  background: vars.color.warningSoft,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
});
