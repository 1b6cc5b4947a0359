import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../../styles/theme.css.ts';

export const cards = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': { [breakpoints.wide]: { gridTemplateColumns: '1fr 1fr' } },
});

export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  background: vars.color.background,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});

export const term = style({ fontWeight: vars.fontWeight.semibold });
export const definition = style({ margin: 0 });

/** Status chip: text on a soft background, never colour alone. */
export const chip = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.round,
  border: `1px solid ${vars.color.primaryHover}`,
  background: vars.color.primarySoft,
  color: vars.color.primaryHover,
  fontWeight: vars.fontWeight.semibold,
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const historyList = style({ margin: 0, paddingLeft: vars.space.lg });
/** The reviewers' note under a status of the history: their words, set apart from the date and status. */
export const historyNote = style({
  margin: `${vars.space.xs} 0 0`,
  paddingLeft: vars.space.sm,
  borderLeft: `3px solid ${vars.color.border}`,
  whiteSpace: 'pre-line',
});

/** «Cronologia della candidatura»: a native disclosure, its summary a focusable control with the browser's marker. */
export const timeline = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const timelineSummary = style({ cursor: 'pointer', fontWeight: vars.fontWeight.semibold, padding: `${vars.space.xs} 0` });
