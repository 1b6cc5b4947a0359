import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const section = style({ marginTop: vars.space.lg, display: 'grid', gap: vars.space.md });
export const hint = style({ margin: 0, color: vars.color.textMuted });
export const request = style({ whiteSpace: 'pre-line', margin: `${vars.space.xs} 0` });
export const meta = style({ margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, justifyContent: 'flex-end' });
export const round = style({ display: 'grid', gap: vars.space.sm });
export const documents = style({ margin: 0, paddingLeft: vars.space.lg, display: 'grid', gap: vars.space.xs });
