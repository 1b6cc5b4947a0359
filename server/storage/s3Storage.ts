import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { isStorageKey, newStorageKey, StoredFileNotFoundError, type FileStorage } from './fileStorage.ts';

export interface S3StorageOptions {
  /** An S3-compatible endpoint (MinIO, Ceph, a cloud's object storage); AWS itself when absent. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Both or neither: without them the SDK's default chain (environment, instance role) is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket` in the path instead of the host name, as most S3-compatible servers need. */
  forcePathStyle: boolean;
}

/** 5 MiB, S3's smallest part: an upload holds at most QUEUE_SIZE parts in memory, whatever the file's size. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * Files in an S3-compatible bucket, under the same generated keys as on the filesystem. A file is streamed
 * with a multipart upload as it arrives; a failed stream aborts the upload, so no object and no orphan parts
 * are left (lib-storage). Every process of the portal may use the same bucket.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<FileStorage & { client: S3Client }> {
  // The SDK is loaded here, only by a process configured with a bucket (it holds about 20 MB of the resident set).
  const {
    AbortMultipartUploadCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    HeadObjectCommand,
    ListMultipartUploadsCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const Bucket = options.bucket;

  return {
    client,

    async ready() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    async put(source: Readable) {
      const key = newStorageKey();
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: source, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // A failed source leaves nothing; an error after the object was written (a lost answer) must not either.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        throw error;
      }
      return { key };
    },

    async openRead(key: string) {
      if (!isStorageKey(key)) throw new StoredFileNotFoundError(key);
      try {
        // Sent here, so a missing object is known before any response header is sent.
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) throw new StoredFileNotFoundError(key);
        return object.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw new StoredFileNotFoundError(key);
        throw error;
      }
    },

    async delete(key: string) {
      if (!isStorageKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key: string) {
      if (!isStorageKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    /**
     * Aborts multipart uploads a killed process left open. Servers without ListMultipartUploads answer
     * NotImplemented: nothing to sweep there (a bucket lifecycle rule AbortIncompleteMultipartUpload does it).
     */
    async sweepAbandoned(olderThanMs: number) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      for (;;) {
        let page;
        try {
          page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }));
        } catch (error) {
          if (error instanceof S3ServiceException && error.name === 'NotImplemented') return removed;
          throw error;
        }
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !isStorageKey(upload.Key)) continue;
          if (!upload.Initiated || upload.Initiated.getTime() > cutoff) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
          removed += 1;
        }
        if (!page.IsTruncated) return removed;
        KeyMarker = page.NextKeyMarker;
        UploadIdMarker = page.NextUploadIdMarker;
      }
    },
  };
}
