// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ARCHITECTURE_MAX_LINES, docsLengthProblems, RECORD_MAX_LINES } from '../../scripts/docs-lengths.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

const lines = (count: number, first = '# Title') =>
  [first, ...Array.from({ length: count - 1 }, (_, i) => `line ${i + 2}`)].join('\n') + '\n';
const record = (count: number) =>
  [
    '# 0002 — A decision',
    '',
    '## Context',
    '',
    '## Decision',
    '',
    '## Consequences',
    ...Array.from({ length: count - 7 }, () => '- a consequence'),
  ].join('\n') + '\n';

let folders: string[] = [];
afterEach(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders = [];
});

/** A repository of its own with only the documents the check reads. */
function repository(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'docs-lengths-'));
  folders.push(folder);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

const fine = {
  'docs/ARCHITECTURE.md': lines(ARCHITECTURE_MAX_LINES),
  'docs/decisions/README.md': '# Decision records\n\n- [0002 — A decision](0002-a-decision.md)\n',
  'docs/decisions/0002-a-decision.md': record(RECORD_MAX_LINES),
};

describe('the docs a newcomer reads stay short (scripts/docs-lengths.ts)', () => {
  it('passes this repository', () => {
    expect(docsLengthProblems(root)).toEqual([]);
  });

  it('passes an architecture and records at their limits, every record listed', () => {
    expect(docsLengthProblems(repository(fine))).toEqual([]);
  });

  it('fails an architecture one line too long', () => {
    const problems = docsLengthProblems(repository({ ...fine, 'docs/ARCHITECTURE.md': lines(ARCHITECTURE_MAX_LINES + 1) }));
    expect(problems).toEqual([
      `docs/ARCHITECTURE.md has ${ARCHITECTURE_MAX_LINES + 1} lines, more than 250: move a decision to docs/decisions/`,
    ]);
  });

  it('fails a record one line too long, a pending one too', () => {
    const problems = docsLengthProblems(
      repository({
        ...fine,
        'docs/decisions/0002-a-decision.md': record(RECORD_MAX_LINES + 1),
        'docs/decisions/pending-something.md': lines(RECORD_MAX_LINES + 1),
      }),
    );
    expect(problems).toEqual([
      'docs/decisions/0002-a-decision.md has 41 lines, more than 40: split it into two decisions',
      'docs/decisions/pending-something.md has 41 lines, more than 40: split it into two decisions',
    ]);
  });

  it('fails a numbered record missing from the index, or without its three sections', () => {
    const problems = docsLengthProblems(repository({ ...fine, 'docs/decisions/0003-unlisted.md': lines(10, '# 0003 — Unlisted') }));
    expect(problems).toEqual([
      'docs/decisions/0003-unlisted.md has no ## Context, ## Decision, ## Consequences',
      'docs/decisions/0003-unlisted.md is not listed in docs/decisions/README.md',
    ]);
  });
});
