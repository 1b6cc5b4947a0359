import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

/** The list read-only fields sit in: no indent of its own, each field spaced as a form field is. */
export const readOnlyList = style({ margin: 0, padding: 0 });

/** A value read, not typed: whole, on as many lines as it takes, its own line breaks kept. */
export const readOnlyValue = style({
  margin: 0,
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
  color: vars.color.text,
});

export const readOnlyEmpty = style({ margin: 0, color: vars.color.textMuted, fontStyle: 'italic' });

export const readOnlyAction = style({ margin: 0 });
