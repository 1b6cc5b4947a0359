import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isStorageKey, newStorageKey, StoredFileNotFoundError, type FileStorage } from './fileStorage.ts';
import type { ReadBuffers } from './readBuffers.ts';

/** The fan-out folders the keys' first two characters make (fileStorage.ts newStorageKey). */
const FAN_OUT = /^[0-9a-f]{2}$/;

/**
 * Files under `root` (DATA_DIR/files by default). A file is written to '<key>.part' and renamed when
 * complete, so a reader never sees half a file and an aborted upload leaves no file behind. A process killed
 * mid-write cannot remove its '.part': sweepAbandoned does, at start and periodically (abandonedUploads.ts).
 */
export function createFilesystemStorage(root: string): FileStorage {
  function pathOf(key: string): string {
    if (!isStorageKey(key)) throw new StoredFileNotFoundError(key);
    return path.join(root, ...key.split('/'));
  }

  return {
    async ready() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },

    async put(source: Readable) {
      const key = newStorageKey();
      const target = pathOf(key);
      const partial = `${target}.part`;
      await mkdir(path.dirname(target), { recursive: true });
      const sink = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(source, sink);
        await rename(partial, target);
      } catch (error) {
        // A source that fails at once can end the pipeline before the file is even opened: the '.part' is
        // created after that, so it is removed only once the sink has closed.
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
        await rm(partial, { force: true });
        throw error;
      }
      return { key };
    },

    async openRead(key: string, buffers?: ReadBuffers) {
      try {
        // Opened here, so a missing file is known before any response header is sent.
        const handle = await open(pathOf(key), 'r');
        return buffers ? buffers.readFile(handle) : handle.createReadStream();
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

    async sweepAbandoned(olderThanMs: number) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      let fanOut: string[];
      try {
        fanOut = (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory() && FAN_OUT.test(e.name)).map((e) => e.name);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      for (const dir of fanOut) {
        for (const name of await readdir(path.join(root, dir)).catch(() => [] as string[])) {
          if (!name.endsWith('.part')) continue;
          const file = path.join(root, dir, name);
          const modified = await stat(file).then(
            (s) => s.mtimeMs,
            () => undefined,
          );
          if (modified === undefined || modified > cutoff) continue;
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },

    async exists(key: string) {
      if (!isStorageKey(key)) return false;
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
