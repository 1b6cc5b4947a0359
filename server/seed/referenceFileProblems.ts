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

/** Stops the start naming the file and each problem on a line of its own ("  comuni entry 3: …"). */
export function failReferenceFile(file: string, problems: readonly ReferenceFileProblem[]): never {
  const lines = problems.map((problem) => {
    const where = [problem.list, problem.index === undefined ? undefined : `entry ${problem.index}`].filter(Boolean).join(' ');
    return `  ${where ? `${where}: ` : ''}${problem.message}`;
  });
  throw new ReferenceDataError(`Reference data file ${file} is invalid:\n${lines.join('\n')}`);
}
