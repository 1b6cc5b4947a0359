import { describe, expect, it } from 'vitest';
import { createHandOverGate } from '../../server/applications/handOverGate.ts';
import { HttpError } from '../../server/errors.ts';

/** The click day's queue keeps the order of arrival and never runs more than its limit (issue 45). */
describe('hand-over gate', () => {
  it('runs at most `concurrency` at once, the others in the order they came', async () => {
    const gate = createHandOverGate({ concurrency: 2, queueLength: 10, queueMs: 60_000 });
    const started: number[] = [];
    const releases: (() => void)[] = [];
    let peak = 0;
    const runs = Array.from({ length: 6 }, (_, i) =>
      gate.run(async () => {
        started.push(i);
        peak = Math.max(peak, gate.stats().running);
        await new Promise<void>((resolve) => releases.push(resolve));
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(gate.stats()).toEqual({ running: 2, waiting: 4, refused: 0 });
    while (releases.length > 0 || started.length < 6) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, refused: 0 });
  });

  it('a full queue answers 503 with Retry-After at once, and a failed run frees its place', async () => {
    const gate = createHandOverGate({ concurrency: 1, queueLength: 0, queueMs: 2500 });
    let release!: () => void;
    const first = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const refused = await gate.run(async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'handover_queued', headers: { 'retry-after': '3' } });
    release();
    await first;
    await expect(gate.run(async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await gate.run(async () => 'ran')).toBe('ran');
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, refused: 1 });
  });
});
