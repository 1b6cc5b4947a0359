import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const item = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });

export const protocol = style({ fontWeight: vars.fontWeight.semibold, fontVariantNumeric: 'tabular-nums' });

/** A confirmation page's receipt, set apart from the page's next button. */
export const handOver = style({ marginBottom: vars.space.lg });
