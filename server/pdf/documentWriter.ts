import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import type { FontPair } from './pdfFonts.ts';

/** A4 portrait, in points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const BOTTOM = MARGIN + 36;
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;

/** Splits a text into runs drawable with one font each. */
function runsOf(text: string, fonts: FontPair): { text: string; font: PDFFont }[] {
  const runs: { text: string; font: PDFFont }[] = [];
  for (const char of text) {
    const font = fonts.mainSet.has(char.codePointAt(0)!) ? fonts.main : fonts.extended;
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

function widthOf(text: string, fonts: FontPair, size: number): number {
  return runsOf(text, fonts).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
}

/** Lines of at most `width` points: broken at spaces, a word longer than a line (a hash, a file name) anywhere. */
function wrap(text: string, fonts: FontPair, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (widthOf(candidate, fonts, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (widthOf(rest, fonts, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && widthOf(rest.slice(0, cut), fonts, size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Writes a document of the portal (a receipt, a Domanda) top to bottom on A4 pages, starting a page when the
 * current one is full: texts wrapped to the width, label–value fields side by side, headings with a rule, and
 * every page's footer once the number of pages is known.
 */
export class DocumentWriter {
  private page: PDFPage;
  private y = PAGE.height - MARGIN;
  private readonly pages: PDFPage[] = [];
  private readonly labelWidth: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: FontPair,
    private readonly bold: FontPair,
    /** How wide the labels' column of `field` is, in points. */
    { labelWidth = 150 }: { labelWidth?: number } = {},
  ) {
    this.labelWidth = labelWidth;
    this.page = this.addPage();
  }

  private addPage(): PDFPage {
    const page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(page);
    this.page = page;
    this.y = PAGE.height - MARGIN;
    return page;
  }

  private room(height: number) {
    if (this.y - height < BOTTOM) this.addPage();
  }

  private draw(text: string, x: number, y: number, size: number, fonts: FontPair, page = this.page) {
    let at = x;
    for (const run of runsOf(text, fonts)) {
      page.drawText(run.text, { x: at, y, size, font: run.font });
      at += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  text(text: string, options: { size?: number; bold?: boolean; x?: number; width?: number; after?: number } = {}) {
    const size = options.size ?? 10;
    const fonts = options.bold ? this.bold : this.regular;
    const x = options.x ?? MARGIN;
    for (const line of wrap(text, fonts, size, options.width ?? TEXT_WIDTH - (x - MARGIN))) {
      this.room(size * 1.4);
      this.y -= size * 1.4;
      this.draw(line, x, this.y, size, fonts);
    }
    this.y -= options.after ?? 0;
  }

  /**
   * A label and its value side by side, the value wrapped in its column. The label and the value's first lines
   * (up to three) start on the same page; a longer value goes on on the next.
   */
  field(label: string, value: string) {
    const size = 10;
    const labelLines = wrap(label, this.bold, size, this.labelWidth - 8).length;
    const lines = wrap(value, this.regular, size, TEXT_WIDTH - this.labelWidth);
    this.room(size * 1.4 * Math.max(labelLines, Math.min(lines.length, 3)));
    const top = this.y;
    this.text(label, { size, bold: true, width: this.labelWidth - 8 });
    const labelBottom = this.y;
    this.y = top;
    for (const line of lines) {
      this.room(size * 1.4);
      this.y -= size * 1.4;
      this.draw(line, MARGIN + this.labelWidth, this.y, size, this.regular);
    }
    this.y = Math.min(this.y, labelBottom) - 3;
  }

  /**
   * A titled entry (a file handed over): its bold title, then its smaller lines indented below, on one page — never
   * a file's size and SHA-256 on the next page without its name.
   */
  entry(title: string, lines: readonly string[]) {
    const indent = 14;
    const titleHeight = wrap(title, this.bold, 10, TEXT_WIDTH).length * 10 * 1.4;
    const linesHeight = lines.reduce((sum, line) => sum + wrap(line, this.regular, 9, TEXT_WIDTH - indent).length * 9 * 1.4, 0);
    this.room(titleHeight + linesHeight);
    this.text(title, { bold: true });
    for (const line of lines) this.text(line, { x: MARGIN + indent, size: 9 });
  }

  heading(text: string) {
    this.room(40);
    this.y -= 10;
    this.text(text, { size: 13, bold: true, after: 2 });
    this.rule();
  }

  /** A group's title inside a heading's part, kept on the page of what follows it. */
  subheading(text: string) {
    this.room(36);
    this.y -= 6;
    this.text(text, { size: 11, bold: true, after: 3 });
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE.width - MARGIN, y: this.y }, thickness: 0.5 });
    this.y -= 6;
  }

  gap(points: number) {
    this.y -= points;
  }

  /** The footer of every page: what the document is (one line), and which page of how many (`pageLabel`). */
  footers(note: string, pageLabel: (page: number, pages: number) => string) {
    this.pages.forEach((page, index) => {
      this.draw(note, MARGIN, MARGIN, 8, this.regular, page);
      const number = pageLabel(index + 1, this.pages.length);
      this.draw(number, PAGE.width - MARGIN - widthOf(number, this.regular, 8), MARGIN - 12, 8, this.regular, page);
    });
  }
}
