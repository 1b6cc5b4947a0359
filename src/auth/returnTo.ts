/** Where a person who was sent to the welcome page wanted to go; read once after login. */
export const RETURN_TO_STORAGE_KEY = 'pf.returnTo';

// Going back to these after login would undo the login or loop.
const NOT_A_DESTINATION = ['/', '/login-callback', '/logout', '/logout-callback'];

const PLACEHOLDER_ORIGIN = 'https://portale.invalid';

/**
 * Keeps only paths of this site: they start with one "/", and resolve to this origin.
 * Anything else ("//evil.example", "https://…", "/\\evil.example", control characters) is an open redirect.
 */
export function sanitizeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- browsers drop tabs and newlines in URLs: "/\t/evil" becomes "//evil"
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  if (NOT_A_DESTINATION.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function rememberReturnTo(storage: Pick<Storage, 'setItem'>, value: unknown): void {
  const path = sanitizeReturnTo(value);
  if (path !== null) storage.setItem(RETURN_TO_STORAGE_KEY, path);
}

/** Returns the saved destination once and forgets it, so a later login starts from the role's home. */
export function takeReturnTo(storage: Pick<Storage, 'getItem' | 'removeItem'>): string | null {
  const saved = storage.getItem(RETURN_TO_STORAGE_KEY);
  storage.removeItem(RETURN_TO_STORAGE_KEY);
  return sanitizeReturnTo(saved);
}
