import type { ServerResponse } from 'node:http';
import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

/** 64 KiB, what Node's file streams read at a time. */
const BUFFER_SIZE = 64 * 1024;

/**
 * A few read buffers that one large download (the attachments' zip: a gigabyte) reads its files into and
 * reuses, instead of a new 64 KB buffer per read: the server then holds these few, where fresh buffers, each
 * garbage once sent, would pile up by tens of MB until V8's next young-generation collection frees them
 * (tests/bench/heavy-exports.bench.ts). A buffer is reused only once the response has written it to the socket
 * (`releaseWhenSent`); a read that finds none free gets a new one, so nothing ever waits for a release that a
 * transformed response (e.g. compressed) would never make.
 */
export interface ReadBuffers {
  /** A stream of the file's bytes, read into these buffers; it closes the handle at its end or when destroyed. */
  readFile(handle: FileHandle): Readable;
  /** Called with every chunk once the response has written it: a chunk of ours becomes free again. */
  release(chunk: unknown): void;
}

export function createReadBuffers(count = 16): ReadBuffers {
  const free: Buffer[] = [];
  /** The chunks handed out (views of a buffer, as long as the read) and the buffer each is a view of. */
  const lent = new Map<unknown, Buffer>();
  const take = () => free.pop() ?? Buffer.allocUnsafeSlow(BUFFER_SIZE);

  return {
    readFile(handle) {
      return new Readable({
        // Nothing read ahead: a read happens when the zip asks for the next chunk.
        highWaterMark: 0,
        read() {
          const buffer = take();
          handle.read(buffer, 0, buffer.length, null).then(
            ({ bytesRead }) => {
              if (bytesRead === 0) {
                free.push(buffer);
                this.push(null);
                return;
              }
              const chunk = buffer.subarray(0, bytesRead);
              lent.set(chunk, buffer);
              this.push(chunk);
            },
            (error: Error) => this.destroy(error),
          );
        },
        destroy(error, callback) {
          handle.close().then(
            () => callback(error),
            (closeError: Error) => callback(error ?? closeError),
          );
        },
      });
    },
    release(chunk) {
      const buffer = lent.get(chunk);
      if (!buffer) return;
      lent.delete(chunk);
      // At most `count` are kept; one more, made while all were out, is left to the garbage collector.
      if (free.length < count) free.push(buffer);
    },
  };
}

/**
 * Makes `response` tell `buffers` each chunk it has finished writing (its write callback: the bytes are with
 * the socket, nothing of ours refers to the chunk any more). Only this response's `write` is wrapped.
 */
export function releaseWhenSent(response: ServerResponse, buffers: ReadBuffers): void {
  const write = response.write as (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
  response.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    const done = typeof encoding === 'function' ? encoding : callback;
    const settled = (error?: Error | null) => {
      buffers.release(chunk);
      if (typeof done === 'function') (done as (error?: Error | null) => void)(error);
    };
    return typeof encoding === 'string' ? write.call(this, chunk, encoding, settled) : write.call(this, chunk, settled);
  } as typeof response.write;
}
