import { recipe } from '@vanilla-extract/recipes';
import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const alert = recipe({
  base: {
    borderLeft: '6px solid',
    borderRadius: vars.radius.sm,
    padding: `${vars.space.md} ${vars.space.lg}`,
    margin: `0 0 ${vars.space.lg}`,
    color: vars.color.text,
  },
  variants: {
    tone: {
      info: { backgroundColor: vars.color.primarySoft, borderColor: vars.color.primary },
      success: { backgroundColor: vars.color.successSoft, borderColor: vars.color.success },
      error: { backgroundColor: vars.color.dangerSoft, borderColor: vars.color.danger },
      // Amber for what needs attention without being an error (reviewers' warnings).
      warning: { backgroundColor: vars.color.warningSoft, borderColor: vars.color.warning },
    },
  },
  defaultVariants: { tone: 'info' },
});

export const title = style({
  display: 'block',
  fontWeight: vars.fontWeight.bold,
  marginBottom: vars.space.xs,
});
