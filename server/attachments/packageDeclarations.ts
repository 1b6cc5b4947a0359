/**
 * What an Office Open XML package declares about its parts, read for macros: `[Content_Types].xml` gives each
 * part its content type, the `.rels` parts give each relationship its type. A package with macros says so there,
 * whatever its parts are called: a macro-enabled main part (`application/vnd.ms-word.document.macroEnabled.main+xml`
 * and the like for every application, templates and add-ins), a VBA project (`application/vnd.ms-office.vbaProject`,
 * relationship `…/relationships/vbaProject`), Word's VBA data, Excel 4.0 macro sheets (`…macrosheet+xml`,
 * relationships `xlMacrosheet`, `xlIntlMacrosheet`).
 */
const MACRO_MARKERS = ['macroenabled', 'vbaproject', 'vbadata', 'macrosheet'];
/** Text kept from one piece to the next, so a marker split between pieces, even spelt with references, is found. */
const OVERLAP_CHARS = 512;

/** Whether a part is one of the package's declarations: its content types or a relationships part. */
export function isPackageDeclarationPart(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === '[content_types].xml' || lower.endsWith('.rels');
}

const NAMED_REFERENCES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML character references resolved, as a reader of the XML sees the text (`vba&#80;roject` is vbaProject). */
function resolveReferences(text: string): string {
  return text.replace(
    /&(?:#x([0-9a-f]{1,6})|#([0-9]{1,7})|(lt|gt|amp|quot|apos));/gi,
    (whole, hex?: string, decimal?: string, named?: string) => {
      if (named) return NAMED_REFERENCES[named.toLowerCase()] ?? whole;
      const code = hex ? Number.parseInt(hex, 16) : Number(decimal);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

/** The encoding an XML part is written in, from its first bytes (XML 1.0 appendix F): UTF-8 unless UTF-16 shows. */
function encodingOf(head: Buffer): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0x3c && head[1] === 0x00)) return 'utf-16le';
  if ((head[0] === 0xfe && head[1] === 0xff) || (head[0] === 0x00 && head[1] === 0x3c)) return 'utf-16be';
  return 'utf-8';
}

/** Reads one declaration part as it inflates, for the markers of macros. */
export class MacroDeclarationFinder {
  private decoder: TextDecoder | undefined;
  private head = Buffer.alloc(0);
  private tail = '';
  private found = false;

  push(bytes: Buffer): void {
    if (this.found) return;
    if (!this.decoder) {
      this.head = Buffer.concat([this.head, bytes]);
      if (this.head.length < 2) return;
      this.decoder = new TextDecoder(encodingOf(this.head));
      bytes = this.head;
      this.head = Buffer.alloc(0);
    }
    this.search(this.decoder.decode(bytes, { stream: true }));
  }

  /** Whether the part declares macros. */
  end(): boolean {
    if (!this.found) {
      this.decoder ??= new TextDecoder(encodingOf(this.head));
      this.search(this.decoder.decode(this.head));
    }
    return this.found;
  }

  private search(text: string): void {
    const window = this.tail + text;
    const resolved = resolveReferences(window).toLowerCase();
    if (MACRO_MARKERS.some((marker) => resolved.includes(marker))) this.found = true;
    this.tail = window.slice(-OVERLAP_CHARS);
  }
}
