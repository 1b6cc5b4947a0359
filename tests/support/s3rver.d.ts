/** The parts of s3rver (no types of its own) the tests use: a local S3-compatible server. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }
  /** The part of Koa's context a middleware in front of s3rver's routes reads and sets. */
  interface S3rverContext {
    method: string;
    path: string;
    status: number;
  }
  /** s3rver is a Koa application. */
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware, composed when the server starts: one placed first runs before s3rver's routes. */
    middleware: ((ctx: S3rverContext, next: () => Promise<void>) => Promise<void>)[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
