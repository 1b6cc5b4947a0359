import type { ReportSection } from '../../../domain/reports/reportData.ts';
import { BarChart } from './BarChart.tsx';
import { note, reading, section as sectionStyle, sectionTitle } from './AdminReports.css.ts';
import { ReportTable } from './ReportTable.tsx';

/** One chart of a report: its title, the one-line reading, the chart and the same figures as a table. */
export function ReportSectionView({ section }: { section: ReportSection }) {
  const headingId = `report-section-${section.id}`;
  return (
    <section className={sectionStyle} aria-labelledby={headingId}>
      <h2 id={headingId} className={sectionTitle}>
        {section.title}
      </h2>
      <p className={reading}>{section.reading}</p>
      {section.note ? <p className={note}>{section.note}</p> : null}
      <BarChart section={section} />
      <ReportTable section={section} />
    </section>
  );
}
