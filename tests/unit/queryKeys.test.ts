// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The cache one way: every query key comes from a `queryOptions` factory of src/api/ (its `queryKey`, or a root
 * such as `applicationQueries.all`), so an invalidation always matches what the screens read. A key written by
 * hand outside src/api/ is refused here.
 */
const HAND_WRITTEN_KEY = [
  // queryKey: ['application', …] in a query, an invalidation, a removal
  /queryKey\s*:\s*\[/,
  // setQueryData(['user'], …), getQueryState(['surveys', …]), …
  /\.(?:get|set)Quer(?:y|ies)(?:Data|State)\s*(?:<[^>]*>)?\(\s*\[/,
];

function handWrittenKeys(source: string): string[] {
  return source.split('\n').filter((line) => HAND_WRITTEN_KEY.some((pattern) => pattern.test(line)));
}

const SRC = join(process.cwd(), 'src');
const API = join(SRC, 'api');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return path === API ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

describe('query keys come from the factories of src/api/', () => {
  it('finds a key written by hand', () => {
    expect(handWrittenKeys("void queryClient.invalidateQueries({ queryKey: ['application'] });")).toHaveLength(1);
    expect(handWrittenKeys('queryClient.removeQueries({ queryKey: [\n')).toHaveLength(1);
    expect(handWrittenKeys("queryClient.setQueryData(['user'], user);")).toHaveLength(1);
    expect(handWrittenKeys("queryClient.getQueryData<User>(['user']);")).toHaveLength(1);
    expect(handWrittenKeys('void queryClient.invalidateQueries({ queryKey: applicationQueries.all });')).toEqual([]);
  });

  it('no file of src/ outside src/api/ writes a query key by hand', () => {
    const found = sourceFiles(SRC).flatMap((file) =>
      handWrittenKeys(readFileSync(file, 'utf8')).map((line) => `${relative(process.cwd(), file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
