import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createFilesystemStorage } from '../../server/storage/filesystemStorage.ts';

/** The files under `root`, wherever they are. */
const filesUnder = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));

describe('the filesystem store', () => {
  const roots: string[] = [];
  /** A store of its own, in a new folder. */
  const freshStore = () => {
    const root = mkdtempSync(path.join(tmpdir(), 'pf-files-'));
    roots.push(root);
    return { root, store: createFilesystemStorage(root) };
  };
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('leaves no file behind for an upload that breaks off before its file was even opened', async () => {
    const { root, store } = freshStore();
    // A connection dropped at once: the source fails while the write stream may still be opening its '.part'
    // (a race: a thousand tries lose it most of the time when the store does not wait for the file to close).
    for (let attempt = 0; attempt < 1000; attempt++) {
      const dropped = new Readable({
        read() {
          this.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
        },
      });
      await expect(store.put(dropped)).rejects.toThrow('aborted');
    }
    expect(filesUnder(root)).toEqual([]);
  });

  it('keeps a complete upload under its key, and nothing else', async () => {
    const { root, store } = freshStore();
    const { key } = await store.put(Readable.from([Buffer.from('%PDF-1.7\n'), Buffer.from('%%EOF\n')]));
    expect(filesUnder(root)).toEqual([path.join(...key.split('/'))]);
  });
});
