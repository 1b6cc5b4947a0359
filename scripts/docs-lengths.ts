/**
 * The documents a newcomer reads stay short enough to read: docs/ARCHITECTURE.md in at most 250 lines, each decision
 * record of docs/decisions/ in at most 40 with its Context, Decision and Consequences, and every numbered record
 * listed in docs/decisions/README.md, the index people start from. A paragraph that outgrows the architecture
 * becomes a record; a record that outgrows 40 lines is two decisions. Run by `npm run lint` and `npm test`'s static
 * checks (scripts/static-checks.ts); prints each problem and exits 1.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ARCHITECTURE_MAX_LINES = 250;
export const RECORD_MAX_LINES = 40;

/** Records on their way (`pending-*.md`, numbered when they land) are held to the length, not yet to the index. */
const NUMBERED_RECORD = /^\d{4}-[a-z0-9-]+\.md$/;
const SECTIONS = ['## Context', '## Decision', '## Consequences'];

const lineCount = (text: string) => text.replace(/\n$/, '').split('\n').length;

export function docsLengthProblems(root: string): string[] {
  const problems: string[] = [];
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

  const architecture = lineCount(read('docs/ARCHITECTURE.md'));
  if (architecture > ARCHITECTURE_MAX_LINES) {
    problems.push(
      `docs/ARCHITECTURE.md has ${architecture} lines, more than ${ARCHITECTURE_MAX_LINES}: move a decision to docs/decisions/`,
    );
  }

  const index = read('docs/decisions/README.md');
  const records = readdirSync(path.join(root, 'docs/decisions')).filter((name) => name.endsWith('.md') && name !== 'README.md');
  for (const name of records.sort()) {
    const file = `docs/decisions/${name}`;
    const text = read(file);
    const lines = lineCount(text);
    if (lines > RECORD_MAX_LINES) problems.push(`${file} has ${lines} lines, more than ${RECORD_MAX_LINES}: split it into two decisions`);
    if (!NUMBERED_RECORD.test(name)) continue;
    const missing = SECTIONS.filter((section) => !text.split('\n').includes(section));
    if (missing.length > 0) problems.push(`${file} has no ${missing.join(', ')}`);
    if (!index.includes(`](${name})`)) problems.push(`${file} is not listed in docs/decisions/README.md`);
  }
  return problems;
}

function main(): number {
  const problems = docsLengthProblems(process.cwd());
  for (const problem of problems) console.error(problem);
  return problems.length > 0 ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main();
