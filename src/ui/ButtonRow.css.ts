import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** Buttons side by side, wrapping on a narrow screen, never touching: the room between two targets. */
export const buttonRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
