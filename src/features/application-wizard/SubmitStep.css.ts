import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const summary = style({ listStyle: 'none', margin: `0 0 ${vars.space.lg}`, padding: 0, maxWidth: '48rem' });

export const summaryItem = style({
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const stepLine = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const stepTitle = style({ fontWeight: vars.fontWeight.bold });

export const complete = style({ color: vars.color.success, fontWeight: vars.fontWeight.semibold });
export const missing = style({ color: vars.color.danger, fontWeight: vars.fontWeight.semibold });

export const issueList = style({ margin: `${vars.space.sm} 0 0`, paddingLeft: vars.space.lg });

export const reasons = style({ margin: `0 0 ${vars.space.md}`, paddingLeft: vars.space.lg, color: vars.color.text });

export const ready = style({ margin: `0 0 ${vars.space.md}` });
