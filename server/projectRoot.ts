import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder, where the server finds the files it ships beside its code (migrations, seed data,
 * the built client). This module is one folder below it both as source (`server/projectRoot.ts`, run by tsx
 * and the tests) and bundled into the built server (`dist-server/main.mjs`, scripts/build-server.ts), so
 * the same `..` holds for both; paths are never taken relative to the module that uses them.
 */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A path inside the project: `projectPath('server', 'reference', 'lists')`. */
export function projectPath(...segments: string[]): string {
  return path.join(PROJECT_ROOT, ...segments);
}
