import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../../styles/theme.css.ts';

export const muted = style({ color: vars.color.textMuted });
export const versionLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  margin: `${vars.space.sm} 0`,
});
export const searchBox = style({ maxWidth: '32rem', margin: `${vars.space.md} 0` });
export const contents = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.sm} 0 ${vars.space.lg}`,
});
export const group = style({ marginTop: vars.space.xl });
export const groupTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.xs}` });
/** One column that may shrink below its content's width: a long path or schema wraps instead of widening the page. */
export const operationList = style({
  listStyle: 'none',
  padding: 0,
  margin: `${vars.space.sm} 0 0`,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
});
/** Paths are long and unbroken: they wrap anywhere rather than push the page sideways. */
export const operationPath = style({
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  fontWeight: vars.fontWeight.semibold,
});
export const operationSummary = style({ color: vars.color.textMuted });
/** Each pair at least 4.5:1 (styles/theme.css.ts). */
export const methodBadge = recipe({
  base: {
    display: 'inline-block',
    minWidth: '4.5rem',
    padding: `0 ${vars.space.xs}`,
    borderRadius: vars.radius.sm,
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.bold,
    textAlign: 'center',
  },
  variants: {
    method: {
      get: { background: vars.color.primarySoft, color: vars.color.primaryHover },
      post: { background: vars.color.successSoft, color: vars.color.success },
      delete: { background: vars.color.dangerSoft, color: vars.color.danger },
      other: { background: vars.color.surface, color: vars.color.text },
    },
  },
});
export const subheading = style({ fontSize: vars.fontSize.md, margin: `${vars.space.md} 0 ${vars.space.xs}` });
export const responseHeading = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, margin: `${vars.space.sm} 0 0` });
export const paragraph = style({ margin: `${vars.space.xs} 0` });
export const parameterList = style({ listStyle: 'none', padding: 0, margin: `${vars.space.xs} 0`, display: 'grid', gap: vars.space.sm });
export const parameter = style({
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  paddingBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.surface}`,
});
export const schemaBlock = style({ fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
export const schemaLine = style({ overflowWrap: 'anywhere' });
export const typeName = style({ fontWeight: vars.fontWeight.semibold });
export const propertyList = style({
  listStyle: 'none',
  margin: `${vars.space.xs} 0`,
  paddingLeft: vars.space.md,
  borderLeft: `2px solid ${vars.color.surface}`,
});
export const propertyName = style({ fontWeight: vars.fontWeight.semibold });
export const requiredMark = style({ color: vars.color.danger });
