import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { built, chunkHolding, chunkSources, DIST, manifest, routeChunk, staticClosure } from './support/buildManifest.ts';

/**
 * Every page's first load, in JavaScript over the wire (the Brotli and gzip files the server sends:
 * scripts/precompressPlugin.ts), read from the Vite build manifest: the scripts a page imports statically before it
 * renders. Bytes are deterministic, so this is a test, not a timing. `npm test` builds first; it prints route → KB
 * (gzip, Brotli) → budget.
 *
 * Budgets are in gzip, the larger of the two, what a browser that does not accept Brotli downloads. The first-load
 * targets hold in both encodings: Brotli, which every browser accepts over HTTPS (the bench,
 * tests/bench/first-load.bench.ts, measures the same pages in Chromium, as transferred), and gzip, what the
 * server sends a browser or proxy that does not accept Brotli.
 *
 * A page is: the entry (index.html: src/main.tsx), then — for every page but the welcome page of a visitor
 * without a session, which src/main.tsx shows on its own — the portal (src/App.tsx: router, session, route
 * tree), then the component chunk of each route file on the way (layouts, then the page). A module that
 * vite.config.ts groups into a shared chunk (src/App.tsx and the signed-in layout are in `portal`) counts as
 * that chunk (support/buildManifest.ts, chunkHolding).
 *
 * Add a route: it is measured against DEFAULT_BUDGET_KB; give it a line in BUDGETS_KB when it needs another.
 */
const ROUTES_DIR = fileURLToPath(new URL('../../src/routes/', import.meta.url));

/** The first-load targets, over the wire in gzip and in Brotli: the welcome page 100 KB, /calls 150 KB. */
const TARGETS_KB: Record<string, number> = { '/ (no session)': 100, '/calls': 150 };
/** What each page may weigh in gzip: today's weight and a little room, so a page cannot grow unnoticed. */
const BUDGETS_KB: Record<string, number> = {
  '/ (no session)': 100,
  // The target, in gzip too.
  '/calls': 150,
  // The application wizard (the fund's definition, its schema, every field component, its route's loader), lazy
  // behind its route; the signed Domanda's rule in the wizard and the loader of its section, which loads on the
  // submit step (issue 43: +1 KB); the Riepilogo with every answer and its «Modifica», Rimuovi's confirmation, the
  // ranked search of long lists, the forecast start rule and the plural forms (issue 46: +1 KB); an integration
  // round's items — the compilation's item schema, the integration machine's «every item answered», the fields and
  // slots drawn in place and left open (issue 44: +2 KB; the item views and their texts load only for such a round);
  // PUI's region stored as its ISTAT code, chosen from the regions' list, and the route's error component with its
  // Riprova (issue 47: +1 KB).
  '/survey/{$fund}_candidatura': 354,
  // The admin's read-only application adds its "Scarica Excel" to the wizard, the header saying whose application
  // it is with the list's status change (the status-change machine; its dialog loads on use) and the receipts; the
  // member's standing (role, call's hand-over rule, suspension) that makes the wizard read-only with a reason (+1 KB);
  // the loader of the signed Domanda's panel (issue 43: +1 KB); read-only answers as text with their units, the status
  // change that keeps what was typed when refused, and the wizard's own issue-46 additions (+2 KB); the status-change
  // machine's items of an integration request and the wizard's own issue-44 additions (+3 KB; the item picker, with
  // every fund's fields, loads only once «In integrazione» is chosen); the call's window that makes a draft never
  // handed over read-only after the closing, with its reason, shared with the applicant's wizard (issue 44: +1 KB);
  // the header's read of the reviewers' evaluation, whose proposed outcome and note the status-change machine offers,
  // and the loader of the evaluation form, the hand-over queue's wait in the wizard the page shares (issues 44 and 45:
  // +2 KB; the form and SurveyJS load below the application); the Excel download's pending and failed state kept by
  // TanStack Query's mutation (its shared chunk) instead of the view's own state, and the wizard's issue-47 additions
  // (issue 47: +1 KB).
  '/admin-organization/survey-{$fund}/$organizationId': 366,
  // The admin's page of one organisation: its members and applications, with the same header and receipts, and the
  // legal representative's section with its codice fiscale (+1 KB), and the members' roles with the Referente's
  // role-change dialog (the member-role-change machine and a radio group: +2 KB), the suspension's texts and the
  // join requests' and governance sections' loaders (their tables and dialogs load on use: +1 KB); a second legal
  // representative and the forms' telephone, house-number and date rules (issues 43 and 46: +2 KB); every id of the
  // organisation's schemas declared by the one id schema (issue 47: +1 KB).
  '/admin-organization/$organizationId': 314,
  // A member's page of their organisation: the shared code, the profile, the members with the role-change dialog
  // and the loaders of the join requests and the history (issue 42: +3 KB over the default); a second legal
  // representative's row and the forms' telephone, house-number and date rules (issues 43 and 46: +2 KB); every id of
  // the organisation's schemas declared by the one id schema (issue 47: +1 KB).
  '/your-organization/$organizationId': 306,
};
/** Any other page: the portal's shared code and the page's own; SurveyJS and other big libraries are lazy. */
const DEFAULT_BUDGET_KB = 300;

type Encoding = 'gz' | 'br';

/** The bytes the browser downloads for a file: its compressed copy when the build wrote one. */
function wireBytes(file: string, encoding: Encoding): number {
  const full = path.join(DIST, file);
  return existsSync(`${full}.${encoding}`) ? statSync(`${full}.${encoding}`).size : statSync(full).size;
}

function firstLoadKb(keys: string[], encoding: Encoding): number {
  const chunks = new Set<string>();
  for (const key of keys) staticClosure(key, chunks);
  const files = new Set([...chunks].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')));
  return [...files].reduce((sum, file) => sum + wireBytes(file, encoding), 0) / 1024;
}

/** Route files (TanStack Router file routes), as paths under src/routes, without -components and the root. */
function routeFiles(dir = ROUTES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('-') ? [] : routeFiles(full);
    return /\.tsx$/.test(entry.name) && entry.name !== '__root.tsx' ? [path.relative(ROUTES_DIR, full)] : [];
  });
}

/** '_authenticated/_admin/admin-panel.tsx' → '/admin-panel'; 'survey.{$fund}_candidatura.tsx' → '/survey/{$fund}_candidatura'. */
function routePath(file: string): string {
  const segments = file
    .replace(/\.tsx$/, '')
    .split('/')
    .flatMap((part) => part.split('.'))
    .filter((segment) => !segment.startsWith('_') && segment !== 'index');
  return `/${segments.join('/')}`;
}

/** The route files a page goes through: each pathless layout on the way, then the page itself. */
function branchOf(file: string): string[] {
  const parts = file.split('/');
  const layouts = parts.slice(0, -1).map((_, i) => `${parts.slice(0, i + 1).join('/')}.tsx`);
  return [...layouts, file].filter((route) => existsSync(path.join(ROUTES_DIR, route)));
}

/** The chunk holding a module the page needs; a page that cannot be measured fails the test. */
function requiredChunk(module: string): string {
  const key = chunkHolding(module);
  if (key === undefined) throw new Error(`${module} is in no chunk of the build`);
  return key;
}

/** The chunk holding a route file's component (and loader), if the route has one. */
const componentChunk = (file: string) => chunkHolding(routeChunk(file));

interface PageLoad {
  page: string;
  /** gzip */
  kb: number;
  brotliKb: number;
  budget: number;
}

/** Pathless layouts (`_authenticated.tsx`) wrap pages; they are not pages of their own. */
const isLayout = (file: string) => path.basename(file).startsWith('_');

function pageLoads(): PageLoad[] {
  const welcome = { page: '/ (no session)', keys: ['index.html'] };
  const pages = routeFiles()
    .filter((file) => !isLayout(file))
    .map((file) => ({
      page: file === 'index.tsx' ? '/ (with a session)' : routePath(file),
      keys: [
        'index.html',
        requiredChunk('src/App.tsx'),
        ...branchOf(file)
          .map(componentChunk)
          .filter((key) => key !== undefined),
      ],
    }));
  return [welcome, ...pages].map(({ page, keys }) => ({
    page,
    kb: firstLoadKb(keys, 'gz'),
    brotliKb: firstLoadKb(keys, 'br'),
    budget: BUDGETS_KB[page] ?? DEFAULT_BUDGET_KB,
  }));
}

describe('first-load JavaScript per page (gzip and Brotli), from the build manifest', () => {
  const loads = built ? pageLoads() : [];
  const table = loads
    .map(({ page, kb, brotliKb, budget }) => {
      const target = TARGETS_KB[page];
      const verdicts = [
        kb > budget ? 'OVER BUDGET' : 'within budget',
        ...(target === undefined ? [] : [`target ${target} KB (gzip, Brotli) ${Math.max(kb, brotliKb) > target ? 'NOT MET' : 'met'}`]),
      ];
      return `  ${page.padEnd(52)} ${kb.toFixed(1).padStart(6)} KB gzip ${brotliKb.toFixed(1).padStart(6)} KB Brotli   budget ${String(budget).padStart(4)} KB   ${verdicts.join('; ')}`;
    })
    .join('\n');

  it('stays within each page’s budget (gzip)', () => {
    expect(built, 'dist/.vite/manifest.json is missing: run npm run build first').toBe(true);
    console.log(`\nFirst-load JavaScript (route → KB gzip, KB Brotli → gzip budget)\n${table}\n`);
    const over = loads.filter(({ kb, budget }) => kb > budget).map(({ page, kb, budget }) => `${page}: ${kb.toFixed(1)} KB > ${budget} KB`);
    expect(over, table).toEqual([]);
  });

  it('meets the issue’s targets over the wire: the welcome page ≤ 100 KB, /calls ≤ 150 KB (gzip and Brotli)', () => {
    expect(built, 'dist/.vite/manifest.json is missing: run npm run build first').toBe(true);
    const missed = Object.entries(TARGETS_KB).flatMap(([page, target]) => {
      const load = loads.find((candidate) => candidate.page === page);
      if (load === undefined) return [`${page}: no such page`];
      return [
        ...(load.kb > target ? [`${page}: ${load.kb.toFixed(1)} KB gzip > ${target} KB`] : []),
        ...(load.brotliKb > target ? [`${page}: ${load.brotliKb.toFixed(1)} KB Brotli > ${target} KB`] : []),
      ];
    });
    expect(missed, table).toEqual([]);
  });

  it('keeps the welcome page without the portal: no router, session, schemas or state machines', () => {
    const chunks = [...staticClosure('index.html')];
    const sources = chunks.flatMap(chunkSources);
    for (const library of ['@tanstack/react-router', '@tanstack/query-core', 'xstate', 'zod', '@internationalized/date']) {
      expect(
        sources.filter((source) => source.includes(`node_modules/${library}/`)),
        library,
      ).toEqual([]);
    }
    expect(sources).not.toContain('src/App.tsx');
    expect(manifest['index.html']!.dynamicImports).toContain(chunkHolding('src/App.tsx'));
  });

  it('sends every script and stylesheet precompressed (Brotli and gzip)', () => {
    const files = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => /\.(js|css)$/.test(file) && statSync(path.join(DIST, file)).size >= 1024);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      expect(existsSync(path.join(DIST, `${file}.br`)), `${file}.br`).toBe(true);
      expect(existsSync(path.join(DIST, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
    expect(existsSync(path.join(DIST, 'index.html.br'))).toBe(true);
  });
});
