import { describe, expect, it } from 'vitest';
import { chromiumPlan, DEFAULT_CHROMIUM, INSTALL_COMMANDS, type ChromiumFacts } from '../../scripts/ensure-chromium.ts';

const onlyAt =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

const facts = (overrides: Partial<ChromiumFacts>): ChromiumFacts => ({
  configuredPath: undefined,
  isExecutable: onlyAt(),
  isRoot: false,
  hasAptGet: true,
  ...overrides,
});

describe('npm test makes sure Chromium is there before anything else', () => {
  it('goes on when Debian’s Chromium is installed', () => {
    expect(chromiumPlan(facts({ isExecutable: onlyAt(DEFAULT_CHROMIUM) }))).toEqual({ kind: 'ready', path: DEFAULT_CHROMIUM });
  });

  it('uses the browser CHROMIUM_PATH names, as the end-to-end tests do', () => {
    const plan = chromiumPlan(facts({ configuredPath: '/opt/chromium/chrome', isExecutable: onlyAt('/opt/chromium/chrome') }));
    expect(plan).toEqual({ kind: 'ready', path: '/opt/chromium/chrome' });
  });

  it('installs Debian’s package when it is missing and the suite runs as root', () => {
    expect(chromiumPlan(facts({ isRoot: true }))).toEqual({ kind: 'install', commands: INSTALL_COMMANDS });
    expect(INSTALL_COMMANDS.map((command) => command.join(' '))).toEqual(['apt-get update', 'apt-get install -y chromium']);
  });

  it('otherwise stops at once with the one command to run', () => {
    const plan = chromiumPlan(facts({ isRoot: false }));
    expect(plan.kind).toBe('stop');
    expect(plan.kind === 'stop' && plan.message).toContain('sudo apt-get update && sudo apt-get install -y chromium');
  });

  it('names CHROMIUM_PATH when that is what is wrong, and installs nothing over it', () => {
    const plan = chromiumPlan(facts({ configuredPath: '/opt/nowhere/chrome', isRoot: true }));
    expect(plan.kind).toBe('stop');
    expect(plan.kind === 'stop' && plan.message).toContain('CHROMIUM_PATH names /opt/nowhere/chrome');
  });

  it('without apt-get, says how to point the suite at a Chromium', () => {
    const plan = chromiumPlan(facts({ hasAptGet: false, isRoot: true }));
    expect(plan.kind === 'stop' && plan.message).toContain('CHROMIUM_PATH=/path/to/chromium npm test');
  });
});
