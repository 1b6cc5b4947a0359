import { readdirSync, readFileSync } from 'node:fs';
import type { AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { loadMachine, machineFiles } from '../../scripts/machine-diagrams/machineFiles.ts';

// The machines' descriptions are for the people who read them (the visualiser, machines/diagrams, the source): the
// production build leaves them out of the browser's copy (scripts/machineDescriptionsPlugin.ts), which the build
// npm test runs before this project writes.

const assetsDir = new URL('../../dist/assets/', import.meta.url);
const scripts = readdirSync(assetsDir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => readFileSync(new URL(name, assetsDir), 'utf8'));

/** Every description of a state of the machine, and of its transitions. */
function descriptionsOf(node: AnyStateNode): string[] {
  const own = [node.description, ...[...node.transitions.values()].flat().map((transition) => transition.description)];
  return [...own.filter((text): text is string => typeof text === 'string'), ...Object.values(node.states).flatMap(descriptionsOf)];
}

const machines: { folder: string; descriptions: string[] }[] = await Promise.all(
  machineFiles().map(async (file) => ({
    folder: file.folder,
    descriptions: descriptionsOf((await loadMachine(file)).root),
  })),
);

describe('the browser’s machines carry no descriptions', () => {
  it('finds descriptions in the machines’ source', () => {
    expect(machines.filter(({ descriptions }) => descriptions.length > 0).length).toBeGreaterThanOrEqual(10);
  });

  it.each(machines.map(({ folder, descriptions }) => [folder, descriptions] as const))('%s: none in any script', (_, descriptions) => {
    expect(scripts.length).toBeGreaterThan(0);
    // A description's opening words, which the minifier leaves as they are inside a string.
    const carried = descriptions.filter((text) => scripts.some((script) => script.includes(text.slice(0, 40))));
    expect(carried).toEqual([]);
  });
});
