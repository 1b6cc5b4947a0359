import { inflateRawSync } from 'node:zlib';

/** One entry of a zip's central directory: its name, how it is kept (0 stored, 8 deflated) and its bytes. */
export interface ZipEntry {
  name: string;
  method: number;
  content: Buffer;
}

/** Reads every entry of a zip file from its central directory. Enough to check what a zip holds and how. */
export function zipDirectory(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end === -1) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const localData = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(localData, localData + compressedSize);
    entries.push({ name, method, content: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Every entry of a zip file: name → bytes. */
export function zipEntries(zip: Buffer): Map<string, Buffer> {
  return new Map(zipDirectory(zip).map((entry) => [entry.name, entry.content]));
}
