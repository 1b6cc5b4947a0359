// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { serialJob } from '../../server/operations/serialJob.ts';

/** A job whose runs are released by hand, recording how many run at once. */
function controlledJob() {
  let running = 0;
  let mostAtOnce = 0;
  const runs: unknown[][] = [];
  const releases: (() => void)[] = [];
  const job = serialJob(
    async (...args: unknown[]) => {
      runs.push(args);
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
      return runs.length;
    },
    () => {},
  );
  const releaseAll = async () => {
    // Release runs one by one until none is left waiting.
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const release = releases.shift();
      if (!release) return;
      release();
    }
  };
  return { job, runs, releaseAll, mostAtOnce: () => mostAtOnce };
}

describe('serialJob', () => {
  it('never lets runs overlap: ten calls behind a running one make one more run, not ten at once', async () => {
    const { job, runs, releaseAll, mostAtOnce } = controlledJob();
    const first = job.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const waiting = Array.from({ length: 10 }, () => job.runOnce());
    await releaseAll();
    const counts = await Promise.all([first, ...waiting]);
    expect(mostAtOnce()).toBe(1);
    expect(runs).toHaveLength(2);
    // The ten waiting calls share the run that started after the first one ended.
    expect(counts).toEqual([1, ...Array(10).fill(2)]);
  });

  it('runs calls with arguments one after another, each its own run, in the order asked', async () => {
    const { job, runs, releaseAll, mostAtOnce } = controlledJob();
    const same = new Date(1);
    const at = [same, same, new Date(2), new Date(3)];
    const results = at.map((instant) => job.runOnce(instant));
    await releaseAll();
    await Promise.all(results);
    expect(mostAtOnce()).toBe(1);
    expect(runs).toEqual(at.map((instant) => [instant]));
  });

  it('a call made while a run is under way waits for it and starts after it (it sees what that run committed)', async () => {
    const { job, runs, releaseAll } = controlledJob();
    void job.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toHaveLength(1);
    const second = job.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toHaveLength(1);
    await releaseAll();
    await second;
    expect(runs).toHaveLength(2);
  });

  it('idle waits for the run under way and for those asked for while waiting; a failed run does not stop the next', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const job = serialJob(
      async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (calls === 1) throw new Error('mail server down');
        return 1;
      },
      (err) => errors.push(err),
    );
    const failing = job.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const idle = job.idle();
    const after = job.runOnce();
    await expect(failing).rejects.toThrow('mail server down');
    await idle;
    expect(calls).toBe(2);
    await expect(after).resolves.toBe(1);
    const stop = job.start(60_000);
    await stop();
    expect(calls).toBe(3);
    expect(errors).toEqual([]);
  });
});
