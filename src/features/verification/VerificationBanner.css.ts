import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const text = style({ margin: `0 0 ${vars.space.sm}` });

export const outcome = style({ margin: `${vars.space.sm} 0 0` });
