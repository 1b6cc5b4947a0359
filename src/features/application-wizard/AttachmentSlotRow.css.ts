import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export { visuallyHidden as hidden } from '../../../styles/visuallyHidden.css.ts';

export const list = style({ listStyle: 'none', padding: 0, margin: `0 0 ${vars.space.lg}`, display: 'grid', gap: vars.space.md });

export const row = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
});

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: vars.space.sm });
export const name = style({ fontWeight: vars.fontWeight.semibold });
export const format = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const template = style({ color: vars.color.primary, marginLeft: 'auto', textDecoration: 'underline' });

export const dropZone = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: {
    '&[data-drop-target]': { borderColor: vars.color.primary, background: vars.color.primarySoft },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const stored = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

const badge = {
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
} as const;
export const badgeUploaded = style({ ...badge, color: vars.color.text, background: vars.color.successSoft });
export const badgeEmpty = style({
  ...badge,
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});
export const fileName = style({ wordBreak: 'break-all' });

export const progressRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });
export const progress = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flex: '1 1 16rem' });
export const track = style({
  flex: 1,
  height: '0.5rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.round,
  overflow: 'hidden',
});
export const fill = style({ height: '100%', background: vars.color.primary });

export const notice = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const error = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, color: vars.color.danger });
export const mandatory = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
