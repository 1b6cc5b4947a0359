import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startS3TestServer } from './s3TestServer.ts';

/** A store the portal's attachments can live in, as the tests start it; `keys` lists what it holds. */
export interface RunningStore {
  /** createTestApp's options: the data folder and the variables that select the store. */
  app: { dataDir: string; env: Record<string, string> };
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Every storage implementation, so a test of uploads, downloads and zips runs on each (describe.each):
 * the filesystem under DATA_DIR/files and an S3-compatible bucket (s3rver).
 */
export const STORAGE_BACKENDS: { name: string; start(): Promise<RunningStore> }[] = [
  {
    name: 'filesystem',
    async start() {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pf-test-'));
      const filesDir = path.join(dataDir, 'files');
      return {
        app: { dataDir, env: {} },
        async keys() {
          try {
            return readdirSync(filesDir, { recursive: true, withFileTypes: true })
              .filter((entry) => entry.isFile())
              .map((entry) => path.relative(filesDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
          } catch {
            return [];
          }
        },
        stop: async () => {},
      };
    },
  },
  {
    name: 'S3',
    async start() {
      const s3 = await startS3TestServer();
      return { app: { dataDir: mkdtempSync(path.join(tmpdir(), 'pf-test-')), env: s3.env }, keys: s3.keys, stop: s3.stop };
    },
  },
];
