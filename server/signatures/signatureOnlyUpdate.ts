import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';

/**
 * Whether the incremental update appended to the original revision (the Domanda) adds only a signature. What the
 * original pages show must stay as it was: every object reachable from the page tree (pages, content streams,
 * resources, fonts, images, existing annotations) unchanged, except that a page may gain /Annots, and only signature
 * widgets; the catalog may only gain /AcroForm (without XFA), /Perms and /DSS. Objects compared are the ones pdf-lib
 * reads as current (the last definition in the file).
 *
 * Known limitation: a crafted update whose cross-reference table points a viewer to another definition of an object
 * than the last one in the file (a "shadow" attack) is not detected.
 */
const ANNOTS = PDFName.of('Annots');
const CATALOG_ADDITIONS = new Set(['/AcroForm', '/Perms', '/DSS']);

const text = (object: PDFObject | undefined): string => (object === undefined ? '' : object.toString());

/** Whether two objects are the same: a stream by its dictionary and its raw bytes, anything else by its PDF syntax. */
function sameObject(before: PDFObject | undefined, after: PDFObject | undefined): boolean {
  if (before instanceof PDFRawStream || after instanceof PDFRawStream) {
    return (
      before instanceof PDFRawStream &&
      after instanceof PDFRawStream &&
      text(before.dict) === text(after.dict) &&
      Buffer.from(before.contents).equals(Buffer.from(after.contents))
    );
  }
  return text(before) === text(after);
}

function references(object: PDFObject, skip: ReadonlySet<string>): PDFRef[] {
  if (object instanceof PDFRef) return [object];
  if (object instanceof PDFArray) return object.asArray().flatMap((entry) => references(entry, skip));
  const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
  if (!dict) return [];
  return [...dict.entries()].filter(([key]) => !skip.has(key.asString())).flatMap(([, value]) => references(value, skip));
}

const isPage = (object: PDFObject | undefined): object is PDFDict =>
  object instanceof PDFDict && object.get(PDFName.of('Type'))?.toString() === '/Page';

const PAGE_SKIP: ReadonlySet<string> = new Set(['/Annots']);
const NO_SKIP: ReadonlySet<string> = new Set();

/** A page's annotations, its /Annots direct or indirect. */
function annotationRefs(document: PDFDocument, page: PDFDict): PDFRef[] {
  const annots = page.get(ANNOTS);
  const array = annots instanceof PDFRef ? document.context.lookup(annots) : annots;
  if (!(array instanceof PDFArray)) return [];
  return array.asArray().filter((entry): entry is PDFRef => entry instanceof PDFRef);
}

/** Every object reachable from the catalog's page tree, the pages' annotations included (not their /Annots array). */
function pageTreeObjects(document: PDFDocument): PDFRef[] {
  const reached = new Map<string, PDFRef>();
  const pages = document.catalog.get(PDFName.of('Pages'));
  const pending = pages instanceof PDFRef ? [pages] : [];
  while (pending.length > 0) {
    const ref = pending.pop()!;
    if (reached.has(ref.toString())) continue;
    reached.set(ref.toString(), ref);
    const object = document.context.lookup(ref);
    if (isPage(object)) pending.push(...references(object, PAGE_SKIP), ...annotationRefs(document, object));
    else if (object) pending.push(...references(object, NO_SKIP));
  }
  return [...reached.values()];
}

function isSignatureWidget(document: PDFDocument, ref: PDFRef): boolean {
  const annotation = document.context.lookup(ref);
  if (!(annotation instanceof PDFDict) || annotation.get(PDFName.of('Subtype'))?.toString() !== '/Widget') return false;
  const parent = annotation.lookup(PDFName.of('Parent'));
  const field = parent instanceof PDFDict && !annotation.has(PDFName.of('FT')) ? parent : annotation;
  return field.get(PDFName.of('FT'))?.toString() === '/Sig';
}

function pageChangeIsAnnotsOnly(original: PDFDocument, signed: PDFDocument, before: PDFDict, after: PDFDict): boolean {
  const keys = new Set([...before.keys(), ...after.keys()].map((key) => key.asString()));
  for (const key of keys) {
    if (key === '/Annots') continue;
    if (text(before.get(PDFName.of(key.slice(1)))) !== text(after.get(PDFName.of(key.slice(1))))) return false;
  }
  const kept = annotationRefs(original, before).map(String);
  const now = annotationRefs(signed, after);
  if (!kept.every((ref) => now.some((entry) => entry.toString() === ref))) return false;
  return now.filter((ref) => !kept.includes(ref.toString())).every((ref) => isSignatureWidget(signed, ref));
}

function catalogChangeIsAllowed(original: PDFDocument, signed: PDFDocument): boolean {
  const before = original.catalog;
  const after = signed.catalog;
  for (const key of after.keys()) {
    const name = key.asString();
    if (before.has(key)) {
      if (name !== '/AcroForm' && text(before.get(key)) !== text(after.get(key))) return false;
    } else if (!CATALOG_ADDITIONS.has(name)) return false;
  }
  if (before.keys().some((key) => !after.has(key))) return false;
  const acroForm = after.lookup(PDFName.of('AcroForm'));
  return !(acroForm instanceof PDFDict && acroForm.has(PDFName.of('XFA')));
}

export async function addsOnlySignatures(originalBytes: Uint8Array, signed: PDFDocument): Promise<boolean> {
  let original: PDFDocument;
  try {
    original = await PDFDocument.load(originalBytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    return false;
  }
  if (!catalogChangeIsAllowed(original, signed)) return false;
  const originalPages = original.getPages().map((page) => page.ref.toString());
  const signedPages = signed.getPages().map((page) => page.ref.toString());
  if (originalPages.join() !== signedPages.join()) return false;
  for (const ref of pageTreeObjects(original)) {
    const before = original.context.lookup(ref);
    const after = signed.context.lookup(ref);
    if (isPage(before)) {
      if (!isPage(after) || !pageChangeIsAnnotsOnly(original, signed, before, after)) return false;
    } else if (!sameObject(before, after)) return false;
  }
  return true;
}
