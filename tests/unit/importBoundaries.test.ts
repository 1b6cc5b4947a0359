// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own ESLint configuration (eslint.config.js), on code that is not written to disk. */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

// The first lint loads the whole typed configuration: seconds on a busy machine.
describe('import boundaries (docs/ARCHITECTURE.md)', { timeout: 30_000 }, () => {
  it.each([
    ['domain/example.ts', "import { buildApp } from '../server/app.ts';\nexport const x = buildApp;\n"],
    ['domain/example.ts', "import { authMachine } from '../machines/auth/auth.machine.ts';\nexport const x = authMachine;\n"],
    ['domain/example.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
    ['domain/pui/example.ts', "import { Button } from '../../src/ui/Button.tsx';\nexport const x = Button;\n"],
    ['machines/auth/example.ts', "import { loadConfig } from '../../server/config.ts';\nexport const x = loadConfig;\n"],
    ['machines/auth/example.ts', "import { Button } from '../../src/ui/Button.tsx';\nexport const x = Button;\n"],
    ['src/api/example.ts', "import { loadConfig } from '../../server/config.ts';\nexport const x = loadConfig;\n"],
    ['server/routes/example.ts', "import { Button } from '../../src/ui/Button.tsx';\nexport const x = Button;\n"],
    ['src/features/account/example.ts', "import { InviteForm } from '../invitations/InviteForm.tsx';\nexport const x = InviteForm;\n"],
  ])('refuses %s importing across a boundary', async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).not.toEqual([]);
  });

  it.each([
    ['machines/auth/example.ts', "import { messages } from '../../domain/messages.ts';\nexport const x = messages;\n"],
    ['server/routes/example.ts', "import { authMachine } from '../../machines/auth/auth.machine.ts';\nexport const x = authMachine;\n"],
    [
      'src/features/pui-application/example.ts',
      "import { FundApplicationWizard } from '../application-wizard/FundApplicationWizard.tsx';\nexport const x = FundApplicationWizard;\n",
    ],
    ['src/routes/example.tsx', "import { InviteForm } from '../features/invitations/InviteForm.tsx';\nexport const x = InviteForm;\n"],
  ])('lets %s import what its layer may use', async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toEqual([]);
  });
});
