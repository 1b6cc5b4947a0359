import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TOKEN_COOKIE } from '../../domain/authCookies.ts';
import { LOGIN_LABEL_META } from '../../domain/loginLabel.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from './routePreloadsTable.ts';

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One version of the SPA's page, with the validator a browser revalidates it by. */
export interface ClientPage {
  html: string;
  etag: string;
}

interface RoutePattern {
  pattern: RegExp;
  scripts: string[];
  /** Characters of the address that are not parameters: of two routes matching a path, the more specific wins. */
  literal: number;
}

/**
 * The SPA's page (index.html) for an address, naming the scripts that page will run (`<link rel="modulepreload">`,
 * from the build's route-preloads.json): the browser fetches and compiles them while the portal starts, instead of
 * one step after another (the entry, then the portal's shell, then — once the router has matched the address — the
 * route's code). A visitor without a session on the welcome page gets the page as built: it loads nothing more
 * (src/main.tsx). Pages are made once per route and kept; without the table (an old build) every page is the one
 * built. With `loginLabel` (OIDC_LOGIN_LABEL) every page carries it for the welcome page's sign-in button
 * (domain/loginLabel.ts), so the welcome page asks for nothing more.
 */
export function clientPages(root: string, options: { loginLabel?: string } = {}) {
  const asBuilt = readFileSync(path.join(root, 'index.html'), 'utf8');
  const built = options.loginLabel
    ? asBuilt.replace('</head>', `<meta name="${LOGIN_LABEL_META}" content="${escapeAttribute(options.loginLabel)}">\n</head>`)
    : asBuilt;
  const tableFile = path.join(root, ROUTE_PRELOADS_FILE);
  const table: RoutePreloads | null = existsSync(tableFile) ? (JSON.parse(readFileSync(tableFile, 'utf8')) as RoutePreloads) : null;
  const routes: RoutePattern[] = (table?.routes ?? []).map((route) => ({
    pattern: new RegExp(route.pattern),
    scripts: route.scripts,
    literal: route.address.replace(/\{?\$[A-Za-z]+\}?/g, '').length,
  }));

  const made = new Map<string, ClientPage>();
  const page = (scripts: string[]): ClientPage => {
    const key = scripts.join(' ');
    let kept = made.get(key);
    if (!kept) {
      const links = scripts.map((script) => `<link rel="modulepreload" crossorigin href="${script}">\n`).join('');
      const html = built.replace('</head>', `${links}</head>`);
      kept = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
      made.set(key, kept);
    }
    return kept;
  };

  return {
    /** The page for a path (without its query), for a browser that holds a session (a token cookie) or not. */
    pageFor(pathname: string, signedIn: boolean): ClientPage {
      if (table === null || (pathname === '/' && !signedIn)) return page([]);
      const route = routes.filter((candidate) => candidate.pattern.test(pathname)).sort((a, b) => b.literal - a.literal)[0];
      return page([...table.portal, ...(route?.scripts ?? [])]);
    },
  };
}

/** Whether the request carries the access token cookie the portal's pages sign in with (spec §9). */
export function holdsSession(cookies: Record<string, string | undefined> | undefined): boolean {
  return Boolean(cookies?.[TOKEN_COOKIE]);
}
