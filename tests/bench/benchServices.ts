/**
 * What the multi-process benches (deadline-day, click-day) share: the balancer and the S3 store in processes of
 * their own (deadline-day.services.ts), and the CPU seconds of the processes they measure.
 */
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ServiceQuestion, ServiceReady } from './deadline-day.services.ts';

/** The balancer or the S3 store in a process of its own (deadline-day.services.ts). */
export async function startService<Ready extends ServiceReady>(args: string[]) {
  const child = fork(fileURLToPath(new URL('./deadline-day.services.ts', import.meta.url)), args, {
    execArgv: ['--import', 'tsx'],
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (message) => resolve(message as T));
      child.once('exit', (code) => reject(new Error(`deadline-day.services ${args[0]} exited ${code}`)));
    });
  const ready = await next<Ready>();
  return {
    ready,
    pid: child.pid!,
    ask<T>(question: ServiceQuestion) {
      const answer = next<T>();
      child.send(question);
      return answer;
    },
    stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ ask: 'stop' } satisfies ServiceQuestion);
      return exited;
    },
  };
}

/** The processes of the PostgreSQL server (its postmaster and every backend), by their command name. */
export function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Linux's utime and stime of each process still running, in seconds. */
export function cpuSeconds(pids: number[]): Map<number, number> {
  const ticksPerSecond = 100;
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerSecond);
    } catch {
      // Ended: a killed portal process, a closed PostgreSQL connection.
    }
  }
  return seconds;
}

/** A part's CPU seconds between two readings; undefined when none of its processes is left (killed). */
export function cpuUsed(before: Map<number, number> | undefined, after: Map<number, number>): number | undefined {
  if (after.size === 0) return undefined;
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before?.get(pid) ?? 0);
  return used;
}

export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
