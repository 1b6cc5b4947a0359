// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressPattern, layoutIds, routeAddress } from '../../scripts/routePaths.ts';

const ROUTES = path.resolve('src/routes');

/** Every route file under src/routes as the router plugin names it (its path without the extension). */
function routeIds(): string[] {
  return readdirSync(ROUTES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !file.split(path.sep).some((part) => part.startsWith('-')) && file !== '__root.tsx')
    .map((file) =>
      file
        .replace(/\.tsx$/, '')
        .split(path.sep)
        .join('/'),
    );
}

/** The addresses the generated route tree serves (src/routeTree.gen.ts, FileRoutesByFullPath). */
function generatedAddresses(): string[] {
  const tree = readFileSync('src/routeTree.gen.ts', 'utf8');
  const block = /export interface FileRoutesByFullPath \{\n([\s\S]*?)\n\}/.exec(tree)?.[1] ?? '';
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]!);
}

describe('the pages a route file serves (scripts/routePaths.ts, for route-preloads.json)', () => {
  it('gives every route file the address TanStack Router serves it at', () => {
    const pages = routeIds().filter((id) => !id.split('/').at(-1)!.startsWith('_'));
    expect(new Set(pages.map(routeAddress))).toEqual(new Set(generatedAddresses()));
  });

  it('matches the paths people open, one segment per parameter', () => {
    const matches = (address: string, pathname: string) => new RegExp(addressPattern(address)).test(pathname);
    expect(matches('/', '/')).toBe(true);
    expect(matches('/', '/calls')).toBe(false);
    expect(matches('/survey/{$fund}_istruttoria/$organizationId', '/survey/TUR_istruttoria/7b0c')).toBe(true);
    expect(matches('/survey/{$fund}_istruttoria/$organizationId', '/survey/_istruttoria/7b0c')).toBe(false);
    expect(matches('/survey/{$fund}_istruttoria/$organizationId', '/survey/TUR_istruttoria/7b0c/x')).toBe(false);
    expect(matches('/admin-panel/report', '/admin-panel/report/')).toBe(true);
    expect(matches('/api/docs', '/api/docsx')).toBe(false);
  });

  it('finds the layouts a page renders inside', () => {
    const ids = new Set(routeIds());
    expect(layoutIds('_authenticated/_admin/admin-panel', ids)).toEqual(['_authenticated', '_authenticated/_admin']);
    expect(layoutIds('privacy', ids)).toEqual([]);
  });
});
