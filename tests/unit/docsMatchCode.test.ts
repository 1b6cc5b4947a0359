// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What the documents say about the code, checked where a check can exist: a file they name that is gone, a route
// file or a machine they do not describe, a script or a variable they name that does not exist.

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...readdirSync(join(root, 'docs/decisions'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/decisions/${name}`),
  'machines/README.md',
];

const TOP_FOLDERS = ['server', 'src', 'domain', 'machines', 'tests', 'scripts', 'styles', 'public', 'docs'];

/** `server/app.ts`, `tests/e2e/support/routeTour.ts`, `server/reference/lists/`: repository paths in code spans. */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
  return spans
    .filter((span) => TOP_FOLDERS.some((folder) => span.startsWith(`${folder}/`)))
    .filter((span) => !/[\s…*<>{}$]/.test(span))
    .map((span) => span.replace(/\/$/, ''));
}

/** Links to files of the repository, `[text](docs/CONFIGURATION.md)`, resolved from the document's folder. */
function linkedFiles(document: string, markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => join(dirname(document), target));
}

const machineFolders = readdirSync(join(root, 'machines'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(join(root, 'machines', entry.name)).some((name) => name.endsWith('.machine.ts')))
  .map((entry) => entry.name)
  .sort();

describe('the documents name what exists', () => {
  it.each(documents)('%s: every file and folder it names', (document) => {
    const text = read(document);
    const missing = [...namedPaths(text), ...linkedFiles(document, text)].filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it.each(documents)('%s: every npm script it names', (document) => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const named = [...read(document).matchAll(/npm run ([a-z][\w:-]*)/g)].map((match) => match[1]!);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });
});

describe('docs/ROUTES.md', () => {
  const routes = read('docs/ROUTES.md');

  it('names every file of server/routes/, each route file with its path', () => {
    const files = readdirSync(join(root, 'server/routes')).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    const unnamed = files.filter((name) =>
      name.endsWith('.routes.ts') ? !routes.includes(`\`server/routes/${name}\``) : !routes.includes(`\`${name}\``),
    );
    expect(unnamed).toEqual([]);
  });
});

describe('README.md', () => {
  const readme = read('README.md');

  it('says the supported Node.js versions package.json declares', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    const versions = engines.match(/\d+(\.\d+)*/g) ?? [];
    expect(versions.length).toBeGreaterThan(0);
    for (const version of versions) expect(readme).toContain(`${version}`);
  });

  it('gives the two commands in its first screen', () => {
    const firstScreen = readme.split('\n').slice(0, 40).join('\n');
    expect(firstScreen).toContain('npm ci && npm start');
    expect(firstScreen).toContain('npm test');
  });

  it('links every document of docs/ from its table of contents', () => {
    const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
    expect(docs.filter((name) => !readme.includes(`](docs/${name})`))).toEqual([]);
  });
});

describe('docs/CONFIGURATION.md', () => {
  it('lists every environment variable server/config.ts reads', () => {
    const source = read('server/config.ts');
    const schema = source.slice(source.indexOf('const envSchema'), source.indexOf('.superRefine('));
    const variables = [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
    expect(variables.length).toBeGreaterThan(20);
    const configuration = read('docs/CONFIGURATION.md');
    expect(variables.filter((name) => !configuration.includes(`| \`${name}\` |`))).toEqual([]);
  });
});

describe('machines/README.md', () => {
  const catalogue = read('machines/README.md');
  const listed = [...catalogue.matchAll(/^### (\S+)$/gm)].map((match) => match[1]!).sort();

  it('lists every machine folder, and only machine folders', () => {
    expect(machineFolders.length).toBeGreaterThanOrEqual(12);
    expect(listed).toEqual(machineFolders);
  });

  it('says which machines have no actors.ts, and every other has one', () => {
    const sentence = /— ([\w, -]+) have none/.exec(catalogue);
    expect(sentence, 'the sentence naming the machines without actors.ts').not.toBeNull();
    const without = sentence![1]!.split(/, | and /).map((name) => name.trim());
    const actual = machineFolders.filter((folder) => !existsSync(join(root, 'machines', folder, 'actors.ts')));
    expect(without.sort()).toEqual(actual);
  });

  it('every machine folder holds the files it says every machine has', () => {
    const missing = machineFolders.flatMap((folder) =>
      ['types.ts', 'selectors.ts'].filter((name) => !existsSync(join(root, 'machines', folder, name))).map((name) => `${folder}/${name}`),
    );
    expect(missing).toEqual([]);
  });
});
