import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { AttachmentFormat } from '../../domain/attachments.ts';

/**
 * What an upload really is, found while it streams to storage: its kind by magic bytes (never by name or
 * by the browser's MIME type), its size, its SHA-256, and whether a PDF declares PDF/A in its XMP metadata.
 */

export type ContentKind = 'pdf' | 'xlsx' | 'xls' | 'zip' | 'ole2' | 'other';

export interface ContentInspection {
  kind: ContentKind;
  size: number;
  sha256: string;
  isPdfA: boolean;
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The XMP property a PDF/A file must carry (ISO 19005: pdfaid:part, as attribute or element). */
const PDFA_MARKER = Buffer.from('pdfaid:part', 'latin1');
/** The directory entry of an Excel 97–2003 workbook inside an OLE2 compound file, in UTF-16LE. */
const OLE2_WORKBOOK_ENTRY = Buffer.from('Workbook', 'utf16le');
const HEAD_LENGTH = 8;
const ZIP_NAME_MAX = 1024;

function headKind(head: Buffer): ContentKind {
  if (head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return 'pdf';
  if (head.subarray(0, ZIP_LOCAL_HEADER.length).equals(ZIP_LOCAL_HEADER)) return 'zip';
  if (head.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC)) return 'ole2';
  return 'other';
}

/** Whether content of `kind` may fill a slot that asks for `format`. */
export function kindMatchesFormat(kind: ContentKind, format: AttachmentFormat): boolean {
  return format === 'PDF' ? kind === 'pdf' : kind === 'xlsx' || kind === 'xls';
}

/** Whether the first bytes already rule the file out for `format` (the rest of the check needs the whole file). */
function headCannotMatch(kind: ContentKind, format: AttachmentFormat): boolean {
  return format === 'PDF' ? kind !== 'pdf' : kind !== 'zip' && kind !== 'ole2';
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

/** Finds a ZIP local file header whose entry name starts with 'xl/': what makes a ZIP an Excel workbook. */
class WorkbookEntryFinder {
  private carry = Buffer.alloc(0);
  found = false;
  push(chunk: Buffer) {
    if (this.found) return;
    const window = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    let from = 0;
    let keepFrom = Math.max(0, window.length - (ZIP_LOCAL_HEADER.length - 1));
    for (;;) {
      const at = window.indexOf(ZIP_LOCAL_HEADER, from);
      if (at === -1) break;
      if (at + 30 > window.length) {
        keepFrom = at;
        break;
      }
      const nameLength = window.readUInt16LE(at + 26);
      if (nameLength <= ZIP_NAME_MAX && at + 30 + nameLength > window.length) {
        keepFrom = at;
        break;
      }
      if (window.subarray(at + 30, at + 30 + Math.min(nameLength, 3)).toString('latin1') === 'xl/') {
        this.found = true;
        this.carry = Buffer.alloc(0);
        return;
      }
      from = at + 1;
    }
    this.carry = Buffer.from(window.subarray(keepFrom));
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
  private readonly workbookEntry = new WorkbookEntryFinder();
  private readonly oleWorkbook = new PatternFinder(OLE2_WORKBOOK_ENTRY);

  constructor(private readonly options: { maxBytes: number; expected?: AttachmentFormat }) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.options.maxBytes) return callback(new UploadTooLargeError());
    this.hash.update(chunk);
    if (this.kind === undefined) {
      this.pending.push(chunk);
      if (this.size >= HEAD_LENGTH) this.decideKind();
    } else {
      this.scan(chunk);
    }
    if (this.kind !== undefined && this.options.expected && headCannotMatch(this.kind, this.options.expected)) {
      return callback(new UploadWrongFormatError(this.options.expected));
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (this.kind === undefined) this.decideKind();
    if (this.options.expected && this.size > 0 && !kindMatchesFormat(this.finalKind(), this.options.expected)) {
      return callback(new UploadWrongFormatError(this.options.expected));
    }
    callback();
  }

  /** Once the first bytes are in (or the file ended sooner): the kind, then a scan of what was held back. */
  private decideKind() {
    const buffered = Buffer.concat(this.pending);
    this.pending = [];
    this.kind = headKind(buffered);
    this.scan(buffered);
  }

  private scan(chunk: Buffer) {
    if (this.kind === 'pdf') this.pdfA.push(chunk);
    else if (this.kind === 'zip') this.workbookEntry.push(chunk);
    else if (this.kind === 'ole2') this.oleWorkbook.push(chunk);
  }

  private finalKind(): ContentKind {
    if (this.kind === 'zip') return this.workbookEntry.found ? 'xlsx' : 'zip';
    if (this.kind === 'ole2') return this.oleWorkbook.found ? 'xls' : 'ole2';
    return this.kind ?? 'other';
  }

  result(): ContentInspection {
    const kind = this.finalKind();
    return { kind, size: this.size, sha256: this.hash.copy().digest('hex'), isPdfA: kind === 'pdf' && this.pdfA.found };
  }
}
