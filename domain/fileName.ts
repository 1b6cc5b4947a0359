/**
 * The name a person gave their file, made safe to show and to offer back as a download name. It is only
 * ever displayed: files are stored under generated keys, so a name like '../../etc/passwd' cannot reach
 * the disk; still, only its last segment is kept, so nobody is shown or sent a path.
 */

export const FILE_NAME_MAX_LENGTH = 180;

// C0/C1 controls, and the bidirectional overrides that can disguise 'fdp.exe' as 'exe.pdf'.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// Characters Windows refuses in names: a downloaded file must be savable as it is named.
const RESERVED_CHARACTERS = /[<>:"|?*]/g;

/** The last path segment, without unsafe characters, trimmed, at most FILE_NAME_MAX_LENGTH; '' if nothing is left. */
export function displayFileName(raw: string): string {
  const lastSegment = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .replace(UNSAFE_CHARACTERS, '')
    .replace(RESERVED_CHARACTERS, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  if (cleaned.length <= FILE_NAME_MAX_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, FILE_NAME_MAX_LENGTH - extension.length).trimEnd() + extension;
}

/**
 * The display name with the extension its content really has ('.pdf', '.xlsx', '.xls'), so the downloaded
 * file opens with the right program whatever the person called it; `fallback` when the name is empty.
 */
export function fileNameWithExtension(raw: string, extension: string, fallback: string): string {
  const name = displayFileName(raw) || fallback;
  if (name.toLowerCase().endsWith(extension.toLowerCase())) return name;
  return displayFileName(`${name.slice(0, FILE_NAME_MAX_LENGTH - extension.length)}${extension}`);
}
