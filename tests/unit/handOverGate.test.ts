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

  it('waits in the order of first tries: an earlier first try goes ahead, and takes the last place of a full queue', async () => {
    const gate = createHandOverGate({ concurrency: 1, queueLength: 2, queueMs: 60_000 });
    const started: string[] = [];
    let release!: () => void;
    const hold = () => new Promise<void>((resolve) => (release = resolve));
    const runs = [
      gate.run(async () => (started.push('running'), hold()), 1000),
      gate.run(async () => void started.push('third'), 3000),
      gate.run(async () => void started.push('fourth'), 4000),
    ];
    await new Promise((resolve) => setImmediate(resolve));
    // Full: a retry first tried at 2000 takes the place of the one first tried at 4000, who is told to come back.
    runs.push(gate.run(async () => void started.push('second'), 2000));
    await expect(runs[2]).rejects.toMatchObject({ statusCode: 503, code: 'handover_queued' });
    // One first tried later than everyone waiting finds the queue full.
    await expect(gate.run(async () => undefined, 5000)).rejects.toMatchObject({ code: 'handover_queued' });
    release();
    await Promise.all([runs[0], runs[1], runs[3]]);
    expect(started).toEqual(['running', 'second', 'third']);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, refused: 2 });
  });

  it('is quiet at once when empty, and a moment after a burst has ended', async () => {
    const gate = createHandOverGate({ concurrency: 1, queueLength: 10, queueMs: 60_000 });
    await gate.quiet();
    let release!: () => void;
    const run = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    let quiet = false;
    const waited = gate.quiet().then(() => (quiet = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(quiet).toBe(false);
    release();
    await run;
    await waited;
    expect(quiet).toBe(true);
  });

  it('holds back the work that yields to it no longer than a busy spell of `longest` ms', async () => {
    const gate = createHandOverGate({ concurrency: 1, queueLength: 10, queueMs: 60_000 });
    let release!: () => void;
    const run = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const started = performance.now();
    await gate.quiet(100);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    // Still busy, and past its longest: no more waiting.
    expect(gate.stats().running).toBe(1);
    const again = performance.now();
    await gate.quiet(100);
    expect(performance.now() - again).toBeLessThan(50);
    release();
    await run;
  });
});
