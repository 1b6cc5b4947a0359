import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { extractMachinesFromFile } from '@xstate/machine-extractor';
import { extractedMachineTree, inlineLogic, runningMachineTree, type ExtractedStateConfig } from '../support/machineTree.ts';
import { machineFiles, loadMachine } from '../../scripts/machine-diagrams/machineFiles.ts';

// The Stately editor's import and the VS Code extension read a machine with this parser. If what it reads is
// not what runs, a reviewer looking at the visualiser sees another machine: structure built by code, a guard
// written inline, a target computed at run time. Each machine file must give exactly the running machine.

// The parser warns (console.warn) about every `params: ({ event }) => …`: XState 5's way to pass event data to
// a named action or guard, which the visualiser shows by name. Those warnings are not findings.
beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterAll(() => {
  vi.restoreAllMocks();
});

const files = machineFiles();

describe("Stately's parser reads every machine as it runs", () => {
  it('finds the machine files', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
  });

  it.each(files.map((file) => [file.path, file] as const))('%s', async (_path, file) => {
    const result = extractMachinesFromFile(readFileSync(file.path, 'utf8'));
    const extracted = result?.machines ?? [];
    expect(extracted, 'one createMachine call per machine file').toHaveLength(1);
    const config = extracted[0]!.toConfig() as ExtractedStateConfig | undefined;
    expect(config, 'the parser understands the machine config').toBeDefined();

    const machine = await loadMachine(file);
    const running = runningMachineTree(machine);
    expect(extractedMachineTree(config!)).toEqual(running);
    expect(inlineLogic(running), 'name it in setup({ guards, actions, actors })').toEqual([]);
  });
});

describe('every machine has its path tests', () => {
  it.each(files.map((file) => [file.folder, file] as const))('%s', (_folder, file) => {
    expect(existsSync(file.pathTest), `${file.pathTest} should exist`).toBe(true);
    const source = readFileSync(file.pathTest, 'utf8');
    expect(source, 'a path test walks the graph with pathsCoveringEveryEdge').toContain('pathsCoveringEveryEdge(');
    // describeMachinePaths writes the paths' tests and the coverage block (no unwalked edge, every declared
    // transition taken): the same for every machine.
    expect(source, 'the path tests and their coverage through describeMachinePaths').toContain('describeMachinePaths({');
  });
});
