import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const text = style({ margin: `0 0 ${vars.space.xs}`, whiteSpace: 'pre-line' });
