import { z } from 'zod';

/** The portal's public texts an operator replaces without code (server/reference/legal/README.md). */
export const LEGAL_TEXT_IDS = ['privacy', 'accessibilita'] as const;
export type LegalTextId = (typeof LEGAL_TEXT_IDS)[number];

/** A link in a section: an e-mail address or a web page, nothing a browser would run. */
const legalLinkSchema = z.object({
  text: z.string().min(1).max(200),
  href: z
    .string()
    .max(500)
    .regex(/^(mailto:[^\s<>"]+|https:\/\/[^\s<>"]+)$/, 'href must be mailto: or https://'),
});

const legalSectionSchema = z.object({
  heading: z.string().min(1).max(200),
  /** Plain text, one paragraph each: shown as text, never as HTML. */
  paragraphs: z.array(z.string().min(1).max(4000)).default([]),
  /** Plain-text bullet points after the paragraphs. */
  items: z.array(z.string().min(1).max(2000)).default([]),
  links: z.array(legalLinkSchema).default([]),
});

/** GET /api/Legal/{id}: a text's title, version (stored with each account's consent), date and sections. */
export const legalTextSchema = z.object({
  title: z.string().min(1).max(200),
  /** Changes whenever the text changes; the privacy notice's version is stored with each registration. */
  version: z.string().min(1).max(50),
  /** The day of the last update, YYYY-MM-DD. */
  updatedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  sections: z.array(legalSectionSchema).min(1),
});
export type LegalText = z.infer<typeof legalTextSchema>;
