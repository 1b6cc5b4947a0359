import { randomBytes } from 'node:crypto';

export interface MultipartFile {
  name: string;
  content: Buffer;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData sends it, fields and files in the given order. */
export function multipartForm(parts: [string, string | MultipartFile][]): { body: Buffer; contentType: string } {
  const boundary = `----portale${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [field, value] of parts) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${value.name}"\r\n` +
            `Content-Type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
