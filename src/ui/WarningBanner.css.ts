import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/**
 * A banner under the header that warns about the person's whole session (an unconfirmed address, a suspended
 * organisation): placed in the page's column, dark text on a pale amber with an amber rule (contrast AA).
 */
export const banner = style({
  maxWidth: vars.layout.contentWidth,
  margin: `${vars.space.md} auto 0`,
  padding: `0 ${vars.space.md}`,
});

export const box = style({
  borderLeft: `6px solid ${vars.color.warning}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.warningSoft,
  padding: `${vars.space.md} ${vars.space.lg}`,
  color: vars.color.text,
});

export const heading = style({
  margin: `0 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.lg,
});
