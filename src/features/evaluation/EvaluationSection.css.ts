import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, marginTop: vars.space.xl });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  margin: 0,
});
