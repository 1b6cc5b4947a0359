import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReadBuffers } from '../../server/storage/readBuffers.ts';

/** server/storage/readBuffers.ts: the zip of attachments reads its files into a few reused buffers. */
describe('read buffers of a large download', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pf-read-buffers-'));
  const file = path.join(dir, 'allegato.pdf');
  const bytes = randomBytes(5 * 64 * 1024 + 123);
  writeFileSync(file, bytes);

  it('reads the whole file, reusing a buffer once the response has sent its chunk, and closes the file', async () => {
    const buffers = createReadBuffers(2);
    const handle = await open(file, 'r');
    const memory = new Set<ArrayBufferLike>();
    const read: Buffer[] = [];
    for await (const chunk of buffers.readFile(handle) as AsyncIterable<Buffer>) {
      read.push(Buffer.from(chunk)); // a copy: the chunk's memory is about to be reused
      memory.add(chunk.buffer);
      buffers.release(chunk); // as the response does once the chunk is written
    }
    expect(Buffer.concat(read).equals(bytes)).toBe(true);
    expect(memory.size).toBe(1);
    await expect(handle.stat()).rejects.toThrow(/closed/);
  });

  it('never reuses a chunk that was not released: a read finding none free gets a new buffer', async () => {
    const buffers = createReadBuffers(2);
    const chunks: Buffer[] = [];
    for await (const chunk of buffers.readFile(await open(file, 'r')) as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(new Set(chunks.map((chunk) => chunk.buffer)).size).toBe(chunks.length);
    buffers.release(Buffer.from('not one of ours'));
  });
});
