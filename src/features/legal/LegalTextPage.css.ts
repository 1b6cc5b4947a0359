import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const page = style({ maxWidth: '48rem' });

export const meta = style({ color: vars.color.textMuted });

export const sectionList = style({ paddingLeft: vars.space.lg });
