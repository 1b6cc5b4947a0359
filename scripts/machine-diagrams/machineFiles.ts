import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A machine of `machines/<folder>/<name>.machine.ts`, which exports `<name>Machine`. */
export interface MachineFile {
  /** The folder under `machines/`: also the name of its path tests and of its diagram. */
  folder: string;
  /** The file, relative to the repository root. */
  path: string;
  exportName: string;
  /** Its path tests, relative to the repository root. */
  pathTest: string;
  /** Its diagram, relative to the repository root. */
  diagram: string;
}

export const diagramsFolder = 'machines/diagrams';

/** Every machine file of the repository, by folder name. */
export function machineFiles(): MachineFile[] {
  const machinesDir = join(root, 'machines');
  return readdirSync(machinesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(join(machinesDir, folder.name))
        .filter((name) => name.endsWith('.machine.ts'))
        .map((name) => ({
          folder: folder.name,
          path: relative(root, join(machinesDir, folder.name, name)),
          exportName: `${name.slice(0, -'.machine.ts'.length)}Machine`,
          pathTest: `tests/machines/${folder.name}.paths.test.ts`,
          diagram: `${diagramsFolder}/${folder.name}.md`,
        })),
    )
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

/** The machine object a file exports (the running machine, not its source). */
export async function loadMachine(file: MachineFile): Promise<AnyStateMachine> {
  const module = (await import(pathToFileURL(join(root, file.path)).href)) as Record<string, unknown>;
  const machine = module[file.exportName] as AnyStateMachine | undefined;
  if (!machine?.root) throw new Error(`${file.path} should export ${file.exportName}, the machine`);
  return machine;
}

/** An absolute path of a repository-relative one. */
export function fromRoot(path: string): string {
  return join(root, path);
}
