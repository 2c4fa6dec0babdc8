/** The part of s3rver (an S3 stand-in, tests/support/storages.ts) the tests use; the package ships no types. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: Array<{name: string; configs: string[]}>;
    });
    run(): Promise<{address: string; port: number}>;
    close(): Promise<void>;
  }
}
