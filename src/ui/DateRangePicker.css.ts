import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const separator = style({ padding: `0 ${vars.space.xs}` });
