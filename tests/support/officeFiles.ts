import { PassThrough } from 'node:stream';
import { constants, deflateRawSync } from 'node:zlib';
import yazl from 'yazl';

/** A ZIP container holding `entries` (name → text or bytes), as Office Open XML files are. */
export async function zipOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries))
    zip.addBuffer(typeof content === 'string' ? Buffer.from(content, 'utf8') : content, name);
  zip.end();
  const chunks: Buffer[] = [];
  const output = zip.outputStream.pipe(new PassThrough());
  for await (const chunk of output) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The start of an Office 97–2003 compound file with the named directory entries (e.g. 'WordDocument'). */
export function ole2With(...entries: string[]): Buffer {
  return Buffer.concat([
    OLE2_MAGIC,
    Buffer.alloc(504),
    ...entries.map((entry) => Buffer.concat([Buffer.from(entry, 'utf16le'), Buffer.alloc(64)])),
  ]);
}

/** Every kind of document an integration accepts, as the bytes a person would upload. */
export async function sampleDocuments(): Promise<{ name: string; content: Buffer; contentType: string }[]> {
  const contentTypes = '<?xml version="1.0"?><Types/>';
  return [
    {
      name: 'scansione.png',
      content: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
      contentType: 'image/png',
    },
    { name: 'foto.jpg', content: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]), contentType: 'image/jpeg' },
    {
      name: 'relazione.docx',
      content: await zipOf({ '[Content_Types].xml': contentTypes, 'word/document.xml': '<w:document/>' }),
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    { name: 'relazione.doc', content: ole2With('Root Entry', 'WordDocument'), contentType: 'application/msword' },
    {
      name: 'computo.xlsx',
      content: await zipOf({ '[Content_Types].xml': contentTypes, 'xl/workbook.xml': '<workbook/>' }),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    { name: 'computo.xls', content: ole2With('Root Entry', 'Workbook'), contentType: 'application/vnd.ms-excel' },
    {
      name: 'presentazione.pptx',
      content: await zipOf({ '[Content_Types].xml': contentTypes, 'ppt/presentation.xml': '<p:presentation/>' }),
      contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    },
    { name: 'presentazione.ppt', content: ole2With('Root Entry', 'PowerPoint Document'), contentType: 'application/vnd.ms-powerpoint' },
  ];
}

/** A workbook of a few tens of kilobytes whose sheet inflates to 64 MB of zeros: a decompression bomb. */
export function workbookBomb(): Promise<Buffer> {
  return zipOf({
    '[Content_Types].xml': '<Types/>',
    'xl/workbook.xml': '<workbook/>',
    'xl/worksheets/sheet1.xml': Buffer.alloc(64 * 1024 * 1024),
  });
}

/** A minimal content types part of an Office document whose main part has `mainContentType`. */
export const contentTypesOf = (mainPart: string, mainContentType: string, extra = '') =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/${mainPart}" ContentType="${mainContentType}"/>${extra}</Types>`;

export const DOCX_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

/** A Word document as Word writes its parts: content types, package relationships, the document. */
export function docxParts(overrides: Record<string, string | Buffer> = {}): Record<string, string | Buffer> {
  return {
    '[Content_Types].xml': contentTypesOf('word/document.xml', DOCX_MAIN),
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
    ...overrides,
  };
}

/**
 * A raw deflate stream inflating to `length` zero bytes, made without deflating them all: one mebibyte of
 * zeros deflated once with a full flush (a self-contained, byte-aligned, non-final block of about 1 KB),
 * repeated, then the rest as the final block. 8 GiB of zeros take about 8 MB.
 */
export function deflatedZeros(length: number): Buffer {
  const MIB = 1024 * 1024;
  const block = deflateRawSync(Buffer.alloc(MIB), { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
  const whole = Math.floor(length / MIB);
  const rest = deflateRawSync(Buffer.alloc(length - whole * MIB), { level: 9 });
  return Buffer.concat([...Array.from({ length: whole }, () => block), rest]);
}

export interface CraftedEntry {
  name: string;
  /** The entry's data as stored in the archive (already deflated when `method` is 8). */
  data: Buffer;
  method?: 0 | 8;
  /** What the headers declare it inflates to (by default the data's own length for a stored entry). */
  inflated?: number;
  /** Sizes in a ZIP64 extra field, 0xFFFFFFFF in the headers' own fields. */
  zip64?: boolean;
  /** Bit 3: sizes zero in the local header, given in a data descriptor after the data. */
  descriptor?: boolean;
}

/** A ZIP written byte by byte as a hostile program could write it: headers declare what the entry says. */
export function craftedZip(entries: CraftedEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const push = (buffer: Buffer) => {
    parts.push(buffer);
    offset += buffer.length;
  };
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const name = Buffer.from(entry.name, 'utf8');
    const inflated = entry.inflated ?? entry.data.length;
    const compressed = entry.data.length;
    const zip64Extra = (values: number[]) => {
      const extra = Buffer.alloc(4 + 8 * values.length);
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8 * values.length, 2);
      values.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
      return extra;
    };
    const localExtra = entry.zip64 ? zip64Extra(entry.descriptor ? [0, 0] : [inflated, compressed]) : Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(entry.zip64 ? 45 : 20, 4);
    local.writeUInt16LE(entry.descriptor ? 0x0008 : 0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(entry.descriptor ? 0 : entry.zip64 ? 0xffffffff : compressed, 18);
    local.writeUInt32LE(entry.descriptor ? 0 : entry.zip64 ? 0xffffffff : inflated, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    const localOffset = offset;
    push(Buffer.concat([local, name, localExtra, entry.data]));
    if (entry.descriptor) {
      const descriptor = Buffer.alloc(entry.zip64 ? 24 : 16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      if (entry.zip64) {
        descriptor.writeBigUInt64LE(BigInt(compressed), 8);
        descriptor.writeBigUInt64LE(BigInt(inflated), 16);
      } else {
        descriptor.writeUInt32LE(compressed, 8);
        descriptor.writeUInt32LE(inflated, 12);
      }
      push(descriptor);
    }
    const centralExtra = entry.zip64 ? zip64Extra([inflated, compressed]) : Buffer.alloc(0);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(entry.zip64 ? 45 : 20, 4);
    record.writeUInt16LE(entry.zip64 ? 45 : 20, 6);
    record.writeUInt16LE(entry.descriptor ? 0x0008 : 0, 8);
    record.writeUInt16LE(method, 10);
    record.writeUInt32LE(entry.zip64 ? 0xffffffff : compressed, 20);
    record.writeUInt32LE(entry.zip64 ? 0xffffffff : inflated, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt16LE(centralExtra.length, 30);
    record.writeUInt32LE(localOffset, 42);
    central.push(Buffer.concat([record, name, centralExtra]));
  }
  const centralStart = offset;
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(centralStart, 16);
  return Buffer.concat([...parts, directory, end]);
}

/**
 * A decompression bomb: a .docx of about 8 MB whose one ZIP64 entry inflates to 8 GiB, its
 * 32-bit size fields 0xFFFFFFFF — just under 4 GiB to a check that would read them as a size.
 */
export function zip64Bomb(): Buffer {
  const eightGib = 8 * 1024 ** 3;
  return craftedZip([
    ...Object.entries(docxParts()).map(([name, content]) => ({ name, data: Buffer.from(content), method: 0 as const })),
    { name: 'word/media/image1.png', data: deflatedZeros(eightGib), inflated: eightGib, zip64: true },
  ]);
}

/**
 * The probe's second bomb: a .docx of about 4 MB with 409 entries of just under 10 MiB of zeros each (about
 * 4.3 GB in all), each below 10 MiB, where a per-entry ratio check would start.
 */
export function manyEntriesBomb(options: { descriptor?: boolean; entrySize?: number; entries?: number } = {}): Buffer {
  const size = options.entrySize ?? 10 * 1024 * 1024 - 1;
  const data = deflatedZeros(size);
  return craftedZip([
    ...Object.entries(docxParts()).map(([name, content]) => ({ name, data: Buffer.from(content), method: 0 as const })),
    ...Array.from({ length: options.entries ?? 409 }, (_, i) => ({
      name: `word/media/image${i + 1}.png`,
      data,
      inflated: size,
      ...(options.descriptor ? { descriptor: true } : {}),
    })),
  ]);
}
