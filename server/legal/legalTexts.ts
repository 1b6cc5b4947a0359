import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LEGAL_TEXT_IDS, legalTextSchema, type LegalText, type LegalTextId } from '../../domain/legal.ts';
import { projectPath } from '../projectRoot.ts';

/** The privacy notice and the accessibility statement, replaceable without code (server/reference/legal/README.md). */
export const DEFAULT_LEGAL_TEXTS_DIR = projectPath('server', 'reference', 'legal');

export class LegalTextsError extends Error {
  override name = 'LegalTextsError';
}

export type LegalTexts = Record<LegalTextId, LegalText>;

/** Reads and checks both files; a bad one stops the start with a message naming it and the problem. */
export async function readLegalTexts(dir: string = DEFAULT_LEGAL_TEXTS_DIR): Promise<LegalTexts> {
  const texts: Partial<LegalTexts> = {};
  for (const id of LEGAL_TEXT_IDS) {
    const file = path.join(dir, `${id}.json`);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new LegalTextsError(`Legal text ${file} cannot be read as JSON: ${(error as Error).message}`);
    }
    const parsed = legalTextSchema.safeParse(json);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('; ');
      throw new LegalTextsError(`Legal text ${file} is invalid: ${problems}`);
    }
    texts[id] = parsed.data;
  }
  return texts as LegalTexts;
}

/**
 * The shipped texts' stand-ins, which an operator must replace before people consent to the notice: the reserved
 * `.local` addresses (the DPO's, the accessibility feedback's) and the sentence that holds the data controller's
 * place.
 */
const PLACEHOLDERS: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.local\b/, what: 'an address on the reserved .local domain' },
  { pattern: /sono indicati dall'amministrazione in questa sezione/, what: "the data controller's name, seat and contacts" },
];

/**
 * What in the texts is still the shipped placeholder, file by file ("privacy.json: …"): the portal warns at start
 * while any is in use (docs/CONFIGURATION.md, LEGAL_TEXTS_DIR, says what to fill in).
 */
export function legalPlaceholders(texts: LegalTexts): string[] {
  const found: string[] = [];
  for (const id of LEGAL_TEXT_IDS) {
    const text = texts[id];
    const strings = text.sections.flatMap((section) => [
      section.heading,
      ...section.paragraphs,
      ...section.items,
      ...section.links.flatMap((link) => [link.text, link.href]),
    ]);
    for (const { pattern, what } of PLACEHOLDERS) {
      const match = strings.map((value) => pattern.exec(value)?.[0]).find((value) => value !== undefined);
      if (match !== undefined) found.push(`${id}.json: ${what} (${match.length > 60 ? `${match.slice(0, 57)}...` : match})`);
    }
  }
  return found;
}
