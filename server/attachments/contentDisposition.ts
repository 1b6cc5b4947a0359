/**
 * `Content-Disposition: attachment` for a file name in any language (RFC 6266): a plain ASCII `filename`
 * for old clients, and the exact name as `filename*=UTF-8''…` (RFC 8187), which browsers prefer.
 */

function asciiFallback(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_')
    .trim();
  return ascii || 'download';
}

/** RFC 8187 attr-char: ALPHA / DIGIT / "!#$&+-.^_`|~"; everything else percent-encoded from UTF-8. */
function encodeExtValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
