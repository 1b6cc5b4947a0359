import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { KINDS_OF_FORMAT, type AttachmentFormat, type FileKind } from '../../domain/attachments.ts';
import { ZipInspection } from './zipInspection.ts';

/**
 * What an upload really is, found while it streams to storage: its kind by magic bytes and container entries
 * (never by name or by the browser's MIME type), its size, its SHA-256, whether a PDF declares PDF/A in its XMP
 * metadata, and whether an Office file carries macros. A ZIP is read entry by entry and inflated as it comes
 * (zipInspection.ts): a decompression bomb fails the stream with ArchiveSuspiciousError before it is stored.
 */

/** A recognised file, or a container (ZIP, OLE2) that is none of the Office documents, or anything else. */
export type ContentKind = FileKind | 'zip' | 'ole2' | 'other';

export interface ContentInspection {
  kind: ContentKind;
  size: number;
  sha256: string;
  isPdfA: boolean;
  /** Macros inside (docm, xlsm, pptm however named, or a legacy file with macros): refused whatever the slot. */
  hasMacros: boolean;
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The XMP property a PDF/A file must carry (ISO 19005: pdfaid:part, as attribute or element). */
const PDFA_MARKER = Buffer.from('pdfaid:part', 'latin1');
/** Directory entries of Office 97–2003 files inside an OLE2 compound file, in UTF-16LE. */
const OLE2_ENTRIES = {
  xls: Buffer.from('Workbook', 'utf16le'),
  doc: Buffer.from('WordDocument', 'utf16le'),
  ppt: Buffer.from('PowerPoint Document', 'utf16le'),
  macros: Buffer.from('_VBA_PROJECT', 'utf16le'),
} as const;
const HEAD_LENGTH = 8;

function headKind(head: Buffer): ContentKind {
  const startsWith = (magic: Buffer) => head.subarray(0, magic.length).equals(magic);
  if (startsWith(PDF_MAGIC)) return 'pdf';
  if (startsWith(PNG_MAGIC)) return 'png';
  if (startsWith(JPEG_MAGIC)) return 'jpeg';
  if (startsWith(ZIP_LOCAL_HEADER)) return 'zip';
  if (startsWith(OLE2_MAGIC)) return 'ole2';
  return 'other';
}

const ZIP_KINDS: readonly FileKind[] = ['xlsx', 'docx', 'pptx'];
const OLE2_KINDS: readonly FileKind[] = ['xls', 'doc', 'ppt'];

/** Whether content of `kind` may fill a slot that asks for `format`. */
export function kindMatchesFormat(kind: ContentKind, format: AttachmentFormat): boolean {
  return (KINDS_OF_FORMAT[format] as readonly ContentKind[]).includes(kind);
}

/** Whether the first bytes already rule the file out for `format` (the rest of the check needs the whole file). */
function headCannotMatch(kind: ContentKind, format: AttachmentFormat): boolean {
  const kinds = KINDS_OF_FORMAT[format];
  if (kind === 'zip') return !kinds.some((candidate) => ZIP_KINDS.includes(candidate));
  if (kind === 'ole2') return !kinds.some((candidate) => OLE2_KINDS.includes(candidate));
  return !(kinds as readonly ContentKind[]).includes(kind);
}

/** Finds `pattern` in a stream of chunks, including across chunk boundaries. */
class PatternFinder {
  private carry = Buffer.alloc(0);
  found = false;
  constructor(private readonly pattern: Buffer) {}
  push(chunk: Buffer) {
    if (this.found) return;
    const window = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    if (window.indexOf(this.pattern) !== -1) {
      this.found = true;
      this.carry = Buffer.alloc(0);
      return;
    }
    this.carry = Buffer.from(window.subarray(Math.max(0, window.length - (this.pattern.length - 1))));
  }
}

export class UploadTooLargeError extends Error {
  constructor() {
    super('upload too large');
  }
}

export class UploadWrongFormatError extends Error {
  constructor(readonly format: AttachmentFormat) {
    super(`upload is not ${format}`);
  }
}

/**
 * A pass-through stream that inspects what flows through it. With `expected`, a file whose first bytes
 * already cannot be of that format fails at once (UploadWrongFormatError), before it is stored; beyond
 * `maxBytes` it fails with UploadTooLargeError. `result()` is complete once the stream has ended.
 */
export class ContentInspector extends Transform {
  private readonly hash = createHash('sha256');
  private pending: Buffer[] = [];
  private kind: ContentKind | undefined;
  private size = 0;
  private readonly pdfA = new PatternFinder(PDFA_MARKER);
  private zip: ZipInspection | undefined;
  private readonly oleEntries = {
    xls: new PatternFinder(OLE2_ENTRIES.xls),
    doc: new PatternFinder(OLE2_ENTRIES.doc),
    ppt: new PatternFinder(OLE2_ENTRIES.ppt),
    macros: new PatternFinder(OLE2_ENTRIES.macros),
  };

  constructor(private readonly options: { maxBytes: number; expected?: AttachmentFormat }) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.options.maxBytes) return callback(new UploadTooLargeError());
    this.hash.update(chunk);
    let toScan: Buffer | undefined = chunk;
    if (this.kind === undefined) {
      this.pending.push(chunk);
      toScan = this.size >= HEAD_LENGTH ? this.decideKind() : undefined;
    }
    if (this.kind !== undefined && this.options.expected && headCannotMatch(this.kind, this.options.expected)) {
      return callback(new UploadWrongFormatError(this.options.expected));
    }
    const scanned = toScan && this.scan(toScan);
    // A ZIP's entries are inflated as they arrive: the upload goes on once they are.
    if (scanned) scanned.then(() => callback(null, chunk), callback);
    else callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    const held = this.kind === undefined ? this.decideKind() : undefined;
    Promise.resolve(held && this.scan(held))
      .then(() => this.zip?.end())
      .then(() => {
        if (this.options.expected && this.size > 0 && !kindMatchesFormat(this.finalKind(), this.options.expected)) {
          throw new UploadWrongFormatError(this.options.expected);
        }
      })
      .then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.zip?.abort();
    callback(error);
  }

  /** Once the first bytes are in (or the file ended sooner): the kind; answers the bytes held back, to scan. */
  private decideKind(): Buffer {
    const buffered = Buffer.concat(this.pending);
    this.pending = [];
    this.kind = headKind(buffered);
    if (this.kind === 'zip') this.zip = new ZipInspection();
    return buffered;
  }

  private scan(chunk: Buffer): Promise<void> | undefined {
    if (this.kind === 'pdf') this.pdfA.push(chunk);
    else if (this.kind === 'zip') return this.zip!.push(chunk);
    else if (this.kind === 'ole2') for (const finder of Object.values(this.oleEntries)) finder.push(chunk);
    return undefined;
  }

  private finalKind(): ContentKind {
    if (this.kind === 'zip') return this.zip!.kind();
    if (this.kind === 'ole2') {
      const found = OLE2_KINDS.filter((kind) => this.oleEntries[kind as 'xls' | 'doc' | 'ppt'].found);
      return found.length === 1 ? found[0]! : 'ole2';
    }
    return this.kind ?? 'other';
  }

  result(): ContentInspection {
    const kind = this.finalKind();
    return {
      kind,
      size: this.size,
      sha256: this.hash.copy().digest('hex'),
      isPdfA: kind === 'pdf' && this.pdfA.found,
      hasMacros: (this.zip?.hasMacros() ?? false) || this.oleEntries.macros.found,
    };
  }
}
