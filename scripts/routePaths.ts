/**
 * The address a TanStack Router route file serves, from its path under src/routes — the conventions this portal's
 * route files use: `.` separates path segments, a segment starting with `_` is a pathless layout, a trailing `_`
 * leaves the parent's layout, `index` is the parent's own address, `$name` is a parameter and `{$name}suffix` a
 * parameter with a fixed suffix. tests/unit/routePreloads.test.ts checks the answers against src/routeTree.gen.ts.
 */
export function routeAddress(routeId: string): string {
  const segments = routeId
    .split('/')
    .flatMap((folder) => folder.split('.'))
    .filter((segment) => !segment.startsWith('_') && segment !== 'index')
    .map((segment) => (segment.endsWith('_') ? segment.slice(0, -1) : segment));
  return `/${segments.join('/')}`;
}

/** A route's address as a regular expression over a URL's path: a parameter is one segment, never empty. */
export function addressPattern(address: string): string {
  const segments = address
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment
        .split(/(\{\$[A-Za-z]+\}|^\$[A-Za-z]+$)/)
        .map((part) => (part.startsWith('$') || part.startsWith('{$') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join(''),
    );
  return segments.length === 0 ? '^/$' : `^/${segments.join('/')}/?$`;
}

/** The layouts a route file renders inside: every folder of its path that is a route file itself. */
export function layoutIds(routeId: string, routeIds: ReadonlySet<string>): string[] {
  const folders = routeId.split('/').slice(0, -1);
  return folders.map((_, index) => folders.slice(0, index + 1).join('/')).filter((id) => routeIds.has(id));
}
