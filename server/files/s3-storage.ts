import {createReadStream} from 'node:fs';
import {rm} from 'node:fs/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import {Upload} from '@aws-sdk/lib-storage';
import {checkedKey, isStorageKey, type FileStorage} from './storage.ts';

/** How to reach an S3-compatible bucket (storage-env.ts reads it from S3_* variables). */
export type S3Settings = {
  bucket: string;
  region: string;
  /** The service's address (MinIO, Ceph, a hosting partner's); absent for AWS itself. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Absent: the SDK's own chain (an instance role, AWS_* variables, ~/.aws). */
  credentials?: {accessKeyId: string; secretAccessKey: string};
};

/** Parts of a multipart upload (S3's minimum is 5 MiB); at most UPLOAD_QUEUE of them are in memory at once. */
const PART_BYTES = 8 * 1024 * 1024;
const UPLOAD_QUEUE = 2;

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where the API demands them: SDK v3's default (a CRC32 on every request, streamed
    // bodies sent aws-chunked with a trailer) is not understood by every S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** A missing object: S3 says NoSuchKey (GetObject) or a bare 404 (some compatible services). */
function isMissing(error: unknown) {
  const e = error as {name?: string; $metadata?: {httpStatusCode?: number}};
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Objects in a bucket under `prefix` (e.g. "kesher/files/"), one per key. An object appears whole when
 * its PutObject (or the multipart upload's completion) succeeds, so a reader never sees half of one;
 * a failed multipart upload is aborted by lib-storage (a bucket lifecycle rule that aborts incomplete
 * uploads after a day catches a process that died mid-way, docs/operations.md).
 */
export function s3Storage(client: S3Client, bucket: string, prefix: string): FileStorage {
  const objectKey = (key: string) => prefix + checkedKey(key);
  const getObject = async (key: string): Promise<GetObjectCommandOutput | undefined> => {
    try {
      return await client.send(new GetObjectCommand({Bucket: bucket, Key: objectKey(key)}));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };
  return {
    where: `s3://${bucket}/${prefix}`,
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async putFile(key, file, contentType) {
      try {
        // One PutObject below PART_BYTES, a multipart upload above (streamed from the file, never whole in memory).
        const upload = new Upload({
          client,
          params: {Bucket: bucket, Key: objectKey(key), Body: createReadStream(file), ContentType: contentType},
          partSize: PART_BYTES,
          queueSize: UPLOAD_QUEUE,
        });
        await upload.done();
      } finally {
        await rm(file, {force: true});
      }
    },
    async get(key) {
      const object = await getObject(key);
      return object?.Body ? await object.Body.transformToByteArray() : undefined;
    },
    async open(key) {
      const object = await getObject(key);
      if (!object?.Body) return undefined;
      return {size: object.ContentLength ?? 0, body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>};
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({Bucket: bucket, Key: objectKey(key)}));
    },
    async *keys() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({Bucket: bucket, Prefix: prefix, ContinuationToken: token}));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          if (key !== undefined && isStorageKey(key)) yield key;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
