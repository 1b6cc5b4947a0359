import type { Plugin } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../server/delivery/routePreloadsTable.ts';
import { addressPattern, layoutIds, routeAddress } from './routePaths.ts';

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
}

const ROUTE_CHUNK = /[\\/]src[\\/]routes[\\/](.+)\.tsx\?tsr-split=component/;

/**
 * The mark of a lazy import a page's loader waits for: a comment reading `portale:with-page` as the first thing inside
 * its `import(…)`. The chunk is named in the HTML of every page whose code imports it so, and is fetched and compiled
 * while the portal starts instead of once the loader asks for it. Lazy code a page may never run (a dialog, a tab)
 * stays unmarked.
 */
const WITH_PAGE = 'portale:with-page';
const MARKED_IMPORT = new RegExp(String.raw`import\(\s*/\*\s*${WITH_PAGE}\s*\*/\s*(['"])([^'"]+)\1\s*\)`, 'g');

/**
 * Writes route-preloads.json: for each page's route file, the chunks it runs (its split component and loader, what
 * they import, its layouts', the lazy chunks its code imports marked `portale:with-page`), less what the entry and
 * the portal's shell already bring. The server names them in the page's HTML (`<link rel="modulepreload">`), so the
 * browser fetches and compiles a page's code while the portal starts, instead of after the router has matched the
 * route (or, for a marked chunk, after the loader has asked for it: SurveyJS's, on a survey page, was the last thing
 * the survey waited for).
 */
export function routePreloads(): Plugin {
  /** The modules imported with the mark, as the build resolves them. */
  const withPage = new Set<string>();
  return {
    name: 'portale:route-preloads',
    apply: 'build',
    // Before TypeScript is compiled away with its comments.
    enforce: 'pre',
    buildStart() {
      withPage.clear();
    },
    async transform(code, id) {
      if (!code.includes(WITH_PAGE)) return null;
      for (const [, , specifier] of code.matchAll(MARKED_IMPORT)) {
        const resolved = await this.resolve(specifier!, id);
        if (!resolved) throw new Error(`route-preloads: ${id} marks an import that does not resolve: ${specifier}`);
        withPage.add(resolved.id);
      }
      return null;
    },
    // After Vite's own: its CSS plugin drops the chunks that only held styles (vanilla-extract's `.css.ts`), which a
    // table made earlier would name although the build never writes them.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, OutputChunk>();
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk') chunks.set(output.fileName, output as unknown as OutputChunk);
        }
        const closure = (files: string[], skip: ReadonlySet<string> = new Set()): string[] => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            if (seen.has(file) || skip.has(file)) return;
            seen.add(file);
            for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
          };
          for (const file of files) visit(file);
          return [...seen];
        };
        const urls = (files: string[]) => files.map((file) => `/${file}`);

        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        const portal = [...chunks.values()].find((chunk) => chunk.name === 'portal');
        if (!entry || !portal) throw new Error('route-preloads: the build has no entry or no portal chunk');
        const entryFiles = new Set(closure([entry.fileName]));
        const portalFiles = closure([portal.fileName], entryFiles);
        const shared = new Set([...entryFiles, ...portalFiles]);

        const routeChunks = new Map<string, string>();
        for (const chunk of chunks.values()) {
          const routeId = ROUTE_CHUNK.exec(chunk.facadeModuleId ?? '')?.[1]?.replaceAll('\\', '/');
          if (routeId) routeChunks.set(routeId, chunk.fileName);
        }
        const markedChunks = new Set(
          [...chunks.values()]
            .filter((chunk) => chunk.facadeModuleId !== null && withPage.has(chunk.facadeModuleId))
            .map((chunk) => chunk.fileName),
        );
        if (markedChunks.size !== withPage.size)
          throw new Error('route-preloads: a module marked portale:with-page has no chunk of its own');
        /** A page's files, and the marked lazy chunks they import with what those import. */
        const withMarkedChunks = (files: string[]): string[] => {
          const marked = files.flatMap((file) => chunks.get(file)?.dynamicImports ?? []).filter((file) => markedChunks.has(file));
          return [...files, ...closure(marked, new Set([...shared, ...files]))];
        };
        const routeIds = new Set(routeChunks.keys());
        // A layout (a pathless `_name` file) is no page of its own: it comes with the pages inside it.
        const pages = [...routeIds].filter((routeId) => !routeId.split('/').at(-1)!.startsWith('_')).sort();
        const routes = pages.map((routeId) => {
          const address = routeAddress(routeId);
          const own = [...layoutIds(routeId, routeIds), routeId].map((id) => routeChunks.get(id)!);
          return { address, pattern: addressPattern(address), scripts: urls(withMarkedChunks(closure(own, shared))) };
        });
        const table: RoutePreloads = { portal: urls(portalFiles), routes };
        const named = [...table.portal, ...table.routes.flatMap((route) => route.scripts)];
        const unwritten = named.filter((url) => !(url.slice(1) in bundle));
        if (unwritten.length > 0)
          throw new Error(`route-preloads: names files the build does not write: ${[...new Set(unwritten)].join(', ')}`);
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(table, null, 2)}\n` });
      },
    },
  };
}
