import { createInflateRaw, type InflateRaw } from 'node:zlib';
import type { FileKind } from '../../domain/attachments.ts';
import { ChunkQueue, EndOfInput } from './chunkQueue.ts';
import { MacroDeclarationFinder, isPackageDeclarationPart } from './packageDeclarations.ts';

/**
 * A ZIP upload (the Office Open XML documents: docx, xlsx, pptx) read as it streams: every entry, in order,
 * from its local header, inflated and counted, then the central directory checked against what was read. What
 * Office reads (the central directory) is then exactly what was inflated here: no entry the inspection skipped,
 * none that overlaps another, none whose sizes differ from its content.
 *
 * Decompression bombs are refused (ArchiveSuspiciousError) as soon as they show, before the rest is stored:
 * - an entry or the archive declaring, or inflating to, more than ZIP_MAX_INFLATED_BYTES in all;
 * - an entry inflating beyond what it declared (the ZIP64 sizes read from its extra field: 0xFFFFFFFF means
 *   "see ZIP64", never a size);
 * - an entry, or the archive as a whole, inflating more than ZIP_MAX_RATIO times its compressed size, once past
 *   a grace size (a few small parts legitimately deflate a lot; Apache POI allows 100 KiB per entry, we 1 MiB);
 * - a central directory that lists an entry the stream did not hold, or lists it with other sizes.
 * Anything else that does not read as a plain, unencrypted, stored-or-deflated ZIP is not an Office document
 * (kind 'zip'): Office writes nothing else.
 */

/** More than this, inflated, is no document a person uploads (MAX_UPLOAD_MB is at most 1 GB compressed). */
export const ZIP_MAX_INFLATED_BYTES = 4 * 1024 ** 3;
/** Apache POI's limit (MIN_INFLATE_RATIO 0.01), for one entry and for the whole archive. */
export const ZIP_MAX_RATIO = 100;
const ENTRY_RATIO_GRACE_BYTES = 1024 ** 2;
const TOTAL_RATIO_GRACE_BYTES = 10 * 1024 ** 2;
/** How much compressed data goes to the inflater at once: at most about 16 MB of output before a check can stop it. */
const INFLATE_PIECE_BYTES = 16 * 1024;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const DIGITAL_SIGNATURE = 0x05054b50;
const DATA_DESCRIPTOR = 0x08074b50;
const ZIP64_EXTRA = 0x0001;
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_HEADERS_MASKED = 0x2000;
const STORED = 0;
const DEFLATED = 8;
/** What a ZIP without ZIP64 can list: far more parts than any Office document has. */
const ZIP_MAX_ENTRIES = MAX_16;

/** The folder of each Office Open XML document inside its ZIP. */
const OOXML_FOLDERS = { xlsx: 'xl/', docx: 'word/', pptx: 'ppt/' } as const satisfies Partial<Record<FileKind, string>>;
const CONTENT_TYPES_PART = '[content_types].xml';
const VBA_PROJECT_PART = 'vbaproject.bin';

/** A decompression bomb, or a ZIP that says something else than what it holds: refused whatever the slot. */
export class ArchiveSuspiciousError extends Error {
  constructor(reason: string) {
    super(`suspicious archive: ${reason}`);
  }
}

/** Not a ZIP Office could have written: the upload is then no Office document, nothing more. */
class UnreadableZip extends Error {}

interface Entry {
  name: Buffer;
  method: number;
  /** Whether the local header carried a ZIP64 extra field (then a data descriptor has 8-byte sizes). */
  zip64: boolean;
  /** What the local header declares it inflates to; undefined when a data descriptor follows instead. */
  declared: number | undefined;
  compressed: number;
  inflated: number;
  listed: boolean;
}

function zip64Field(extra: Buffer): Buffer | undefined {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (at + 4 + size > extra.length) return undefined;
    if (id === ZIP64_EXTRA) return extra.subarray(at + 4, at + 4 + size);
    at += 4 + size;
  }
  return undefined;
}

/** A ZIP64 size (beyond 2^53 it is absurd anyway: the limits refuse it). */
const uint64 = (buffer: Buffer, at: number) => Number(buffer.readBigUInt64LE(at));

export class ZipInspection {
  private readonly queue = new ChunkQueue();
  private readonly entries = new Map<number, Entry>();
  private readonly listedNames: string[] = [];
  private readonly reading: Promise<void>;
  private inflater: InflateRaw | undefined;
  private readable = true;
  private macros = false;
  private inflatedTotal = 0;
  private declaredTotal = 0;
  private centralStart: number | undefined;
  private centralCount = 0;

  constructor() {
    this.reading = this.read().catch((error: unknown) => {
      // Cut short, or not a ZIP Office writes: no Office document, nothing worse.
      if (!(error instanceof UnreadableZip || error instanceof EndOfInput)) throw error;
      this.readable = false;
    });
    // The queue hears how reading ended, so a waiting push() resolves or rejects with it.
    this.queue.readerDone(this.reading);
  }

  /** The next bytes of the upload; resolves once they are read (rejects with ArchiveSuspiciousError). */
  push(chunk: Buffer): Promise<void> {
    return this.queue.push(chunk);
  }

  /** The upload ended: resolves once the whole ZIP is checked (rejects with ArchiveSuspiciousError). */
  async end(): Promise<void> {
    this.queue.end();
    await this.reading;
  }

  /** The upload failed: stop reading and inflating. */
  abort(): void {
    this.queue.abort();
    this.inflater?.destroy();
  }

  /** The Office document this ZIP is (a package with its content types and one document folder), or 'zip'. */
  kind(): FileKind | 'zip' {
    if (!this.readable || !this.listedNames.some((name) => name.toLowerCase() === CONTENT_TYPES_PART)) return 'zip';
    const kinds = (Object.entries(OOXML_FOLDERS) as [keyof typeof OOXML_FOLDERS, string][])
      .filter(([, folder]) => this.listedNames.some((name) => name.startsWith(folder)))
      .map(([kind]) => kind);
    return kinds.length === 1 ? kinds[0]! : 'zip';
  }

  /**
   * Whether the package declares macros: a macro-enabled main part or a VBA project in its content types or its
   * relationships, whatever the parts are called, or a part named as a VBA project.
   */
  hasMacros(): boolean {
    return this.macros;
  }

  private async read(): Promise<void> {
    for (;;) {
      const at = this.queue.position;
      const signature = (await this.queue.read(4)).readUInt32LE(0);
      if (signature === LOCAL_HEADER && this.centralStart === undefined) await this.readEntry(at);
      else if (signature === CENTRAL_HEADER) await this.readCentralRecord(at);
      else if (signature === DIGITAL_SIGNATURE && this.centralStart !== undefined)
        await this.queue.read((await this.queue.read(2)).readUInt16LE(0));
      else if (signature === ZIP64_END_OF_CENTRAL_DIRECTORY) await this.queue.read(this.sizeOf(await this.queue.read(8)));
      else if (signature === ZIP64_LOCATOR) await this.queue.read(16);
      else if (signature === END_OF_CENTRAL_DIRECTORY) return this.readEnd();
      else throw new UnreadableZip('not a ZIP record');
    }
  }

  private sizeOf(field: Buffer): number {
    const size = uint64(field, 0);
    if (size > 64 * 1024) throw new UnreadableZip('oversized record');
    return size;
  }

  private async readEntry(offset: number): Promise<void> {
    if (this.entries.size >= ZIP_MAX_ENTRIES) throw new UnreadableZip('too many entries');
    const header = await this.queue.read(26);
    const flags = header.readUInt16LE(2);
    const method = header.readUInt16LE(4);
    const name = await this.queue.read(header.readUInt16LE(22));
    const extra = await this.queue.read(header.readUInt16LE(24));
    if (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION | FLAG_HEADERS_MASKED)) throw new UnreadableZip('encrypted');
    if (method !== STORED && method !== DEFLATED) throw new UnreadableZip('compression method');
    const zip64 = zip64Field(extra);
    const withDescriptor = (flags & FLAG_DATA_DESCRIPTOR) !== 0;
    let compressed = header.readUInt32LE(14);
    let declared = header.readUInt32LE(18);
    if (!withDescriptor && (compressed === MAX_32 || declared === MAX_32)) {
      // The local header's ZIP64 field holds both sizes, the inflated one first (APPNOTE 4.5.3).
      if (!zip64 || zip64.length < 16) throw new UnreadableZip('ZIP64 sizes missing');
      declared = uint64(zip64, 0);
      compressed = uint64(zip64, 8);
    }
    const entry: Entry = {
      name: Buffer.from(name),
      method,
      zip64: zip64 !== undefined,
      declared: withDescriptor ? undefined : declared,
      compressed: 0,
      inflated: 0,
      listed: false,
    };
    if (entry.declared !== undefined) this.checkDeclared(entry.declared, compressed);

    const partName = name.toString('utf8');
    if (partName.toLowerCase().endsWith(VBA_PROJECT_PART)) this.macros = true;
    const declarations = isPackageDeclarationPart(partName) ? new MacroDeclarationFinder() : undefined;
    const output = (bytes: Buffer) => {
      this.count(entry, bytes.length);
      declarations?.push(bytes);
    };
    if (method === STORED) {
      if (withDescriptor) throw new UnreadableZip('stored entry of unknown size');
      if (compressed !== declared) throw new UnreadableZip('stored sizes differ');
      for (let left = compressed; left > 0;) {
        const piece = await this.queue.readSome(left);
        entry.compressed += piece.length;
        left -= piece.length;
        output(piece);
      }
    } else {
      await this.inflate(entry, withDescriptor ? undefined : compressed, output);
      if (entry.declared !== undefined && entry.inflated !== entry.declared) throw new UnreadableZip('entry shorter than declared');
    }
    if (withDescriptor) await this.readDataDescriptor(entry);
    if (declarations?.end()) this.macros = true;
    this.entries.set(offset, entry);
  }

  /** What a header declares, before anything is inflated. */
  private checkDeclared(inflated: number, compressed: number): void {
    this.declaredTotal += inflated;
    if (this.declaredTotal > ZIP_MAX_INFLATED_BYTES) throw new ArchiveSuspiciousError('declares too much in all');
    if (inflated > ENTRY_RATIO_GRACE_BYTES && inflated > ZIP_MAX_RATIO * Math.max(compressed, 1)) {
      throw new ArchiveSuspiciousError('an entry declares an absurd ratio');
    }
  }

  /** Inflated bytes as they come: checked against the entry's declaration and every limit. */
  private count(entry: Entry, bytes: number): void {
    entry.inflated += bytes;
    this.inflatedTotal += bytes;
    if (entry.declared !== undefined && entry.inflated > entry.declared)
      throw new ArchiveSuspiciousError('inflates beyond its declared size');
    if (entry.inflated > ENTRY_RATIO_GRACE_BYTES && entry.inflated > ZIP_MAX_RATIO * Math.max(entry.compressed, 1)) {
      throw new ArchiveSuspiciousError('an entry inflates beyond the ratio');
    }
    if (this.inflatedTotal > ZIP_MAX_INFLATED_BYTES) throw new ArchiveSuspiciousError('inflates too much in all');
    if (this.inflatedTotal > TOTAL_RATIO_GRACE_BYTES && this.inflatedTotal > ZIP_MAX_RATIO * this.queue.position) {
      throw new ArchiveSuspiciousError('the archive inflates beyond the ratio');
    }
  }

  /**
   * Inflates one entry's data: `compressedSize` bytes, or, with a data descriptor after it, until the deflate
   * stream ends (the inflater consumes no more: what it left is given back to the queue).
   */
  private async inflate(entry: Entry, compressedSize: number | undefined, output: (bytes: Buffer) => void): Promise<void> {
    const inflater = createInflateRaw();
    this.inflater = inflater;
    let failure: unknown;
    let ended = false;
    inflater.on('data', (bytes: Buffer) => {
      if (failure) return;
      try {
        output(bytes);
      } catch (error) {
        failure = error;
        inflater.destroy();
      }
    });
    inflater.on('end', () => (ended = true));
    inflater.on('error', (error) => (failure ??= new UnreadableZip(error.message)));
    const settled = () => {
      if (failure) throw failure;
    };
    try {
      let fed = 0;
      for (;;) {
        if (compressedSize !== undefined && fed === compressedSize) break;
        const limit = compressedSize === undefined ? INFLATE_PIECE_BYTES : Math.min(INFLATE_PIECE_BYTES, compressedSize - fed);
        const piece = await this.queue.readSome(limit);
        fed += piece.length;
        entry.compressed += piece.length;
        await write(inflater, piece);
        settled();
        const unused = fed - inflater.bytesWritten;
        if (unused > 0) {
          // The deflate stream ended inside this piece: the rest is what follows the entry.
          if (compressedSize !== undefined) throw new UnreadableZip('entry data longer than its deflate stream');
          entry.compressed -= unused;
          this.queue.unread(piece.subarray(piece.length - unused));
          break;
        }
      }
      await finish(inflater);
      settled();
      if (!ended) throw new UnreadableZip('deflate stream not ended');
    } finally {
      inflater.destroy();
      this.inflater = undefined;
    }
  }

  private async readDataDescriptor(entry: Entry): Promise<void> {
    let record = await this.queue.read(4);
    // The signature is optional (APPNOTE 4.3.9.3): without it, these are already the CRC-32's bytes.
    const signed = record.readUInt32LE(0) === DATA_DESCRIPTOR;
    const sizeBytes = entry.zip64 ? 8 : 4;
    record = await this.queue.read((signed ? 4 : 0) + 2 * sizeBytes);
    const at = signed ? 4 : 0;
    const compressed = entry.zip64 ? uint64(record, at) : record.readUInt32LE(at);
    const inflated = entry.zip64 ? uint64(record, at + sizeBytes) : record.readUInt32LE(at + sizeBytes);
    if (compressed !== entry.compressed || inflated !== entry.inflated) throw new ArchiveSuspiciousError('the data descriptor lies');
  }

  private async readCentralRecord(offset: number): Promise<void> {
    this.centralStart ??= offset;
    const header = await this.queue.read(42);
    const method = header.readUInt16LE(6);
    const name = await this.queue.read(header.readUInt16LE(24));
    const extra = await this.queue.read(header.readUInt16LE(26));
    await this.queue.read(header.readUInt16LE(28));
    let inflated = header.readUInt32LE(20);
    let compressed = header.readUInt32LE(16);
    let localOffset = header.readUInt32LE(38);
    // In the central directory, the ZIP64 field holds only the values whose 32-bit field is 0xFFFFFFFF, in order.
    const zip64 = zip64Field(extra);
    let at = 0;
    const next = () => {
      if (!zip64 || zip64.length < at + 8) throw new ArchiveSuspiciousError('ZIP64 value missing');
      const value = uint64(zip64, at);
      at += 8;
      return value;
    };
    if (inflated === MAX_32) inflated = next();
    if (compressed === MAX_32) compressed = next();
    if (localOffset === MAX_32) localOffset = next();
    if (header.readUInt16LE(30) === MAX_16) next();

    const entry = this.entries.get(localOffset);
    if (!entry || entry.listed) throw new ArchiveSuspiciousError('the central directory lists an entry the archive does not hold');
    if (!entry.name.equals(name) || entry.method !== method) throw new ArchiveSuspiciousError('the central directory names another entry');
    if (compressed !== entry.compressed || inflated !== entry.inflated) {
      throw new ArchiveSuspiciousError('the central directory declares other sizes than the content');
    }
    entry.listed = true;
    this.centralCount += 1;
    this.listedNames.push(name.toString('utf8'));
  }

  private async readEnd(): Promise<void> {
    const record = await this.queue.read(18);
    const comment = await this.queue.read(record.readUInt16LE(16));
    const count = record.readUInt16LE(6);
    const start = record.readUInt32LE(12);
    if (count !== MAX_16 && count !== this.centralCount) throw new UnreadableZip('entry count');
    if (start !== MAX_32 && start !== (this.centralStart ?? this.queue.position - 22 - comment.length)) {
      throw new UnreadableZip('central directory offset');
    }
    // A reader looks for the end record from the end: one in the comment, or after it, would be the one it finds.
    if (comment.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]))) throw new UnreadableZip('end record in the comment');
    if (await this.queue.hasMore()) throw new UnreadableZip('data after the end record');
  }
}

/** Resolves once `piece` is through the inflater (or the inflater is gone: destroyed by a check, or failed). */
function write(inflater: InflateRaw, piece: Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (inflater.destroyed) return resolve();
    const closed = () => resolve();
    inflater.once('close', closed);
    inflater.write(piece, () => {
      inflater.off('close', closed);
      resolve();
    });
  });
}

/** Ends the inflater's input and waits for its last output. */
function finish(inflater: InflateRaw): Promise<void> {
  return new Promise((resolve) => {
    if (inflater.destroyed) return resolve();
    inflater.once('close', () => resolve());
    inflater.end();
  });
}
