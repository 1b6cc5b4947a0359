import { describe, expect, it } from 'vitest';
import { chunkCode as code, manifest, routeChunk, staticClosure } from './support/buildManifest.ts';

/** visx's axis class name and a report's title: present in a chunk only if the charts or the reports' texts are. */
const CHARTS = 'visx-axis';
const REPORT_TEXT = 'Presentazione e tempi di istruttoria';

const reportPage = routeChunk('_authenticated/_admin/admin-panel_.report.tsx');
const adminPanel = routeChunk('_authenticated/_admin/admin-panel.tsx');
const reportsTab = 'src/features/admin-reports/ReportsTab.tsx';

describe('the reports load only with the admin reports', () => {
  it('the report page carries the charts', () => {
    expect(manifest[reportPage], reportPage).toBeDefined();
    expect(code(staticClosure(reportPage)).includes(CHARTS)).toBe(true);
  });

  it.each([
    ['the welcome page', 'index.html'],
    ['/calls', routeChunk('_authenticated/_applicant/calls.tsx')],
    ['the admin panel (organisations tab)', adminPanel],
  ])('%s downloads neither the charts nor the reports', (_page, key) => {
    expect(manifest[key], key).toBeDefined();
    const loaded = code(staticClosure(key));
    expect(loaded.includes(CHARTS), 'visx in its closure').toBe(false);
    expect(loaded.includes(REPORT_TEXT), 'the reports\u2019 texts in its closure').toBe(false);
  });

  it('the Reportistica tab is loaded on demand, without the charts', () => {
    const dynamic = [...staticClosure(adminPanel)].flatMap((chunk) => manifest[chunk]?.dynamicImports ?? []);
    expect(dynamic).toContain(reportsTab);
    expect(code(staticClosure(reportsTab)).includes(CHARTS)).toBe(false);
  });
});
