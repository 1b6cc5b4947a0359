import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { diagramsFolder, fromRoot, loadMachine, machineFiles } from './machine-diagrams/machineFiles.ts';
import { machineDiagramMarkdown } from './machine-diagrams/mermaid.ts';

// npm run machines:diagrams — writes machines/diagrams/<folder>.md for every machine, from the machine objects.
// tests/machines/diagrams.test.ts fails when a committed diagram differs from what this writes.

const files = machineFiles();
mkdirSync(fromRoot(diagramsFolder), { recursive: true });
for (const file of files) {
  writeFileSync(fromRoot(file.diagram), machineDiagramMarkdown(await loadMachine(file), file));
  console.log(`wrote ${file.diagram}`);
}
const current = new Set(files.map((file) => basename(file.diagram)));
for (const name of readdirSync(fromRoot(diagramsFolder))) {
  if (name.endsWith('.md') && !current.has(name)) {
    rmSync(fromRoot(`${diagramsFolder}/${name}`));
    console.log(`removed ${diagramsFolder}/${name} (no such machine)`);
  }
}
