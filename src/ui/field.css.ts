import { style } from '@vanilla-extract/css';
import { focusRing, vars } from '../../styles/theme.css.ts';

/**
 * The parts every form field shares (label, control, help text, error), so a text box, a select and a
 * date picker line up and look alike. Each field component adds only its own pieces.
 */
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginBottom: vars.space.lg,
  minWidth: 0,
});

export const label = style({
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

/** The asterisk is decoration: the control itself says "required" to assistive technology. */
export const requiredMark = style({
  color: vars.color.danger, // 7.32:1 on white
  fontWeight: vars.fontWeight.bold,
});

const controlBase = {
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  outline: 'none',
} as const;

export const input = style({
  ...controlBase,
  selectors: {
    '&[data-focus-visible], &[data-focused]': focusRing,
    '&[data-invalid]': { borderColor: vars.color.danger, borderWidth: '2px' },
    '&[data-disabled]': { backgroundColor: vars.color.surface, color: vars.color.textMuted, cursor: 'not-allowed' },
    // Read-only values stay fully legible, only the frame says they cannot change.
    '&[readonly]': { backgroundColor: vars.color.surface, borderStyle: 'dashed' },
    '&::placeholder': { color: vars.color.textMuted },
  },
});

export const textArea = style([input, { minHeight: '8rem', resize: 'vertical' }]);

/** A group that looks like one control (date segments + calendar button, combo input + button). */
export const group = style({
  ...controlBase,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `0 0 0 ${vars.space.md}`,
  selectors: {
    '&[data-focus-within]': focusRing,
    '&[data-invalid]': { borderColor: vars.color.danger, borderWidth: '2px' },
    '&[data-disabled]': { backgroundColor: vars.color.surface, color: vars.color.textMuted },
  },
});

/** The text box inside a group (search, combo box): the group draws the frame and the focus ring. */
export const groupInput = style({
  flex: 1,
  minWidth: 0,
  alignSelf: 'stretch',
  border: 0,
  padding: `${vars.space.sm} 0`,
  backgroundColor: 'transparent',
  color: 'inherit',
  fontFamily: 'inherit',
  fontSize: 'inherit',
  lineHeight: 'inherit',
  outline: 'none',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted },
    // The group draws the one ring: the global :focus-visible ring of the box inside it (its white gap is a
    // spread shadow) painted over the group's border along the text and stopped at the button, a notch at the end.
    '&:focus-visible': { outline: 'none', boxShadow: 'none' },
  },
});

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted, // 5.18:1 on white
});

export const error = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.danger,
});

/** The small square button inside a group (open the calendar, open the list). */
export const groupButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '2.75rem',
  alignSelf: 'stretch',
  border: 0,
  borderLeft: `1px solid ${vars.color.border}`,
  borderRadius: `0 ${vars.radius.sm} ${vars.radius.sm} 0`,
  backgroundColor: vars.color.primarySoft,
  color: vars.color.primary, // 5.1:1 on primarySoft
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered], &[data-pressed]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary },
    // Drawn inside the button, without the white gap: a spread shadow would cover the group's border and ring.
    '&[data-focus-visible], &:focus-visible': { ...focusRing, outlineOffset: '-3px', boxShadow: 'none' },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const popover = style({
  minWidth: 'var(--trigger-width)',
  maxHeight: '20rem',
  overflowY: 'auto',
  backgroundColor: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.popover,
  outline: 'none',
});

export const listBox = style({ padding: `${vars.space.xs} 0`, outline: 'none' });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused], &[data-hovered]': { backgroundColor: vars.color.primarySoft, color: vars.color.primaryHover },
    '&[data-selected]': { fontWeight: vars.fontWeight.bold },
    '&[data-focus-visible]': { ...focusRing, outlineOffset: '-3px', boxShadow: 'none' },
  },
});
