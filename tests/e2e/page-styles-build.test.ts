import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../server/delivery/routePreloadsTable.ts';
import { built, DIST, manifest, routeChunk, staticClosure } from './support/buildManifest.ts';

/**
 * The stylesheets each page's HTML links (route-preloads.json, scripts/routePreloadsPlugin.ts), checked against
 * Vite's own manifest: every stylesheet a page's code imports statically is named, the page's own after those of the
 * components it uses (the cascade Vite's loader would have built), so Vite finds them in the page and runs the
 * page's code without fetching them first.
 */
const table: RoutePreloads | null = built
  ? (JSON.parse(readFileSync(path.join(DIST, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreloads)
  : null;
const entryStyles = new Set(Object.values(manifest).flatMap((chunk) => (chunk.isEntry ? (chunk.css ?? []) : [])));

const pages = [
  { address: '/calls', layouts: ['_authenticated', '_authenticated/_applicant'], route: '_authenticated/_applicant/calls.tsx' },
  { address: '/account', layouts: ['_authenticated'], route: '_authenticated/account.tsx' },
  {
    address: '/survey/{$fund}_istruttoria/$organizationId',
    layouts: ['_authenticated'],
    route: '_authenticated/survey.{$fund}_istruttoria.$organizationId.tsx',
  },
  {
    address: '/admin-organization/{$fund}_istruttoria/$organizationId',
    layouts: ['_authenticated', '_authenticated/_admin'],
    route: '_authenticated/_admin/admin-organization.{$fund}_istruttoria.$organizationId.tsx',
  },
];

describe.skipIf(!built)('the stylesheets a page links in its HTML (npm run build first)', () => {
  it.each(pages)('$address names every stylesheet its code imports, its own last', ({ address, layouts, route }) => {
    const row = table!.routes.find((candidate) => candidate.address === address);
    expect(row, address).toBeDefined();
    const linked = [...table!.portalStyles, ...row!.styles];
    const chunks = new Set<string>();
    for (const file of [...layouts.map((layout) => `${layout}.tsx`), route]) staticClosure(routeChunk(file), chunks);
    const imported = [...chunks].flatMap((key) => manifest[key]!.css ?? []).filter((style) => !entryStyles.has(style));
    expect(imported.length).toBeGreaterThan(0);
    expect(linked).toEqual(expect.arrayContaining(imported.map((style) => `/${style}`)));
    const own = manifest[routeChunk(route)]!.css ?? [];
    expect(row!.styles.slice(row!.styles.length - own.length)).toEqual(own.map((style) => `/${style}`));
  });
});
