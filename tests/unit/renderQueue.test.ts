import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/errors.ts';
import { createRenderQueue } from '../../server/pdf/renderQueue.ts';

/** The PDF thread's back-pressure (issue 45): a few documents at the thread, the others wait in order, a bounded few. */
describe('render queue', () => {
  it('sends at most `atThread` documents at once, the others in the order they came, and refuses past `maxWaiting`', async () => {
    const sent: number[] = [];
    const answers: ((pdf: Buffer) => void)[] = [];
    const queue = createRenderQueue<number>({
      atThread: 2,
      maxWaiting: 3,
      retryAfterSeconds: 5,
      send: (job) => {
        sent.push(job);
        return new Promise<Buffer>((resolve) => answers.push(resolve));
      },
    });
    const renders = [1, 2, 3, 4, 5].map((job) => queue.render(job));
    const refused = await queue.render(6).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'pdf_busy', headers: { 'retry-after': '5' } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([1, 2]);
    expect(queue.stats()).toEqual({ running: 2, waiting: 3, refused: 1 });

    while (answers.length > 0) {
      const answer = answers.shift()!;
      answer(Buffer.from(`pdf ${sent[sent.length - answers.length - 1]}`));
      await new Promise((resolve) => setImmediate(resolve));
      expect(queue.stats().running).toBeLessThanOrEqual(2);
    }
    expect(sent).toEqual([1, 2, 3, 4, 5]);
    expect((await Promise.all(renders)).map(String)).toEqual(['pdf 1', 'pdf 2', 'pdf 3', 'pdf 4', 'pdf 5']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, refused: 1 });
  });

  it('frees the place of a document the thread failed', async () => {
    const queue = createRenderQueue<number>({
      atThread: 1,
      maxWaiting: 1,
      retryAfterSeconds: 5,
      send: async (job) => (job === 1 ? Promise.reject(new Error('thread ended')) : Buffer.from('pdf')),
    });
    const [failed, next] = await Promise.allSettled([queue.render(1), queue.render(2)]);
    expect(failed).toMatchObject({ status: 'rejected', reason: new Error('thread ended') });
    expect(next).toMatchObject({ status: 'fulfilled' });
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, refused: 0 });
  });
});
