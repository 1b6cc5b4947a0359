import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(9rem, max-content) 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `0 0 ${vars.space.sm}`,
  '@media': { 'screen and (max-width: 30rem)': { gridTemplateColumns: '1fr' } },
});
export const term = style({ fontWeight: vars.fontWeight.semibold });
export const definition = style({ margin: 0, overflowWrap: 'anywhere' });

const badge = {
  display: 'inline-block',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
} as const;
export const verifiedBadge = style({ ...badge, background: vars.color.successSoft });
// The warning banners' pale amber (src/ui/WarningBanner.css.ts): dark text on it well above 4.5:1.
export const trialBadge = style({ ...badge, background: vars.color.warningSoft, border: `1px solid ${vars.color.warning}` });
export const staleBadge = style({ ...badge, background: vars.color.dangerSoft });
export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, margin: `0 0 ${vars.space.sm}` });
export const signer = style({ display: 'block' });
