import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type * as PdfLib from 'pdf-lib';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);

/**
 * The portal's own typeface (Titillium Web, as the pages), from the font package the client already uses: its
 * Latin file holds the Italian accented letters and the euro sign, the Latin Extended one the rest of the
 * European names. Read once, with the first PDF.
 */
const FONT_FILES = {
  regular: '@fontsource/titillium-web/files/titillium-web-latin-400-normal.woff',
  bold: '@fontsource/titillium-web/files/titillium-web-latin-700-normal.woff',
  regularExt: '@fontsource/titillium-web/files/titillium-web-latin-ext-400-normal.woff',
  boldExt: '@fontsource/titillium-web/files/titillium-web-latin-ext-700-normal.woff',
} as const;
type FontName = keyof typeof FONT_FILES;

/** A font for the Latin letters and one for the rest: each run of text is drawn with the one that has its glyphs. */
export interface FontPair {
  main: PDFFont;
  extended: PDFFont;
  mainSet: Set<number>;
}

let libraries: Promise<{ pdf: typeof PdfLib; fontkit: unknown; fonts: Record<FontName, Uint8Array> }> | undefined;

/** pdf-lib and its font engine are loaded with the first PDF, not at start (docs/decisions/0002-one-package-one-port.md). */
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

/**
 * A new PDF with the portal's fonts embedded as subsets, and nothing that changes from one call to the next:
 * pdf-lib writes no metadata of its own (no dates, no producer) and no random identifier, and each subset is
 * named by us (pdf-lib would add a random suffix). What the caller writes decides the bytes.
 */
export async function createPdfDocument(): Promise<{ doc: PDFDocument; regular: FontPair; bold: FontPair }> {
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
  return { doc, regular: pair(regular, regularExt), bold: pair(bold, boldExt) };
}
