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
}

const ROUTE_CHUNK = /[\\/]src[\\/]routes[\\/](.+)\.tsx\?tsr-split=component/;

/**
 * Writes route-preloads.json: for each page's route file, the chunks it runs (its split component and loader, what
 * they import, its layouts'), less what the entry and the portal's shell already bring. The
 * server names them in the page's HTML (`<link rel="modulepreload">`), so the browser fetches and compiles a page's
 * code while the portal starts, instead of after the router has matched the route.
 */
export function routePreloads(): Plugin {
  return {
    name: 'portale:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
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
      const routeIds = new Set(routeChunks.keys());
      // A layout (a pathless `_name` file) is no page of its own: it comes with the pages inside it.
      const pages = [...routeIds].filter((routeId) => !routeId.split('/').at(-1)!.startsWith('_')).sort();
      const routes = pages.map((routeId) => {
        const address = routeAddress(routeId);
        const own = [...layoutIds(routeId, routeIds), routeId].map((id) => routeChunks.get(id)!);
        return { address, pattern: addressPattern(address), scripts: urls(closure(own, shared)) };
      });
      const table: RoutePreloads = { portal: urls(portalFiles), routes };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(table, null, 2)}\n` });
    },
  };
}
