import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const options = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(13rem, 1fr))',
  gap: `0 ${vars.space.md}`,
});
