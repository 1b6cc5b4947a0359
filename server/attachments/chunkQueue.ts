/** The input ended (or was abandoned) before a read could be satisfied. */
export class EndOfInput extends Error {}

/**
 * Bytes handed from a stream (push, end) to an asynchronous reader that asks for them by count (read, readSome),
 * with backpressure: a push resolves once the reader has used what it was given and waits for more, or has
 * finished; it rejects with the reader's error. `position` is the offset of the next byte the reader gets.
 */
export class ChunkQueue {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private aborted = false;
  private wakeReader: (() => void) | undefined;
  private writer: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  private outcome: { error?: unknown } | undefined;
  position = 0;

  /** How the reader ended: later pushes resolve (the bytes are dropped) or reject with its error. */
  readerDone(reading: Promise<void>): void {
    const finish = (outcome: { error?: unknown }) => {
      this.outcome = outcome;
      this.chunks = [];
      this.buffered = 0;
      this.releaseWriter();
    };
    reading.then(
      () => finish({}),
      (error: unknown) => finish({ error }),
    );
  }

  push(chunk: Buffer): Promise<void> {
    if (this.outcome) return this.outcome.error === undefined ? Promise.resolve() : Promise.reject(this.outcome.error);
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    return new Promise((resolve, reject) => {
      this.writer = { resolve, reject };
      this.wake();
    });
  }

  end(): void {
    this.ended = true;
    this.wake();
  }

  abort(): void {
    this.aborted = true;
    this.end();
  }

  /** Exactly `length` bytes (EndOfInput if the input ends sooner). */
  async read(length: number): Promise<Buffer> {
    if (!(await this.fill(length))) throw new EndOfInput('input ended');
    const parts: Buffer[] = [];
    for (let left = length; left > 0;) {
      const part = this.takeFirst(left);
      parts.push(part);
      left -= part.length;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** At least one byte and at most `max`, without copying (EndOfInput if the input has ended). */
  async readSome(max: number): Promise<Buffer> {
    if (!(await this.fill(1))) throw new EndOfInput('input ended');
    return this.takeFirst(max);
  }

  /** Gives back the last bytes read, to be read again. */
  unread(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.chunks.unshift(bytes);
    this.buffered += bytes.length;
    this.position -= bytes.length;
  }

  /** Whether any byte follows (waits for the next push or the end). */
  hasMore(): Promise<boolean> {
    return this.fill(1);
  }

  private takeFirst(max: number): Buffer {
    const first = this.chunks[0]!;
    const part = first.length <= max ? first : first.subarray(0, max);
    if (part.length === first.length) this.chunks.shift();
    else this.chunks[0] = first.subarray(max);
    this.buffered -= part.length;
    this.position += part.length;
    return part;
  }

  private async fill(length: number): Promise<boolean> {
    while (this.buffered < length) {
      if (this.aborted) throw new EndOfInput('input abandoned');
      if (this.ended) return false;
      // Everything pushed is used: the stream may go on.
      this.releaseWriter();
      await new Promise<void>((resolve) => (this.wakeReader = resolve));
    }
    return true;
  }

  private releaseWriter(): void {
    const writer = this.writer;
    this.writer = undefined;
    if (!writer) return;
    if (this.outcome?.error !== undefined) writer.reject(this.outcome.error);
    else writer.resolve();
  }

  private wake(): void {
    const wake = this.wakeReader;
    this.wakeReader = undefined;
    wake?.();
  }
}
