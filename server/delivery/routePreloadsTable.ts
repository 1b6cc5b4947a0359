/**
 * The build's table of the scripts each page runs: written by scripts/routePreloadsPlugin.ts beside Vite's
 * manifest, read by the server (pagePreloads.ts), downloaded by nobody.
 */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export interface RoutePreloads {
  /** The signed-in portal's shell (router, session, layout): every page but the anonymous welcome page runs it. */
  portal: string[];
  /** Each page's route: its address as a pattern over the path, and its own scripts and its layouts' (not the portal's). */
  routes: { address: string; pattern: string; scripts: string[] }[];
}
