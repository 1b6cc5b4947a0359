import type { PanelModelBase, QuestionRowModel, SurveyModel } from 'survey-core';

/**
 * Rows drawn with the survey's first render: the first of its one page (onePage.ts), the part that holds the survey's
 * first page, with its title and the places of its questions; the questions follow in the next tasks.
 */
const FIRST_ROWS = 1;
/** Rows drawn in each later task, so the page answers keys and clicks between them. */
const ROWS_PER_TASK = 3;

/** Every row of a page or panel, nested ones included, in reading order. */
function rowsOf(container: PanelModelBase): QuestionRowModel[] {
  const rows: QuestionRowModel[] = [];
  for (const row of container.rows) {
    rows.push(row);
    for (const element of row.elements) {
      // A part of the one page (a page of the survey) or a panel.
      if (element.isPage || element.isPanel) rows.push(...rowsOf(element as unknown as PanelModelBase));
      if (element.getType() === 'paneldynamic') {
        for (const panel of (element as unknown as { panels: PanelModelBase[] }).panels) rows.push(...rowsOf(panel));
      }
    }
  }
  return rows;
}

/**
 * A survey drawn in steps: its first render draws its first row (SurveyJS's lazy rendering, whose other rows are
 * placeholders of their height), then `drawRemainingRows` draws the rest a few rows per task, top to
 * bottom, without waiting for them to be scrolled to, so the whole survey is there for the keyboard and for search a
 * moment later. Built and drawn at once, a review survey held the page for 300–800 ms before any of it was shown.
 * Call on the model before its first render.
 */
export function drawInSteps(survey: SurveyModel): void {
  survey.lazyRenderEnabled = true;
  survey.lazyRenderFirstBatchSize = FIRST_ROWS;
}

/** After the survey's first render: draws the rows still waiting, in order; the answer stops (an unmounted survey). */
export function drawRemainingRows(survey: SurveyModel): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drawNext = () => {
    const page = survey.currentPage as PanelModelBase | undefined;
    if (stopped || !page) return;
    const waiting = rowsOf(page).filter((row) => !row.isNeedRender);
    if (waiting.length === 0) return;
    // The next task starts once these rows are drawn (or SurveyJS's own wait for them, 100 ms, is over).
    page.forceRenderRows(waiting.slice(0, ROWS_PER_TASK), () => {
      if (!stopped) timer = setTimeout(drawNext, 0);
    });
  };
  timer = setTimeout(drawNext, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
