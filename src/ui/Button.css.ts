import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { focusRing, vars } from '../../styles/theme.css.ts';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    minHeight: '2.75rem', // 44 px touch target
    padding: `${vars.space.sm} ${vars.space.lg}`,
    border: '2px solid transparent',
    borderRadius: vars.radius.sm,
    fontFamily: 'inherit',
    fontSize: vars.fontSize.md,
    fontWeight: vars.fontWeight.bold,
    lineHeight: 1.2,
    textDecoration: 'none',
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': focusRing,
      '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
    },
  },
  variants: {
    variant: {
      primary: {
        backgroundColor: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: {
          '&[data-hovered]': { backgroundColor: vars.color.primaryHover },
          '&[data-pressed]': { backgroundColor: vars.color.primaryPressed },
        },
      },
      secondary: {
        backgroundColor: vars.color.background,
        color: vars.color.primary,
        borderColor: vars.color.primary,
        selectors: {
          '&[data-hovered]': { backgroundColor: vars.color.primarySoft, color: vars.color.primaryHover },
          '&[data-pressed]': { backgroundColor: vars.color.primarySoft, color: vars.color.primaryPressed },
        },
      },
      danger: {
        backgroundColor: vars.color.danger,
        color: vars.color.onPrimary,
        selectors: {
          '&[data-hovered], &[data-pressed]': { backgroundColor: vars.color.dangerPressed },
        },
      },
    },
  },
  defaultVariants: { variant: 'primary' },
});

export type ButtonVariant = NonNullable<NonNullable<RecipeVariants<typeof button>>['variant']>;
