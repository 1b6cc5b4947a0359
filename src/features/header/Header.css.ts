import { style } from '@vanilla-extract/css';
import { breakpoints, focusRing, vars } from '../../../styles/theme.css.ts';

export const header = style({
  backgroundColor: vars.color.primary, // white text on it: 5.57:1
  color: vars.color.onPrimary,
});

export const inner = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  maxWidth: vars.layout.contentWidth,
  margin: '0 auto',
  padding: `${vars.space.md}`,
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&[data-hovered]': { textDecoration: 'underline' },
    '&[data-focus-visible]': focusRing,
  },
  '@media': { [breakpoints.wide]: { fontSize: vars.fontSize.xl } },
});

export const brandMark = style({ width: '2.5rem', height: '2.5rem', flexShrink: 0 });

export const menuTrigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  backgroundColor: 'transparent',
  color: vars.color.onPrimary,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    // A plain <button> (the menu and the drawer load on intent): the browser's own hover and focus-visible.
    '&:hover, &[data-pressed]': { backgroundColor: vars.color.primaryHover },
    '&:focus-visible': focusRing,
  },
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: vars.radius.round,
  backgroundColor: vars.color.onPrimary,
  color: vars.color.primary, // 5.57:1
  fontWeight: vars.fontWeight.bold,
});

/** On narrow screens the avatar alone stands for the person; the button's label still names them. */
export const personName = style({
  display: 'none',
  '@media': { [breakpoints.wide]: { display: 'inline' } },
});

/** Where the header has room for the partner logos, and for the words that introduce them. */
const roomForPartners = 'screen and (min-width: 40em)';
const roomForPartnersLabel = 'screen and (min-width: 72em)';

/** Partners sit between the platform and the menu; on phones only the platform logo stays. */
export const partners = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space.sm,
  marginRight: 'auto',
  '@media': { [roomForPartners]: { display: 'flex' } },
});

export const partnersLabel = style({
  display: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.onPrimary, // 5.57:1 on primary
  '@media': { [roomForPartnersLabel]: { display: 'inline' } },
});

export const partnerLink = style({
  display: 'inline-flex',
  borderRadius: vars.radius.md,
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': focusRing,
    '&[data-hovered]': { opacity: 0.9 },
  },
});

export const partnerLogo = style({
  display: 'block',
  height: '2.25rem',
  width: 'auto',
  '@media': { [breakpoints.wide]: { height: '2.5rem' } },
});

export const drawerPerson = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBottom: vars.space.md,
  marginBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const drawerAvatar = style([avatar, { backgroundColor: vars.color.primary, color: vars.color.onPrimary, flexShrink: 0 }]);

export const drawerEmail = style({
  display: 'block',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  wordBreak: 'break-all',
});

export const drawerList = style({ listStyle: 'none', margin: `0 0 ${vars.space.lg}`, padding: 0 });

export const drawerLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '3rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.primary,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-pressed]': { backgroundColor: vars.color.primarySoft, color: vars.color.primaryHover },
    '&[data-focus-visible]': focusRing,
  },
});
