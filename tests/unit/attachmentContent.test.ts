// @vitest-environment node
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import {
  contentTypesOf,
  craftedZip,
  deflatedZeros,
  docxParts,
  manyEntriesBomb,
  workbookBomb,
  zip64Bomb,
  zipOf,
} from '../support/officeFiles.ts';
import { describe, expect, it } from 'vitest';
import { ContentInspector, UploadWrongFormatError, type ContentInspection } from '../../server/attachments/contentInspector.ts';
import { ArchiveSuspiciousError } from '../../server/attachments/zipInspection.ts';
import { attachmentDisposition } from '../../server/attachments/contentDisposition.ts';
import { displayFileName, fileNameWithExtension } from '../../domain/fileName.ts';
import { fileNameFromDisposition } from '../../src/api/attachments.ts';
import type { AttachmentFormat } from '../../domain/attachments.ts';

/** Streams `bytes` through an inspector in chunks of `size` bytes, as a slow upload would arrive. */
async function inspect(bytes: Buffer, size: number, expected?: AttachmentFormat): Promise<ContentInspection> {
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
  const inspector = new ContentInspector({ maxBytes: 10_000_000, ...(expected ? { expected } : {}) });
  await pipeline(Readable.from(chunks), inspector, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return inspector.result();
}

const pdfA = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Metadata >>\nstream\n<pdfaid:part>2</pdfaid:part>\nendstream\n%%EOF\n', 'latin1');

describe('what an upload is, whatever its chunks', () => {
  it.each([1, 3, 7, 64, 4096])('finds PDF/A and the size and hash with %i-byte chunks', async (size) => {
    const result = await inspect(pdfA, size);
    expect(result).toMatchObject({ kind: 'pdf', isPdfA: true, size: pdfA.length });
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([1, 5, 31, 4096])('tells a workbook, a document and a presentation from another zip with %i-byte chunks', async (size) => {
    const types = '<Types/>';
    expect((await inspect(await zipOf({ '[Content_Types].xml': types, 'xl/workbook.xml': '<workbook/>' }), size)).kind).toBe('xlsx');
    expect((await inspect(await zipOf(docxParts()), size)).kind).toBe('docx');
    expect((await inspect(await zipOf({ '[Content_Types].xml': types, 'ppt/presentation.xml': '<p/>' }), size)).kind).toBe('pptx');
    expect((await inspect(await zipOf({ 'leggimi.txt': 'testo' }), size)).kind).toBe('zip');
    // An Office package declares its content types: without them Office opens nothing.
    expect((await inspect(await zipOf({ 'word/document.xml': '<w:document/>' }), size)).kind).toBe('zip');
    expect((await inspect(await zipOf({ '[Content_Types].xml': types, 'xl/a.xml': 'a', 'word/b.xml': 'b' }), size)).kind).toBe('zip');
  });

  it('reads what Office-writing programs write: a workbook of ExcelJS, entries with data descriptors', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Piano').addRows(Array.from({ length: 2000 }, (_, i) => [`Voce ${i}`, i * 1000.5]));
    expect(await inspect(Buffer.from(await book.xlsx.writeBuffer()), 4096)).toMatchObject({ kind: 'xlsx', hasMacros: false });
    // yazl writes a stream's entry with its sizes in a data descriptor after the data (bit 3).
    const zip = new yazl.ZipFile();
    for (const [name, content] of Object.entries(docxParts())) {
      const stream = new PassThrough();
      zip.addReadStream(stream, name);
      stream.end(content);
    }
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream.pipe(new PassThrough())) chunks.push(chunk as Buffer);
    for (const size of [1, 7, 4096]) expect((await inspect(Buffer.concat(chunks), size)).kind).toBe('docx');
  });

  it.each([1, 7, 4096])('finds macros in a zip or a legacy Office file with %i-byte chunks', async (size) => {
    const xlsm = await zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>', 'xl/vbaProject.bin': 'vba' });
    expect(await inspect(xlsm, size)).toMatchObject({ kind: 'xlsx', hasMacros: true });
    expect(await inspect(await zipOf(docxParts()), size)).toMatchObject({ hasMacros: false });
    const ole2 = (...entries: string[]) =>
      Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        ...entries.map((entry) => Buffer.from(entry, 'utf16le')),
      ]);
    expect(await inspect(ole2('WordDocument'), size)).toMatchObject({ kind: 'doc', hasMacros: false });
    expect(await inspect(ole2('PowerPoint Document', '_VBA_PROJECT'), size)).toMatchObject({ kind: 'ppt', hasMacros: true });
  });
});

describe('macros declared by the package, whatever its parts are called', () => {
  const DOCM_MAIN = 'application/vnd.ms-word.document.macroEnabled.main+xml';
  const VBA = '<Override PartName="/word/media/image1.bin" ContentType="application/vnd.ms-office.vbaProject"/>';
  const documentRels = (type: string) =>
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    `<Relationship Id="rId9" Type="${type}" Target="media/image1.bin"/></Relationships>`;
  const hidden = { 'word/media/image1.bin': Buffer.from('VBA project, named as an image') };

  it.each([1, 13, 4096])('a macro-enabled main part, a VBA project content type or relationship, with %i-byte chunks', async (size) => {
    const cases: Record<string, Record<string, string | Buffer>> = {
      'macro-enabled main part': docxParts({ '[Content_Types].xml': contentTypesOf('word/document.xml', DOCM_MAIN), ...hidden }),
      'VBA project content type': docxParts({ '[Content_Types].xml': contentTypesOf('word/document.xml', DOCM_MAIN, VBA), ...hidden }),
      'VBA project type, main part as a plain document': docxParts({
        '[Content_Types].xml': contentTypesOf(
          'word/document.xml',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
          VBA,
        ),
        ...hidden,
      }),
      'VBA project relationship only': docxParts({
        'word/_rels/document.xml.rels': documentRels('http://schemas.microsoft.com/office/2006/relationships/vbaProject'),
        ...hidden,
      }),
      'spelt with character references': docxParts({
        '[Content_Types].xml': contentTypesOf('word/document.xml', 'application/vnd.ms-word.document.&#109;acro&#x45;nabled.main+xml'),
      }),
      'Excel 4.0 macro sheet': {
        '[Content_Types].xml': contentTypesOf(
          'xl/workbook.xml',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
          '<Override PartName="/xl/macrosheets/sheet1.xml" ContentType="application/vnd.ms-excel.macrosheet+xml"/>',
        ),
        'xl/workbook.xml': '<workbook/>',
      },
    };
    for (const [name, parts] of Object.entries(cases)) {
      expect(await inspect(await zipOf(parts), size), name).toMatchObject({ hasMacros: true });
    }
    // Content types written in UTF-16, as XML allows.
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(contentTypesOf('word/document.xml', DOCM_MAIN), 'utf16le')]);
    expect(await inspect(await zipOf(docxParts({ '[Content_Types].xml': utf16 })), size)).toMatchObject({ hasMacros: true });
    // A document that only mentions such words in its text is no macro.
    const prose = docxParts({ 'word/document.xml': '<w:document><w:t>vbaProject macroEnabled</w:t></w:document>' });
    expect(await inspect(await zipOf(prose), size)).toMatchObject({ kind: 'docx', hasMacros: false });
  });
});

describe('decompression bombs: refused while they stream, before anyone opens them', () => {
  const refusal = (bytes: Buffer, size = 65536) =>
    inspect(bytes, size).then(
      () => 'accepted',
      (error: unknown) => error,
    );

  it('a workbook whose sheet inflates to 64 MB of zeros, in any chunking; a real sheet of 2 MB is fine', async () => {
    const bomb = await workbookBomb();
    for (const size of [7, 4096, 65536]) expect(await refusal(bomb, size)).toBeInstanceOf(ArchiveSuspiciousError);
    const rows = Array.from({ length: 45_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${(i * 7919) % 100_003}</v></c></row>`);
    const sheet = `<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`;
    expect(sheet.length).toBeGreaterThan(2 * 1024 * 1024);
    const workbook = await zipOf({
      '[Content_Types].xml': '<Types/>',
      'xl/workbook.xml': '<workbook/>',
      'xl/worksheets/sheet1.xml': sheet,
    });
    expect(await inspect(workbook, 4096)).toMatchObject({ kind: 'xlsx', hasMacros: false });
  });

  it('one ZIP64 entry of 8 GiB in an 8.5 MB .docx, its 32-bit sizes 0xFFFFFFFF', async () => {
    const bomb = zip64Bomb();
    expect(bomb.length).toBeLessThan(9 * 1024 * 1024);
    expect(await refusal(bomb)).toBeInstanceOf(ArchiveSuspiciousError);
  });

  it('a ZIP64 entry that declares 64 KiB and inflates to 8 GiB: stopped once past what it declared', async () => {
    const lying = craftedZip([
      ...Object.entries(docxParts()).map(([name, content]) => ({ name, data: Buffer.from(content), method: 0 as const })),
      { name: 'word/media/image1.png', data: deflatedZeros(8 * 1024 ** 3), inflated: 64 * 1024, zip64: true },
    ]);
    const started = Date.now();
    expect(await refusal(lying)).toBeInstanceOf(ArchiveSuspiciousError);
    expect(Date.now() - started).toBeLessThan(10_000);
    // Declaring 64 KiB in the 32-bit fields, without ZIP64, does not help either.
    const small = craftedZip([
      ...Object.entries(docxParts()).map(([name, content]) => ({ name, data: Buffer.from(content), method: 0 as const })),
      { name: 'word/media/image1.png', data: deflatedZeros(64 * 1024 * 1024), inflated: 64 * 1024 },
    ]);
    expect(await refusal(small)).toBeInstanceOf(ArchiveSuspiciousError);
  });

  it('409 entries of just under 10 MiB each (4.3 GB in 4.3 MB), whether the sizes come before or after the data', async () => {
    const declared = manyEntriesBomb();
    expect(declared.length).toBeLessThan(4.5 * 1024 * 1024);
    expect(await refusal(declared)).toBeInstanceOf(ArchiveSuspiciousError);
    expect(await refusal(manyEntriesBomb({ descriptor: true }))).toBeInstanceOf(ArchiveSuspiciousError);
  });

  it('many entries each below the per-entry grace: the ratio of the whole archive stops them', async () => {
    const small = manyEntriesBomb({ descriptor: true, entrySize: 1024 * 1024 - 1, entries: 409 });
    expect(await refusal(small)).toBeInstanceOf(ArchiveSuspiciousError);
  });

  it('a central directory that tells Office another story than the entries read', async () => {
    const parts = Object.entries(docxParts()).map(([name, content]) => ({ name, data: Buffer.from(content), method: 0 as const }));
    const honest = craftedZip(parts);
    expect((await inspect(honest, 64)).kind).toBe('docx');
    // The last record's sizes raised: Office would read more than the entry holds.
    const centralSizes = Buffer.from(honest);
    const lastRecord = centralSizes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    centralSizes.writeUInt32LE(centralSizes.readUInt32LE(lastRecord + 24) + 1, lastRecord + 24);
    expect(await refusal(centralSizes)).toBeInstanceOf(ArchiveSuspiciousError);
    // A record pointing into another entry's data (an overlapping or hidden entry).
    const elsewhere = Buffer.from(honest);
    elsewhere.writeUInt32LE(elsewhere.readUInt32LE(lastRecord + 42) + 1, lastRecord + 42);
    expect(await refusal(elsewhere)).toBeInstanceOf(ArchiveSuspiciousError);
  });

  it('what no Office program writes is no Office document: 0xFFFFFFFF without ZIP64, an unknown method, trailing data', async () => {
    const parts = Object.entries(docxParts()).map(([name, content]) => ({ name, data: Buffer.from(content), method: 0 as const }));
    const sentinel = craftedZip([...parts, { name: 'word/x.bin', data: deflateRawSync(Buffer.from('x')), inflated: 0xffffffff }]);
    expect((await inspect(sentinel, 4096)).kind).toBe('zip');
    const bzip2 = craftedZip(parts);
    bzip2.writeUInt16LE(12, 8);
    expect((await inspect(bzip2, 4096)).kind).toBe('zip');
    expect((await inspect(Buffer.concat([craftedZip(parts), Buffer.from('coda')]), 4096)).kind).toBe('zip');
    expect((await inspect(craftedZip(parts).subarray(0, 200), 4096)).kind).toBe('zip');
  });
});

describe('other kinds, by their first bytes', () => {
  it('knows images by their signatures', async () => {
    expect((await inspect(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 3)).kind).toBe('png');
    expect((await inspect(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0, 0, 0, 0, 0]), 3)).kind).toBe('jpeg');
  });

  it('stops a file at its first bytes when they cannot be what the slot asks for', async () => {
    const executable = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(100_000)]);
    await expect(inspect(executable, 1024, 'PDF')).rejects.toBeInstanceOf(UploadWrongFormatError);
    await expect(inspect(Buffer.from('%PDF-1.4 tiny'), 2, 'Excel')).rejects.toBeInstanceOf(UploadWrongFormatError);
  });

  it('knows a PDF shorter than its head', async () => {
    expect((await inspect(Buffer.from('%PDF-'), 2)).kind).toBe('pdf');
  });
});

describe('file names', () => {
  it('keeps only the last segment of a path and nothing that could disguise the name', () => {
    expect(displayFileName('../../etc/passwd')).toBe('passwd');
    expect(displayFileName('C:\\Users\\maria\\Relazione.pdf')).toBe('Relazione.pdf');
    expect(displayFileName('fattura\u202Efdp.exe')).toBe('fatturafdp.exe');
    expect(displayFileName('..')).toBe('');
    expect(fileNameWithExtension('../../etc/passwd', '.pdf', 'allegato')).toBe('passwd.pdf');
    expect(fileNameWithExtension('', '.xlsx', 'allegato')).toBe('allegato.xlsx');
    expect(fileNameWithExtension('Piano.XLSX', '.xlsx', 'allegato')).toBe('Piano.XLSX');
  });

  it.each([
    'Relazione tecnica.pdf',
    'Delibera n° 12 – città.pdf',
    'Documento d\u2019identità (fronte*retro).pdf',
    "AllegatiPui-Comune di Sant'Àngelo.zip",
  ])('offers "%s" back exactly through Content-Disposition', (name) => {
    const header = attachmentDisposition(name);
    expect(header.startsWith('attachment; filename="')).toBe(true);
    expect(/^[\x20-\x7e]*$/.test(header)).toBe(true);
    expect(fileNameFromDisposition(header, 'x')).toBe(name);
  });

  it('falls back to the plain name, then to the given one', () => {
    expect(fileNameFromDisposition('attachment; filename="piano.xlsx"', 'x')).toBe('piano.xlsx');
    expect(fileNameFromDisposition(null, 'allegato')).toBe('allegato');
  });
});
