/**
 * The static checks, side by side: TypeScript, ESLint (with the import boundaries), Prettier's check, knip (files,
 * exports and dependencies nobody uses, `knip.ts`), import circles (`scripts/import-cycles.ts`) and the docs' lengths
 * (`scripts/docs-lengths.ts`). Each runs on
 * one core, so `npm test` runs them all at once, one per core (two cores: 88 s one after another, 61 s side by
 * side), and `npm run typecheck` and `npm run lint` run their part of them. Arguments name the checks to run (all of them when none is named).
 *
 * Each check's output is printed whole once it has ended, under its name and time, so the outputs never interleave;
 * the run fails when any check fails, after all of them have ended.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

interface Check {
  name: string;
  command: string;
  args: string[];
}

/** Longest first, so the last one to start is a short one. */
const CHECKS: readonly Check[] = [
  { name: 'tsc', command: 'tsc', args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'eslint', command: 'eslint', args: ['.'] },
  { name: 'prettier', command: 'prettier', args: ['--check', '.'] },
  { name: 'knip', command: 'knip', args: [] },
  { name: 'cycles', command: 'node', args: ['--import', 'tsx', 'scripts/import-cycles.ts'] },
  { name: 'docs', command: 'node', args: ['--import', 'tsx', 'scripts/docs-lengths.ts'] },
];

interface Outcome {
  passed: boolean;
  seconds: number;
  output: string;
}

/** The project's own tools first, as `npm run` finds them. */
const env = { ...process.env, PATH: `${path.resolve('node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}` };

function run(check: Check): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(check.command, check.args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const end = (passed: boolean, extra = '') =>
      resolve({ passed, seconds: (performance.now() - started) / 1000, output: Buffer.concat(chunks).toString('utf8') + extra });
    child.on('error', (error) => end(false, `${error.message}\n`));
    child.on('close', (code) => end(code === 0));
  });
}

const names = process.argv.slice(2);
const unknown = names.filter((name) => !CHECKS.some((check) => check.name === name));
if (unknown.length > 0) {
  console.error(`static-checks: no check named ${unknown.join(', ')} (known: ${CHECKS.map((check) => check.name).join(', ')})`);
  process.exit(2);
}
const chosen = names.length === 0 ? CHECKS : CHECKS.filter((check) => names.includes(check.name));

const queue = [...chosen];
let failed = 0;
async function worker() {
  for (let check = queue.shift(); check !== undefined; check = queue.shift()) {
    const outcome = await run(check);
    if (!outcome.passed) failed += 1;
    const verdict = outcome.passed ? 'passed' : 'FAILED';
    process.stdout.write(`\n── ${check.name}: ${verdict} in ${outcome.seconds.toFixed(1)} s\n${outcome.output}`);
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), chosen.length) }, worker));
if (failed > 0) {
  console.error(`\nstatic-checks: ${failed} of ${chosen.length} failed`);
  process.exitCode = 1;
}
