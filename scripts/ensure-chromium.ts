/**
 * The first step of `npm test`: the end-to-end tests drive Debian's Chromium (tests/e2e/support/browser.ts), so
 * the suite makes sure it is there before anything else runs, instead of failing halfway through. Missing and
 * run as root (a container, CI): Debian's package is installed. Missing otherwise: the suite stops at once and
 * says the one command to run.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/** Where the end-to-end tests look for the browser: the same default and variable as tests/e2e/support/browser.ts. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export interface ChromiumFacts {
  /** `CHROMIUM_PATH`, when set. */
  configuredPath: string | undefined;
  isExecutable: (path: string) => boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}

export type ChromiumPlan =
  { kind: 'ready'; path: string } | { kind: 'install'; commands: readonly (readonly string[])[] } | { kind: 'stop'; message: string };

export const INSTALL_COMMANDS = [
  ['apt-get', 'update'],
  ['apt-get', 'install', '-y', 'chromium'],
] as const;

/** What to do about the browser, from what this machine has. */
export function chromiumPlan(facts: ChromiumFacts): ChromiumPlan {
  const path = facts.configuredPath || DEFAULT_CHROMIUM;
  if (facts.isExecutable(path)) return { kind: 'ready', path };
  if (facts.configuredPath) {
    return {
      kind: 'stop',
      message: `npm test: CHROMIUM_PATH names ${path}, which is not an executable. Point it at Chromium, or unset it to use ${DEFAULT_CHROMIUM}.`,
    };
  }
  if (facts.hasAptGet && facts.isRoot) return { kind: 'install', commands: INSTALL_COMMANDS };
  const command = facts.hasAptGet ? `sudo apt-get update && sudo apt-get install -y chromium` : `CHROMIUM_PATH=/path/to/chromium npm test`;
  return {
    kind: 'stop',
    message: `npm test: the end-to-end tests need Chromium at ${DEFAULT_CHROMIUM}, and it is not there. Run:\n\n  ${command}\n`,
  };
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function main(): number {
  const facts: ChromiumFacts = {
    configuredPath: process.env.CHROMIUM_PATH,
    isExecutable,
    isRoot: process.getuid?.() === 0,
    hasAptGet: hasCommand('apt-get'),
  };
  const plan = chromiumPlan(facts);
  if (plan.kind === 'ready') return 0;
  if (plan.kind === 'stop') {
    console.error(plan.message);
    return 1;
  }
  console.log(`npm test: Chromium is missing; installing Debian's package (${plan.commands.map((c) => c.join(' ')).join(' && ')})`);
  for (const [command, ...args] of plan.commands) {
    const run = spawnSync(command!, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (run.status !== 0) {
      console.error(`npm test: "${[command, ...args].join(' ')}" failed; install Chromium and run npm test again.`);
      return 1;
    }
  }
  const after = chromiumPlan({ ...facts, isRoot: false });
  if (after.kind !== 'ready') {
    console.error(`npm test: Chromium was installed but ${DEFAULT_CHROMIUM} is still missing.`);
    return 1;
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main();
