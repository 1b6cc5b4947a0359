import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const empty = style({ padding: `${vars.space.sm} ${vars.space.md}`, color: vars.color.textMuted });
