import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { KINDS_OF_FORMAT, type AttachmentFormat, type FileKind } from '../../domain/attachments.ts';

/**
 * What an upload really is, found while it streams to storage: its kind by magic bytes and container entries
 * (never by name or by the browser's MIME type), its size, its SHA-256, whether a PDF declares PDF/A in its XMP
 * metadata, and whether an Office file carries macros.
 */

/** A recognised file, or a container (ZIP, OLE2) that is none of the Office documents, or anything else. */
export type ContentKind = FileKind | 'zip' | 'ole2' | 'other';

export interface ContentInspection {
  kind: ContentKind;
  size: number;
  sha256: string;
  isPdfA: boolean;
  /** A VBA project inside (docm, xlsm, pptm, or a legacy file with macros): refused whatever the slot. */
  hasMacros: boolean;
  /** A ZIP-based file declaring an absurd inflated size (decompression bomb): refused whatever the slot. */
  isDecompressionBomb: boolean;
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
/** The folder of each Office Open XML document inside its ZIP. */
const OOXML_FOLDERS = { xlsx: 'xl/', docx: 'word/', pptx: 'ppt/' } as const;
const VBA_PROJECT_PART = 'vbaproject.bin';
const HEAD_LENGTH = 8;
const ZIP_NAME_MAX = 1024;

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

const ZIP_CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
/** Where a ZIP header keeps what is read here: its length, the name's length, the declared sizes. */
const ZIP_HEADERS = [
  { signature: ZIP_LOCAL_HEADER, length: 30, nameLength: 26, compressed: 18, uncompressed: 22 },
  { signature: ZIP_CENTRAL_HEADER, length: 46, nameLength: 28, compressed: 20, uncompressed: 24 },
] as const;
type ZipHeader = (typeof ZIP_HEADERS)[number];

/** More than this, inflated, is no document a person uploads (MAX_UPLOAD_MB is at most 1 GB compressed). */
const ZIP_MAX_DECLARED_BYTES = 4 * 1024 ** 3;
/** An entry of this size or more that inflates more than ZIP_MAX_RATIO times is a decompression bomb. */
const ZIP_RATIO_FROM_BYTES = 10 * 1024 ** 2;
const ZIP_MAX_RATIO = 100;

/**
 * Reads a ZIP's entries from their local and central directory headers as the bytes flow: which Office document
 * folder it holds (xl/, word/, ppt/), whether a VBA project (macros) is inside, and what it declares it inflates
 * to — a few hundred kilobytes that claim gigabytes are a decompression bomb, refused before anyone opens them.
 */
class ZipEntryScanner {
  private readonly carry = new Map<ZipHeader, Buffer>();
  readonly folders = new Set<keyof typeof OOXML_FOLDERS>();
  hasVbaProject = false;
  private declared = { local: 0, central: 0 };
  private worstRatio = 0;

  push(chunk: Buffer) {
    for (const header of ZIP_HEADERS) this.scan(header, chunk);
  }

  private scan(header: ZipHeader, chunk: Buffer) {
    const carried = this.carry.get(header);
    const window = carried?.length ? Buffer.concat([carried, chunk]) : chunk;
    let from = 0;
    let keepFrom = Math.max(0, window.length - (header.signature.length - 1));
    for (;;) {
      const at = window.indexOf(header.signature, from);
      if (at === -1) break;
      if (at + header.length > window.length) {
        keepFrom = at;
        break;
      }
      const nameLength = window.readUInt16LE(at + header.nameLength);
      if (nameLength <= ZIP_NAME_MAX && at + header.length + nameLength > window.length) {
        keepFrom = at;
        break;
      }
      this.record(window.subarray(at + header.length, at + header.length + Math.min(nameLength, ZIP_NAME_MAX)).toString('latin1'));
      this.measure(header, window.readUInt32LE(at + header.compressed), window.readUInt32LE(at + header.uncompressed));
      from = at + 1;
    }
    this.carry.set(header, Buffer.from(window.subarray(keepFrom)));
  }

  private record(name: string) {
    for (const [kind, folder] of Object.entries(OOXML_FOLDERS) as [keyof typeof OOXML_FOLDERS, string][]) {
      if (name.startsWith(folder)) this.folders.add(kind);
    }
    if (name.toLowerCase().endsWith(VBA_PROJECT_PART)) this.hasVbaProject = true;
  }

  private measure(header: ZipHeader, compressed: number, uncompressed: number) {
    this.declared[header.signature === ZIP_LOCAL_HEADER ? 'local' : 'central'] += uncompressed;
    if (uncompressed >= ZIP_RATIO_FROM_BYTES) this.worstRatio = Math.max(this.worstRatio, uncompressed / Math.max(compressed, 1));
  }

  /** The document the ZIP is (a ZIP holding exactly one of the folders), or a plain ZIP. */
  kind(): ContentKind {
    return this.folders.size === 1 ? [...this.folders][0]! : 'zip';
  }

  /** Whether what the ZIP declares it inflates to is absurd, in total or for one entry against its compressed size. */
  isDecompressionBomb(): boolean {
    return Math.max(this.declared.local, this.declared.central) > ZIP_MAX_DECLARED_BYTES || this.worstRatio > ZIP_MAX_RATIO;
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
  private readonly zipEntries = new ZipEntryScanner();
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
    else if (this.kind === 'zip') this.zipEntries.push(chunk);
    else if (this.kind === 'ole2') for (const finder of Object.values(this.oleEntries)) finder.push(chunk);
  }

  private finalKind(): ContentKind {
    if (this.kind === 'zip') return this.zipEntries.kind();
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
      hasMacros: this.zipEntries.hasVbaProject || this.oleEntries.macros.found,
      isDecompressionBomb: this.kind === 'zip' && this.zipEntries.isDecompressionBomb(),
    };
  }
}
