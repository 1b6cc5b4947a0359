import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagramsFolder, fromRoot, loadMachine, machineFiles } from '../../scripts/machine-diagrams/machineFiles.ts';
import { machineDiagramMarkdown, machineEvents } from '../../scripts/machine-diagrams/mermaid.ts';

// The diagrams under machines/diagrams are generated from the machine objects; a committed one that differs
// from what the machines draw today is out of date, and a reviewer would read a machine that no longer runs.
const regenerate = 'out of date: run `npm run machines:diagrams` and commit machines/diagrams';

const files = machineFiles();

describe('machine diagrams match the machines', () => {
  it.each(files.map((file) => [file.diagram, file] as const))('%s', async (_diagram, file) => {
    const expected = machineDiagramMarkdown(await loadMachine(file), file);
    expect(existsSync(fromRoot(file.diagram)), `${file.diagram} is missing: ${regenerate}`).toBe(true);
    expect(readFileSync(fromRoot(file.diagram), 'utf8'), `${file.diagram} is ${regenerate}`).toBe(expected);
  });

  it('has no diagram of a machine that is gone', () => {
    const current = new Set(files.map((file) => basename(file.diagram)));
    const stale = readdirSync(fromRoot(diagramsFolder)).filter((name) => name.endsWith('.md') && !current.has(name));
    expect(stale, regenerate).toEqual([]);
  });
});

describe('the catalogue (machines/README.md) lists every machine', () => {
  const readme = readFileSync(fromRoot('machines/README.md'), 'utf8');
  const sections = new Map(
    readme
      .split(/^### /m)
      .slice(1)
      .map((section) => [section.slice(0, section.indexOf('\n')).trim(), section] as const),
  );

  it.each(files.map((file) => [file.folder, file] as const))('%s, with its events, path tests and diagram', async (folder, file) => {
    const section = sections.get(folder);
    expect(section, `machines/README.md needs a "### ${folder}" entry`).toBeDefined();
    const events = machineEvents(await loadMachine(file));
    expect(events.filter((event) => !section!.includes(`\`${event}\``))).toEqual([]);
    expect(section).toContain(file.pathTest);
    expect(section).toContain(`(diagrams/${folder}.md)`);
  });
});
