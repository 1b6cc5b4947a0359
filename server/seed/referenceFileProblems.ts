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
