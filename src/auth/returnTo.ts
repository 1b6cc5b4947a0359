/** Where a person who was sent to the welcome page wanted to go; read once after login. */
export const RETURN_TO_STORAGE_KEY = 'pf.returnTo';

// Going back to these after login would undo the login or loop.
const NOT_A_DESTINATION = ['/', '/login-callback', '/logout', '/logout-callback'];

const PLACEHOLDER_ORIGIN = 'https://portale.invalid';

/** One "/", then anything but a second "/" or a "\\": what a browser reads as a path of the same site. */
const ONE_LEADING_SLASH = /^\/(?![/\\])/;

/**
 * Whether the path part starts with a single "/", as it is and once decoded ("/%2F%2Fevil" is "//evil" to a router
 * that decodes before it navigates).
 */
function hasOneLeadingSlash(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return ONE_LEADING_SLASH.test(pathname) && ONE_LEADING_SLASH.test(decoded);
}

/**
 * Keeps only paths of this site. The candidate is resolved against a fixed origin with URL; what comes out is kept
 * only if it is of that origin, starts with a single "/" (as it is and decoded) and resolves to itself again:
 * "/.//evil.example" resolves to the path "//evil.example", which a browser reads as another site. Anything else
 * ("//evil.example", "https://…", "/\\evil.example", control characters) would be an open redirect.
 */
export function sanitizeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  // eslint-disable-next-line no-control-regex -- browsers drop tabs and newlines in URLs: "/\t/evil" becomes "//evil"
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  if (!hasOneLeadingSlash(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!hasOneLeadingSlash(path) || new URL(path, PLACEHOLDER_ORIGIN).href !== `${PLACEHOLDER_ORIGIN}${path}`) return null;
  if (NOT_A_DESTINATION.includes(url.pathname)) return null;
  return path;
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
