import { PassThrough } from 'node:stream';
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
