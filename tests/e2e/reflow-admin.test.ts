import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { describeEveryRouteFits, useTour } from './support/reflow.ts';
import { ROUTE_TABLE } from './support/routeTour.ts';

/** The route tour's reflow checks (tests/e2e/support/reflow.ts) for the admins' routes, and one Excel download. */
const tour = useTour();

describeEveryRouteFits(['admin'], tour);

describe('the admin downloads one application as Excel from its read-only view', () => {
  it('Scarica Excel saves CandidaturaTur-{orgName}.xlsx with the fields and answers', async () => {
    const route = ROUTE_TABLE.find((candidate) => candidate.name === 'admin-survey-tur')!;
    const page = await tour().open(route, 'desktop');
    try {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Scarica Excel della candidatura TUR' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('CandidaturaTur-Comune di Lecce.xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await download.path());
      const sheet = workbook.worksheets[0]!;
      const values = sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? row.slice(1).map(String) : []));
      expect(values).toContain('Comune di Lecce');
      expect(values).toContain('Nome del progetto');
      expect(values).toContain('Ospitalità sostenibile a Lecce');
    } finally {
      await page.close();
    }
  });
});
