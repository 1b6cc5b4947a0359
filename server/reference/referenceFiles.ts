import { readFileSync } from 'node:fs';
import { projectPath } from '../projectRoot.ts';

/** A reference data file the portal cannot start with: unreadable, not JSON, or with entries at fault. */
export class ReferenceDataError extends Error {
  override name = 'ReferenceDataError';
}

/**
 * What is wrong in a reference data file: in which of its lists (a file may hold several, as territorio.json's
 * regions, provinces and comuni), at which entry, and why.
 */
export interface ReferenceFileProblem {
  list?: string;
  index?: number;
  message: string;
}

/** One problem as a line of an error message: "comuni entry 3: …", "entry 3: …", "comuni: …" or the message alone. */
export function describeReferenceFileProblem(problem: ReferenceFileProblem): string {
  const where = [problem.list, problem.index === undefined ? undefined : `entry ${problem.index}`].filter(Boolean).join(' ');
  return `${where ? `${where}: ` : ''}${problem.message}`;
}

/** Stops the start naming the file and each of its problems on a line of its own. */
export function failReferenceFile(file: string, problems: readonly ReferenceFileProblem[]): never {
  const lines = problems.map((problem) => `  ${describeReferenceFileProblem(problem)}`);
  throw new ReferenceDataError(`Reference data file ${file} is invalid:\n${lines.join('\n')}`);
}

/** Where the reference data files are (a folder of JSON the operator may replace). */
export const DEFAULT_REFERENCE_DATA_DIR = projectPath('server', 'reference', 'lists');

/** A reference data file's JSON, read once at start; a file that cannot be read or parsed stops the start naming it. */
export function readReferenceJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ReferenceDataError(`Reference data file ${file} cannot be read: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ReferenceDataError(`Reference data file ${file} is not valid JSON: ${(error as Error).message}`);
  }
}
