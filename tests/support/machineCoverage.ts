import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

/**
 * The coverage table printed at the end of the machine test run. Each walk of a machine's graph
 * (`pathsCoveringEveryEdge`) writes what it covered to a folder the run provides; the run's end merges the walks
 * of each machine and prints one row per machine.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    machineCoverageDir: string;
  }
}

export interface MachineCoverage {
  machine: string;
  states: number;
  /** Every transition declared in the config, as `declaredTransitions` names them. */
  declared: string[];
  /** The transitions the walked paths take. */
  taken: string[];
  paths: number;
}

/** Called by every walk; does nothing outside a machine test run (no folder provided). */
export function recordMachineCoverage(coverage: MachineCoverage): void {
  let dir: string | undefined;
  try {
    dir = inject('machineCoverageDir');
  } catch {
    return;
  }
  if (!dir) return;
  writeFileSync(join(dir, `${coverage.machine}-${randomUUID()}.json`), JSON.stringify(coverage));
}

export function coverageTable(walks: readonly MachineCoverage[]): string {
  const byMachine = new Map<string, { states: number; declared: Set<string>; taken: Set<string>; paths: number }>();
  for (const walk of walks) {
    const row = byMachine.get(walk.machine) ?? { states: walk.states, declared: new Set(), taken: new Set(), paths: 0 };
    for (const key of walk.declared) row.declared.add(key);
    for (const key of walk.taken) row.taken.add(key);
    row.paths += walk.paths;
    byMachine.set(walk.machine, row);
  }
  const header = ['machine', 'states', 'transitions', 'walked', 'paths'];
  const rows = [...byMachine.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([machine, row]) => {
      const walked = [...row.declared].filter((key) => row.taken.has(key)).length;
      return [machine, String(row.states), String(row.declared.size), String(walked), String(row.paths)];
    });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** Vitest global setup of the machines project: provides the folder, prints the table at the end. */
export default function setup(project: TestProject) {
  const dir = join(tmpdir(), `machine-coverage-${process.pid}-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  project.provide('machineCoverageDir', dir);
  return () => {
    const walks = readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as MachineCoverage);
    rmSync(dir, { recursive: true, force: true });
    if (walks.length === 0) return;
    console.log(`\nMachine coverage (transitions declared in the config; walked by the generated paths)\n${coverageTable(walks)}\n`);
  };
}
