import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as PdfLib from 'pdf-lib';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { italianDateTime } from '../../domain/italianDates.ts';
import { formatItalianNumber } from '../../domain/italianNumbers.ts';
import { receiptsMessages } from '../../domain/messages/receipts.ts';
import type { ReceiptRow } from './issueReceipt.ts';

const m = receiptsMessages;
const require = createRequire(import.meta.url);

/**
 * The portal's own typeface (Titillium Web, as the pages), from the font package the client already uses: its
 * Latin file holds the Italian accented letters and the euro sign, the Latin Extended one the rest of the
 * European names. Read once, on the first receipt.
 */
const FONT_FILES = {
  regular: '@fontsource/titillium-web/files/titillium-web-latin-400-normal.woff',
  bold: '@fontsource/titillium-web/files/titillium-web-latin-700-normal.woff',
  regularExt: '@fontsource/titillium-web/files/titillium-web-latin-ext-400-normal.woff',
  boldExt: '@fontsource/titillium-web/files/titillium-web-latin-ext-700-normal.woff',
} as const;
type FontName = keyof typeof FONT_FILES;

let libraries: Promise<{ pdf: typeof PdfLib; fontkit: unknown; fonts: Record<FontName, Uint8Array> }> | undefined;

/** pdf-lib and its font engine are loaded with the first receipt, not at start (ARCHITECTURE.md, Decisions). */
function loadLibraries() {
  libraries ??= (async () => {
    const font = (name: FontName) => readFile(require.resolve(FONT_FILES[name]));
    const [pdf, fontkit, regular, bold, regularExt, boldExt] = await Promise.all([
      import('pdf-lib'),
      import('@pdf-lib/fontkit').then((module) => module.default),
      font('regular'),
      font('bold'),
      font('regularExt'),
      font('boldExt'),
    ]);
    return { pdf, fontkit, fonts: { regular, bold, regularExt, boldExt } };
  })();
  libraries.catch(() => (libraries = undefined));
  return libraries;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const BOTTOM = MARGIN + 36;
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;
const LABEL_WIDTH = 150;

/** A font for the Latin letters and one for the rest: each run of text is drawn with the one that has its glyphs. */
interface FontPair {
  main: PDFFont;
  extended: PDFFont;
  mainSet: Set<number>;
}

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

/** Writes the receipt top to bottom, starting a page when the current one is full. */
class ReceiptWriter {
  private page: PDFPage;
  private y = PAGE.height - MARGIN;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: FontPair,
    private readonly bold: FontPair,
  ) {
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

  /** A label and its value side by side, the value wrapped in its column. */
  field(label: string, value: string) {
    const size = 10;
    const lines = wrap(value, this.regular, size, TEXT_WIDTH - LABEL_WIDTH);
    this.room(size * 1.4 * Math.min(lines.length, 3));
    const top = this.y;
    this.text(label, { size, bold: true, width: LABEL_WIDTH - 8 });
    const labelBottom = this.y;
    this.y = top;
    for (const line of lines) {
      this.room(size * 1.4);
      this.y -= size * 1.4;
      this.draw(line, MARGIN + LABEL_WIDTH, this.y, size, this.regular);
    }
    this.y = Math.min(this.y, labelBottom) - 3;
  }

  heading(text: string) {
    this.room(40);
    this.y -= 10;
    this.text(text, { size: 13, bold: true, after: 2 });
    this.rule();
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE.width - MARGIN, y: this.y }, thickness: 0.5 });
    this.y -= 6;
  }

  gap(points: number) {
    this.y -= points;
  }

  /** The footer of every page: what the document is, and which page of how many. */
  footers(note: string) {
    this.pages.forEach((page, index) => {
      this.draw(note, MARGIN, MARGIN, 8, this.regular, page);
      const number = m.page(index + 1, this.pages.length);
      this.draw(number, PAGE.width - MARGIN - widthOf(number, this.regular, 8), MARGIN - 12, 8, this.regular, page);
    });
  }
}

/**
 * The receipt as a PDF, from its stored snapshot only. Byte for byte the same at every call: the document's
 * dates are the hand-over's, its producer fixed, pdf-lib writes no random identifier, and each font's subset
 * is named by us (pdf-lib would add a random suffix).
 */
export async function renderReceiptPdf(receipt: ReceiptRow): Promise<Buffer> {
  const { pdf, fontkit, fonts: files } = await loadLibraries();
  const doc = await pdf.PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit as Parameters<PDFDocument['registerFontkit']>[0]);
  const embed = (name: FontName, customName: string) => doc.embedFont(files[name], { subset: true, customName });
  const [regular, bold, regularExt, boldExt] = await Promise.all([
    embed('regular', 'TitilliumWeb-Regular'),
    embed('bold', 'TitilliumWeb-Bold'),
    embed('regularExt', 'TitilliumWebExt-Regular'),
    embed('boldExt', 'TitilliumWebExt-Bold'),
  ]);
  const pair = (main: PDFFont, extended: PDFFont): FontPair => ({ main, extended, mainSet: new Set(main.getCharacterSet()) });

  const at = receipt.handedOverAt;
  doc.setTitle(`${m.documentTitle} ${receipt.protocol}`, { showInWindowTitleBar: true });
  doc.setSubject(`${receipt.title} \u2013 ${receipt.callTitle}`);
  doc.setAuthor(m.portalName);
  doc.setCreator(m.portalName);
  doc.setProducer(m.portalName);
  doc.setLanguage('it-IT');
  doc.setCreationDate(at);
  doc.setModificationDate(at);

  const writer = new ReceiptWriter(doc, pair(regular, regularExt), pair(bold, boldExt));
  writer.text(m.portalName, { size: 18, bold: true });
  writer.text(`${m.documentTitle} \u2013 ${receipt.title}`, { size: 14, after: 4 });
  writer.rule();
  writer.text(m.intro(receipt.title), { after: 6 });
  writer.text(m.protocol, { size: 10, bold: true });
  writer.text(receipt.protocol, { size: 16, bold: true, after: 6 });
  writer.field(m.call, receipt.callTitle);
  writer.field(m.organization, receipt.organizationName);
  writer.field(m.vatNumber, receipt.vatNumber);
  writer.field(m.handedOverBy, receipt.handedOverByName);
  writer.field(m.handedOverAt, m.handedOverAtValue(italianDateTime(at)));

  if (receipt.figures.length > 0) {
    writer.heading(m.figures);
    for (const figure of receipt.figures) writer.field(figure.label, figure.value);
  }

  writer.heading(m.attachments);
  if (receipt.attachments.length === 0) writer.text(m.noAttachments);
  receipt.attachments.forEach((file, index) => {
    if (index > 0) writer.gap(4);
    writer.text(`${index + 1}. ${file.name}`, { bold: true });
    writer.text(file.type, { x: MARGIN + 14, size: 9 });
    writer.text(`${m.attachmentSize}: ${m.bytes(formatItalianNumber(file.size, 0))}`, { x: MARGIN + 14, size: 9 });
    writer.text(`${m.attachmentHash}: ${file.sha256}`, { x: MARGIN + 14, size: 9 });
  });

  writer.footers(`${m.footer} ${receipt.protocol}`);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
