// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's own ESLint configuration (eslint.config.js), on code that is not written to disk. */
const eslint = new ESLint({ cwd: process.cwd() });

async function fundCodes(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

// A third fund is folders, not edits (docs/ARCHITECTURE.md, "Add a fund"): generic code never names a fund.
describe("funds' codes outside the table of funds", { timeout: 30_000 }, () => {
  it.each([
    ['src/features/admin-organizations/example.ts', "export const isTur = (fund: string) => fund === 'TUR';\n"],
    ['src/features/monitoring/example.ts', 'export const to = (id: string) => `/survey/PUI_istruttoria/${id}`;\n'],
    ['server/applications/example.ts', 'export const sql = "and tur.fund = \'TUR\'";\n'],
    ['server/reports/example.ts', 'export const byFund = { TUR: 1, PUI: 2 };\n'],
    ['domain/example.ts', "import { COMPILAZIONE_TYPE } from './applicationStatus.ts';\nexport const x = COMPILAZIONE_TYPE.PUI;\n"],
    ['domain/messages/example.ts', "export const sort = 'Candidatura TUR più recente';\n"],
    ['scripts/example.ts', "export const fund: 'PUI' | 'TUR' = 'PUI';\n"],
    ['machines/example/example.ts', "export const fund = 'PUI';\n"],
  ])('are refused in %s', async (filePath, code) => {
    expect(await fundCodes(filePath, code)).not.toEqual([]);
  });

  it.each([
    ['domain/funds.ts', "export const code = 'TUR';\n"],
    ['domain/tur/example.ts', "export const fund = 'TUR';\n"],
    ['server/funds/example.ts', "export const fund = 'PUI';\n"],
    ['src/features/pui-application/example.ts', "export const fund = 'PUI';\n"],
    ['server/seed/example.ts', "export const fund = 'PUI';\n"],
    ['tests/api/example.test.ts', "export const fund = 'TUR';\n"],
    // Words that only contain the letters are not codes.
    ['domain/messages/example.ts', "export const title = 'Fondo Tematico Turismo Sostenibile';\nexport const key = 'turId';\n"],
  ])('are allowed in %s', async (filePath, code) => {
    expect(await fundCodes(filePath, code)).toEqual([]);
  });
});
