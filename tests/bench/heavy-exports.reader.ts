/**
 * The concurrent reader of tests/bench/heavy-exports.bench.ts, in a process of its own so that the export's
 * download (a gigabyte through the bench process) does not delay its requests: autocannon reads GET /api/User at
 * a steady rate until the parent says 'stop' (or for `duration` seconds), then sends back its latencies.
 */
import autocannon from 'autocannon';

export interface ReaderOptions {
  url: string;
  token: string;
  connections: number;
  rate: number;
  /** Seconds; the parent usually stops the reader before. */
  duration: number;
}

export interface ReaderResult {
  p50: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  errors: number;
}

const options = JSON.parse(process.env.BENCH_READER!) as ReaderOptions;
const instance = autocannon(
  {
    url: `${options.url}/api/User`,
    headers: { authorization: `Bearer ${options.token}` },
    connections: options.connections,
    overallRate: options.rate,
    duration: options.duration,
  },
  (error, result) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    const answer: ReaderResult = {
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      total: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    };
    process.send!(answer, () => process.exit(0));
  },
);
// Requests go out once the parent knows the reader runs.
instance.on('start', () => process.send!('started'));
process.on('message', (message) => {
  if (message === 'stop') instance.stop();
});
