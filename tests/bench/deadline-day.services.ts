/**
 * The deadline-day bench's infrastructure, each in a process of its own (forked by deadline-day.bench.ts): the
 * round-robin balancer or the S3 store. In the bench's own process they shared one event loop with the
 * coordinator, and a thousand applicants' uploads made that loop the bottleneck the figures measured instead of
 * the portal. Started with the role as first argument (`balancer <backend>…` or `s3`); answers the parent's
 * questions over IPC.
 */
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startRoundRobinProxy } from '../support/roundRobinProxy.ts';
import { startS3TestServer } from '../support/s3TestServer.ts';

export type ServiceReady = { url: string } | { env: Record<string, string> };
export type ServiceQuestion = { ask: 'stats' } | { ask: 'missing'; keys: string[] } | { ask: 'stop' };
export interface BalancerStats {
  retried: number;
  dropped: number;
}

const [role, ...backends] = process.argv.slice(2);
const answer = (message: unknown) => process.send!(message);

if (role === 'balancer') {
  const proxy = await startRoundRobinProxy(backends);
  process.on('message', (question: ServiceQuestion) => {
    if (question.ask === 'stats') answer({ retried: proxy.stats.retried, dropped: proxy.stats.dropped } satisfies BalancerStats);
    if (question.ask === 'stop') void proxy.stop().then(() => process.exit(0));
  });
  answer({ url: proxy.url } satisfies ServiceReady);
} else if (role === 's3') {
  const s3 = await startS3TestServer();
  const client = new S3Client({
    endpoint: s3.env.S3_ENDPOINT,
    region: s3.env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
  });
  // Asked object by object: a listing of thousands of keys is one long request s3rver may fail as a whole.
  const missing = async (keys: string[]) => {
    const absent: string[] = [];
    for (let start = 0; start < keys.length; start += 16) {
      await Promise.all(
        keys
          .slice(start, start + 16)
          .map((Key) => client.send(new HeadObjectCommand({ Bucket: s3.env.S3_BUCKET, Key })).catch(() => absent.push(Key))),
      );
    }
    return absent;
  };
  process.on('message', (question: ServiceQuestion) => {
    if (question.ask === 'missing') void missing(question.keys).then(answer);
    if (question.ask === 'stop') void s3.stop().then(() => process.exit(0));
  });
  answer({ env: s3.env } satisfies ServiceReady);
} else {
  throw new Error(`deadline-day.services: unknown role ${role}`);
}
