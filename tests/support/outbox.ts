import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** An e-mail the outbox mailer wrote, read back as a person would: recipient, subject, text, attached files. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string }[];
}

/** Quoted-printable (RFC 2045) as UTF-8: soft line breaks joined, =XX bytes decoded. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's encoded words (RFC 2047, =?UTF-8?Q?…?= or =?UTF-8?B?…?=) decoded; folded lines joined. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function split(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  return { headers: headersOf(part.slice(0, at)), body: part.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

export function parseEml(file: string, eml: string): OutboxMail {
  const { headers, body } = split(eml);
  const type = headers.get('content-type') ?? 'text/plain';
  const mail: OutboxMail = {
    file,
    to: decodeHeader(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: '',
    attachments: [],
  };
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) {
    mail.text = decodeBody(headers, body);
    return mail;
  }
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const inner = split(part.replace(/^\r?\n/, ''));
    const partType = inner.headers.get('content-type') ?? '';
    const disposition = inner.headers.get('content-disposition') ?? '';
    if (/attachment/i.test(disposition)) {
      const filename = decodeHeader(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '');
      mail.attachments.push({ filename, contentType: partType.split(';')[0]!.trim() });
    } else if (partType.startsWith('text/plain')) {
      mail.text = decodeBody(inner.headers, inner.body);
    }
  }
  return mail;
}

/** The .eml files of an outbox folder, oldest first, decoded. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (file) => parseEml(file, await readFile(path.join(dir, file), 'utf8'))));
}
