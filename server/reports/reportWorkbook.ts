import type { Writable } from 'node:stream';
import type { Report, ReportValueKind } from '../../domain/reports/reportData.ts';
import { exportsMessages } from '../../domain/messages/exports.ts';
import { reportMessages as m } from '../../domain/reports/reportMessages.ts';
import { reportFilterSummary } from '../../domain/reports/reportFilterSummary.ts';
import { AMOUNT_FORMAT, DATE_FORMAT, INTEGER_FORMAT, TEXT_FORMAT } from '../exports/cells.ts';
import { loadWorkbookWriter } from '../exports/excel.ts';

const NUMBER_FORMATS: Record<ReportValueKind, string> = {
  text: TEXT_FORMAT,
  count: INTEGER_FORMAT,
  amount: AMOUNT_FORMAT,
  percent: '0.0"%"',
  days: '0.0',
  day: DATE_FORMAT,
};

/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ]; cut at a word when too long. */
function sheetName(title: string, used: Set<string>): string {
  const clean = title.replace(/[:\\/?*[\]]/g, ' ').trim();
  const cut = (text: string, max: number) =>
    text.length <= max
      ? text
      : text
          .slice(0, max + 1)
          .replace(/\s+\S*$/, '')
          .trim() || text.slice(0, max);
  let name = cut(clean, 31);
  for (let i = 2; used.has(name.toLowerCase()); i++) name = `${cut(clean, 28)} ${i}`;
  used.add(name.toLowerCase());
  return name;
}

/**
 * Streams a report as "Report-{rid}-{fund}.xlsx": one sheet per chart, with its title, one-line reading and
 * filters above the same table the page shows. Every text cell (place names, warning texts) is written as
 * text with the text format, so nothing is ever evaluated as a formula; figures stay numbers.
 */
export async function writeReportWorkbook(out: Writable, report: Report): Promise<void> {
  const WorkbookWriter = await loadWorkbookWriter();
  const workbook = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  workbook.creator = exportsMessages.creator;
  const used = new Set<string>();
  for (const section of report.sections) {
    const sheet = workbook.addWorksheet(sheetName(section.title, used));
    sheet.columns = section.columns.map((column, index) => ({ key: column.key, width: index === 0 ? 42 : 22 }));
    const preamble = [
      `${report.title} – ${section.title}`,
      section.reading,
      reportFilterSummary(report.filters),
      ...(section.note ? [section.note] : []),
    ];
    for (const [index, text] of preamble.entries()) {
      const row = sheet.addRow([text]);
      row.getCell(1).numFmt = TEXT_FORMAT;
      if (index === 0) row.font = { bold: true };
      row.commit();
    }
    sheet.addRow([]).commit();
    const header = sheet.addRow(section.columns.map((column) => column.label));
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.numFmt = TEXT_FORMAT;
    });
    header.commit();
    for (const data of section.rows) {
      const row = sheet.addRow(
        section.columns.map((column) => {
          const value = data[column.key] ?? null;
          if (column.kind === 'day' && typeof value === 'string') return new Date(`${value}T00:00:00Z`);
          return value;
        }),
      );
      section.columns.forEach((column, index) => {
        const cell = row.getCell(index + 1);
        cell.numFmt = typeof cell.value === 'string' ? TEXT_FORMAT : NUMBER_FORMATS[column.kind];
      });
      row.commit();
    }
    sheet.commit();
  }
  if (report.sections.length === 0) workbook.addWorksheet(m.labels.allFunds).commit();
  await workbook.commit();
}
