import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver accepts any signature made with these. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type S3TestServer = Awaited<ReturnType<typeof startS3TestServer>>;

/**
 * A local S3-compatible server (s3rver, from npm) on a free port, with one empty bucket, its data in a
 * throwaway folder. `env` configures the portal to use it exactly as an operator would.
 */
export async function startS3TestServer(bucket = 'portale-fondi-test') {
  const directory = mkdtempSync(path.join(tmpdir(), 'pf-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  // s3rver answers HEAD on a bucket as a GET, a listing that reads every object's metadata: the portal's
  // readiness check (HeadBucket, on every /readyz a balancer sends) would cost the store more as the bucket fills.
  // Answered here from the bucket's folder, as S3 does: 200 when it exists, 404 otherwise.
  server.middleware.unshift(async (ctx, next) => {
    if (ctx.method !== 'HEAD' || ctx.path.replace(/\/$/, '') !== `/${bucket}`) return next();
    ctx.status = existsSync(path.join(directory, bucket)) ? 200 : 404;
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'eu-south-1',
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({ endpoint, region: env.S3_REGION, forcePathStyle: true, credentials: CREDENTIALS });
  return {
    env,
    /** Every key the bucket holds. */
    async keys(): Promise<string[]> {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    async stop() {
      client.destroy();
      await server.close();
    },
  };
}
