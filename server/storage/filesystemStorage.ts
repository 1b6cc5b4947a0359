import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StoredFileNotFoundError, type FileStorage } from './fileStorage.ts';

/** 'ab/ab12…' : two hex characters of fan-out, then a random UUID. Anything else is refused before touching the disk. */
const KEY_PATTERN = /^([0-9a-f]{2})\/\1[0-9a-f]{6}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Files under `root` (DATA_DIR/files by default). A file is written to '<key>.part' and renamed when
 * complete, so a reader never sees half a file and an aborted upload leaves no file behind.
 */
export function createFilesystemStorage(root: string): FileStorage {
  function pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new StoredFileNotFoundError(key);
    return path.join(root, ...key.split('/'));
  }

  return {
    async put(source: Readable) {
      const id = randomUUID();
      const key = `${id.slice(0, 2)}/${id}`;
      const target = pathOf(key);
      const partial = `${target}.part`;
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(source, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key };
    },

    async openRead(key: string) {
      try {
        // Opened here, so a missing file is known before any response header is sent.
        const handle = await open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (error instanceof StoredFileNotFoundError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
          throw new StoredFileNotFoundError(key);
        }
        throw error;
      }
    },

    async delete(key: string) {
      await rm(pathOf(key), { force: true });
    },

    async exists(key: string) {
      if (!KEY_PATTERN.test(key)) return false;
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
