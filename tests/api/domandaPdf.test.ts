import { spawnSync } from 'node:child_process';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFString, PDFHexString, type PDFObject } from 'pdf-lib';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDomandaDocument, domandaFingerprint, type DomandaDocument, type DomandaInput } from '../../server/domanda/domandaDocument.ts';
import { renderDomandaPdf } from '../../server/domanda/domandaPdf.ts';
import type { ReferenceNames } from '../../server/exports/referenceNames.ts';
import { renderDomanda } from '../../server/pdf/renderThread.ts';
import { puiDomandaInput, seededReferenceNames, turDomandaInput } from '../support/domandaFixtures.ts';

const oneSpace = (text: string) => text.replace(/\s+/g, ' ').trim();
const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).status === 0;

/** The PDF's text in reading order, one space between words, without the pages' footers. */
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return oneSpace(
    text.replace(/Domanda di partecipazione \u2013 Fondo [^\n]*? \u2013 impronta [0-9a-f]{16}/g, ' ').replace(/Pagina \d+ di \d+/g, ' '),
  );
}

/** Every key of every dictionary the file holds (the catalogue, pages, fonts, annotations…), followed through references. */
function dictionaryKeys(doc: PDFDocument): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<PDFObject>();
  const visit = (object: PDFObject | undefined) => {
    if (!object || seen.has(object)) return;
    seen.add(object);
    if (object instanceof PDFRef) return visit(doc.context.lookup(object));
    if (object instanceof PDFArray) return object.asArray().forEach(visit);
    if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        keys.add(key.asString());
        visit(value);
      }
    }
  };
  visit(doc.context.trailerInfo.Root);
  visit(doc.context.trailerInfo.Info);
  for (const [, object] of doc.context.enumerateIndirectObjects()) visit(object);
  return keys;
}

let names: ReferenceNames;
beforeAll(async () => {
  names = await seededReferenceNames();
});

const funds: [string, (names: ReferenceNames) => DomandaInput][] = [
  ['PUI', puiDomandaInput],
  ['TUR', turDomandaInput],
];

describe.each(funds)('the Domanda PDF of a full %s application', (_fund, inputOf) => {
  let input: DomandaInput;
  let document: DomandaDocument;
  let pdf: Buffer;
  beforeAll(async () => {
    input = inputOf(names);
    document = buildDomandaDocument(input);
    pdf = await renderDomanda(document);
  });

  it('is the same bytes at every rendering, on the render thread or not', async () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Buffer.compare(await renderDomanda(buildDomandaDocument(inputOf(names))), pdf)).toBe(0);
    expect(Buffer.compare(await renderDomandaPdf(document), pdf)).toBe(0);
  });

  it('prints every field with its value, the files with their SHA-256, the declaration and the signature', async () => {
    const text = await pdfText(pdf);
    expect(text).toContain(oneSpace(`${document.title} ${document.callTitle}`));
    for (const part of document.parts) {
      expect(text).toContain(part.heading);
      for (const group of part.groups) {
        if (group.title) expect(text).toContain(group.title);
        // Label and value side by side: in the file the label's lines come first, then the value's.
        for (const field of group.fields) expect(text).toContain(oneSpace(`${field.label} ${field.value}`));
      }
    }
    for (const file of input.attachments) {
      expect(text).toContain(file.name);
      expect(text).toContain(`Impronta SHA-256: ${file.sha256}`);
    }
    for (const paragraph of document.declaration.paragraphs) expect(text).toContain(oneSpace(paragraph));
    const { nome, cognome, codiceFiscale } = input.representation.representatives[0];
    expect(text).toContain(`Il/La sottoscritto/a ${nome} ${cognome}, codice fiscale ${codiceFiscale}`);
    expect(text).toContain('Documento sottoscritto con firma digitale ai sensi del D.Lgs. 82/2005 (CAD)');
  });

  // Poppler's pdftotext, an outside judge, when the machine has it (.ci/run installs it): a label and its value are
  // laid out in two columns, so each is looked for on its own, with one space between words.
  it.runIf(HAS_PDFTOTEXT)('pdftotext finds every label and value, the declaration and every file\u2019s SHA-256', () => {
    const read = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, maxBuffer: 64 * 1024 * 1024 });
    expect(read.status).toBe(0);
    const text = oneSpace(read.stdout.toString('utf8'));
    for (const part of document.parts) {
      for (const group of part.groups) {
        for (const field of group.fields) {
          expect(text, field.label).toContain(oneSpace(field.label));
          for (const line of field.value.split('\n')) expect(text, `${field.label}: ${line}`).toContain(oneSpace(line));
        }
      }
    }
    for (const file of input.attachments) expect(text).toContain(file.sha256);
    const [{ nome, cognome }] = input.representation.representatives;
    expect(text).toContain(`${nome} ${cognome}`);
  });

  it("numbers every page and shows the fingerprint's first characters in each footer", async () => {
    const { text, totalPages } = await extractText(new Uint8Array(pdf), { mergePages: false });
    expect(totalPages).toBeGreaterThan(1);
    const prefix = domandaFingerprint(document).slice(0, 16);
    text.forEach((page, index) => {
      expect(oneSpace(page)).toContain(`Pagina ${index + 1} di ${totalPages}`);
      expect(oneSpace(page)).toContain(`impronta ${prefix}`);
    });
  });

  it('embeds every font, and holds no script, action, form or date', async () => {
    const parsed = await PDFDocument.load(pdf, { updateMetadata: false });
    const fonts = parsed.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font'));
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      // A composite font draws with its descendant, which carries the descriptor and the embedded program.
      const descendants = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray);
      const drawing = descendants ? descendants.lookup(0, PDFDict) : font;
      const descriptor = drawing.lookup(PDFName.of('FontDescriptor'), PDFDict);
      const program = ['FontFile', 'FontFile2', 'FontFile3'].find((key) => descriptor.has(PDFName.of(key)));
      expect(program, String(font.get(PDFName.of('BaseFont')))).toBeDefined();
    }

    const keys = dictionaryKeys(parsed);
    // The walk reaches the pages' resources and the fonts' descriptors…
    for (const reached of ['/Pages', '/Resources', '/FontDescriptor', '/FontFile2', '/Lang']) expect(keys.has(reached), reached).toBe(true);
    // …and finds nothing that runs, acts, asks or dates.
    for (const forbidden of ['/JavaScript', '/JS', '/OpenAction', '/AA', '/AcroForm', '/Launch', '/URI', '/CreationDate', '/ModDate'])
      expect(keys.has(forbidden), forbidden).toBe(false);
    // Written as a classic cross-reference table without object streams: a PAdES signature appends an update to it.
    const raw = pdf.toString('latin1');
    expect(raw).not.toContain('/ObjStm');
    expect(raw).toMatch(/\nxref\n/);

    expect(parsed.getTitle()).toBe(`Domanda di partecipazione \u2013 ${input.callTitle}`);
    expect(parsed.getAuthor()).toBe('Portale Fondi');
    expect(parsed.getProducer()).toBe('Portale Fondi');
    const lang = parsed.catalog.get(PDFName.of('Lang'));
    expect(lang instanceof PDFString || lang instanceof PDFHexString ? lang.decodeText() : undefined).toBe('it-IT');
  });
});
