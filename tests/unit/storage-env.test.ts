import {describe, expect, test} from 'vitest';
import {storageConfigFromEnv, StorageConfigError} from '../../server/files/storage-env.ts';

/** FILE_STORAGE and its S3_* settings (server/files/storage-env.ts): what a wrong one says, never a secret. */
const S3 = {
  FILE_STORAGE: 's3',
  S3_BUCKET: 'kesher-files',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'very-secret-value',
};
const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    storageConfigFromEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(StorageConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('file storage settings', () => {
  test('local by default: FILES_DIR, else the data folder', () => {
    expect(storageConfigFromEnv({KESHER_DATA_DIR: '/srv/kesher'})).toEqual({kind: 'local', filesDir: '/srv/kesher/files'});
    expect(storageConfigFromEnv({FILE_STORAGE: 'local', FILES_DIR: '/mnt/files'})).toEqual({
      kind: 'local',
      filesDir: '/mnt/files',
    });
  });

  test('s3: the bucket, region, endpoint, path style, keys and prefix', () => {
    expect(
      storageConfigFromEnv({...S3, S3_ENDPOINT: 'https://s3.example.org:9000', S3_PREFIX: 'office/', S3_REGION: 'eu-central-1'}),
    ).toEqual({
      kind: 's3',
      s3: {
        bucket: 'kesher-files',
        region: 'eu-central-1',
        endpoint: 'https://s3.example.org:9000',
        forcePathStyle: true,
        credentials: {accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'very-secret-value'},
      },
      prefix: 'office/',
      filesPrefix: 'office/files/',
      exportsPrefix: 'office/exports/',
    });
    // AWS itself: virtual-hosted style, credentials from the SDK's own chain; empty variables are absent.
    expect(storageConfigFromEnv({FILE_STORAGE: 's3', S3_BUCKET: 'b-1', S3_ENDPOINT: '', S3_PREFIX: ''})).toMatchObject({
      s3: {bucket: 'b-1', region: 'us-east-1', endpoint: undefined, forcePathStyle: false, credentials: undefined},
      filesPrefix: 'files/',
    });
    expect(storageConfigFromEnv({...S3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'false'})).toMatchObject({
      s3: {forcePathStyle: false},
    });
  });

  test('a wrong setting names the variable, and no message holds a secret', () => {
    expect(refusal({FILE_STORAGE: 'S3'})).toMatch(/FILE_STORAGE must be local or s3/);
    expect(refusal({FILE_STORAGE: 's3'})).toMatch(/needs S3_BUCKET/);
    expect(refusal({...S3, S3_BUCKET: 'Not_A_Bucket'})).toMatch(/S3_BUCKET is not a bucket name/);
    expect(refusal({...S3, S3_ENDPOINT: 'ftp://x'})).toMatch(/S3_ENDPOINT must be an address/);
    expect(refusal({...S3, S3_FORCE_PATH_STYLE: 'yes'})).toMatch(/S3_FORCE_PATH_STYLE must be true or false/);
    for (const prefix of ['office', '/office/', '../x/', 'a/../'])
      expect(refusal({...S3, S3_PREFIX: prefix})).toMatch(/S3_PREFIX/);
    const half = refusal({...S3, S3_ACCESS_KEY_ID: undefined});
    expect(half).toMatch(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    for (const env of [
      {...S3, S3_BUCKET: ''},
      {...S3, S3_PREFIX: 'x'},
      {...S3, S3_ENDPOINT: 'nope'},
    ]) {
      expect(refusal(env)).not.toContain('very-secret-value');
    }
    expect(half).not.toContain('very-secret-value');
  });
});
