import type { Config } from '../config.ts';
import type { FileStorage } from './fileStorage.ts';
import { createFilesystemStorage } from './filesystemStorage.ts';
import { createS3Storage } from './s3Storage.ts';

/** The store the configuration names: the S3 bucket when S3_BUCKET is set, DATA_DIR/files otherwise. */
export async function createConfiguredStorage(files: Config['files']): Promise<FileStorage> {
  return files.s3 ? createS3Storage(files.s3) : createFilesystemStorage(files.dir);
}
