import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LEGAL_TEXT_IDS, legalTextSchema, type LegalText, type LegalTextId } from '../../domain/legal.ts';
import { projectPath } from '../projectRoot.ts';

/** The privacy notice and the accessibility statement, replaceable without code (server/seed/legal/README.md). */
export const DEFAULT_LEGAL_TEXTS_DIR = projectPath('server', 'seed', 'legal');

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
