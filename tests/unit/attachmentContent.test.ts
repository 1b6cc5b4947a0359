// @vitest-environment node
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { workbookBomb, zipOf } from '../support/officeFiles.ts';
import { describe, expect, it } from 'vitest';
import { ContentInspector, UploadWrongFormatError, type ContentInspection } from '../../server/attachments/contentInspector.ts';
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

function zipWith(name: string): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([Buffer.alloc(0), header, Buffer.from(name), Buffer.from('dati')]);
}

describe('what an upload is, whatever its chunks', () => {
  it.each([1, 3, 7, 64, 4096])('finds PDF/A and the size and hash with %i-byte chunks', async (size) => {
    const result = await inspect(pdfA, size);
    expect(result).toMatchObject({ kind: 'pdf', isPdfA: true, size: pdfA.length });
    expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([1, 5, 31, 4096])('tells a workbook, a document and a presentation from another zip with %i-byte chunks', async (size) => {
    const workbook = Buffer.concat([zipWith('[Content_Types].xml'), zipWith('xl/workbook.xml')]);
    expect((await inspect(workbook, size)).kind).toBe('xlsx');
    expect((await inspect(zipWith('word/document.xml'), size)).kind).toBe('docx');
    expect((await inspect(zipWith('ppt/presentation.xml'), size)).kind).toBe('pptx');
    expect((await inspect(zipWith('leggimi.txt'), size)).kind).toBe('zip');
    expect((await inspect(Buffer.concat([zipWith('xl/workbook.xml'), zipWith('word/document.xml')]), size)).kind).toBe('zip');
  });

  it.each([1, 7, 4096])('finds macros in a zip or a legacy Office file with %i-byte chunks', async (size) => {
    const xlsm = Buffer.concat([zipWith('xl/workbook.xml'), zipWith('xl/vbaProject.bin')]);
    expect(await inspect(xlsm, size)).toMatchObject({ kind: 'xlsx', hasMacros: true });
    expect(await inspect(zipWith('xl/workbook.xml'), size)).toMatchObject({ hasMacros: false });
    const ole2 = (...entries: string[]) =>
      Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        ...entries.map((entry) => Buffer.from(entry, 'utf16le')),
      ]);
    expect(await inspect(ole2('WordDocument'), size)).toMatchObject({ kind: 'doc', hasMacros: false });
    expect(await inspect(ole2('PowerPoint Document', '_VBA_PROJECT'), size)).toMatchObject({ kind: 'ppt', hasMacros: true });
  });

  it('tells a decompression bomb from a workbook, from its declared sizes, in any chunking', async () => {
    const bomb = await workbookBomb();
    for (const size of [7, 4096, 65536]) {
      expect(await inspect(bomb, size)).toMatchObject({ kind: 'xlsx', isDecompressionBomb: true });
      expect(
        await inspect(
          await zipOf({ 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': Buffer.alloc(2 * 1024 * 1024, 7) }),
          size,
        ),
      ).toMatchObject({
        kind: 'xlsx',
        isDecompressionBomb: false,
      });
    }
  });

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
