import {createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual} from 'node:crypto';
import {Transform, type TransformCallback} from 'node:stream';

/**
 * A backup's encryption: AES-256-GCM over 64 KiB chunks, each authenticated on its own (the STREAM
 * construction, as age and Tink do), so a backup of any size encrypts and decrypts as a stream, and a
 * reordered, truncated or altered chunk fails. The key is BACKUP_KEY: 32 random bytes in base64
 * (`openssl rand -base64 32`). Each file has a random salt; its key is HKDF(BACKUP_KEY, salt).
 *
 *   header  "KESHERE1" · salt (16 bytes) · key check (16 bytes: HMAC of the file key, to tell a wrong key
 *           from a damaged file)
 *   chunks  AES-256-GCM(64 KiB of plaintext) · tag (16 bytes); the nonce is the chunk's number (11 bytes)
 *           and a last-chunk flag (1 byte), so the end of the stream is authenticated too.
 */

export const MAGIC = Buffer.from('KESHERE1');
const SALT = 16;
const CHECK = 16;
const HEADER = MAGIC.length + SALT + CHECK;
const CHUNK = 64 * 1024;
const TAG = 16;

export class BackupKeyError extends Error {}

/** BACKUP_KEY as 32 bytes, or an error that says how to make one. */
export function parseBackupKey(text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32 || key.toString('base64') !== text.trim()) {
    throw new BackupKeyError(
      'BACKUP_KEY must be 32 random bytes in base64 (44 characters); make one with `openssl rand -base64 32`',
    );
  }
  return key;
}

function fileKey(key: Buffer, salt: Buffer) {
  const derived = Buffer.from(hkdfSync('sha256', key, salt, 'kesher backup v1', 32));
  const check = createHmac('sha256', derived).update('kesher backup key check').digest().subarray(0, CHECK);
  return {derived, check};
}

function nonce(counter: number, last: boolean) {
  const n = Buffer.alloc(12);
  n.writeUIntBE(counter, 5, 6); // 11 bytes of counter (the top 5 stay zero: 2^48 chunks are 16 EiB)
  n[11] = last ? 1 : 0;
  return n;
}

function seal(key: Buffer, counter: number, last: boolean, plain: Buffer) {
  const cipher = createCipheriv('aes-256-gcm', key, nonce(counter, last));
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** Whether a file's first bytes are an encrypted backup's. */
export const isEncrypted = (head: Buffer) => head.subarray(0, MAGIC.length).equals(MAGIC);

export function encryptStream(key: Buffer): Transform {
  const salt = randomBytes(SALT);
  const {derived, check} = fileKey(key, salt);
  let pending: Buffer = Buffer.alloc(0);
  let counter = 0;
  return new Transform({
    construct(callback) {
      this.push(Buffer.concat([MAGIC, salt, check]));
      callback();
    },
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      // A full chunk goes out only once more data follows it: the last one is sealed as last in flush().
      while (pending.length > CHUNK) {
        this.push(seal(derived, counter++, false, pending.subarray(0, CHUNK)));
        pending = pending.subarray(CHUNK);
      }
      callback();
    },
    flush(callback) {
      this.push(seal(derived, counter++, true, pending));
      callback();
    },
  });
}

export function decryptStream(key: Buffer): Transform {
  let derived: Buffer | undefined;
  let pending: Buffer = Buffer.alloc(0);
  let counter = 0;
  const open = (sealed: Buffer, last: boolean) => {
    const decipher = createDecipheriv('aes-256-gcm', derived!, nonce(counter++, last));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]);
    } catch {
      throw new Error('the backup is damaged or was altered (a chunk failed authentication)');
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      try {
        if (!derived) {
          if (pending.length < HEADER) return callback();
          if (!isEncrypted(pending)) throw new Error('not an encrypted Kesher backup');
          const keys = fileKey(key, pending.subarray(MAGIC.length, MAGIC.length + SALT));
          if (!timingSafeEqual(keys.check, pending.subarray(MAGIC.length + SALT, HEADER))) {
            throw new BackupKeyError('wrong BACKUP_KEY: this backup was encrypted with another key');
          }
          derived = keys.derived;
          pending = pending.subarray(HEADER);
        }
        // Keep the last sealed chunk back until the end: only flush() knows it is the last.
        while (pending.length > CHUNK + TAG) {
          this.push(open(pending.subarray(0, CHUNK + TAG), false));
          pending = pending.subarray(CHUNK + TAG);
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        if (!derived || pending.length < TAG) throw new Error('the backup is truncated');
        this.push(open(pending, true));
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}
