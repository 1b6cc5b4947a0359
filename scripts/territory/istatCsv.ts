/**
 * Reading ISTAT's published CSV files: semicolon-separated, Windows-1252 (older files) or UTF-8 (newer ones,
 * sometimes with a byte-order mark), headers that may hold quoted line breaks and footnote marks such as
 * "Codice Provincia (Storico)(1)".
 */

/** The text of a file ISTAT published, whichever of its two encodings it is in. */
export function decodeIstatFile(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** Rows of cells: `;` between cells, `"` around a cell that holds `;`, a quote (doubled) or a line break. */
export function parseSemicolonCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((c) => c.trim() !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  row.push(cell);
  if (row.some((c) => c.trim() !== '')) rows.push(row);
  return rows;
}

/** A header as words: lower case, accents kept, footnote marks and repeated blanks dropped. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/\(\d+\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('it');
}

export class IstatFileError extends Error {
  override name = 'IstatFileError';
}

/**
 * Finds each wanted column by a test on its normalised header. A required column that is missing is an error
 * naming it (the file is not the one expected, or ISTAT changed its layout); an optional one is -1.
 */
export function locateColumns<Key extends string>(
  file: string,
  headers: string[],
  wanted: Record<Key, { test: (header: string) => boolean; label: string; optional?: boolean }>,
): Record<Key, number> {
  const normalized = headers.map(normalizeHeader);
  const located = {} as Record<Key, number>;
  const missing: string[] = [];
  for (const [key, { test, label, optional }] of Object.entries(wanted) as [Key, (typeof wanted)[Key]][]) {
    const index = normalized.findIndex(test);
    if (index < 0 && !optional) missing.push(`"${label}"`);
    located[key] = index;
  }
  if (missing.length) {
    throw new IstatFileError(`${file}: no column ${missing.join(', ')} in the header (found: ${normalized.join(' | ')})`);
  }
  return located;
}

/** A cell as an integer code ("001", " 002 ", "1.001" is not a code), or null when empty or not a number. */
export function codeCell(value: string | undefined): number | null {
  const trimmed = (value ?? '').trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** "dd/mm/yyyy" or "yyyy-mm-dd" (optionally followed by a time) as "yyyy-mm-dd"; null otherwise. */
export function dateCell(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  const iso = trimmed.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const italian = trimmed.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})/);
  if (italian) return `${italian[3]}-${italian[2]!.padStart(2, '0')}-${italian[1]!.padStart(2, '0')}`;
  return null;
}
