import {randomBytes} from 'node:crypto';
import {Readable} from 'node:stream';
import {describe, expect, test} from 'vitest';
import {decryptStream, encryptStream, parseBackupKey} from '../../server/backup/encryption.ts';

/** The backups' streaming encryption (server/backup/encryption.ts): AES-256-GCM in authenticated 64 KiB chunks. */
async function through(stream: NodeJS.ReadWriteStream, input: Buffer, pieces = 7): Promise<Buffer> {
  const parts = Array.from({length: pieces}, (_, i) =>
    input.subarray((i * input.length) / pieces, ((i + 1) * input.length) / pieces),
  );
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(parts).pipe(stream)) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

const key = randomBytes(32);

describe('backup encryption', () => {
  test.each([0, 1, 65_536, 65_537, 3 * 65_536, 200_001])('a round trip of %i bytes', async size => {
    const plain = randomBytes(size);
    const sealed = await through(encryptStream(key), plain);
    expect(sealed.length).toBe(
      40 + plain.length + 16 * Math.max(1, Math.ceil(plain.length / 65_536) + (size % 65_536 === 0 && size ? 0 : 0)),
    );
    expect((await through(decryptStream(key), sealed, 3)).equals(plain)).toBe(true);
  });

  test('refuses a wrong key, a truncated and an altered file', async () => {
    const sealed = await through(encryptStream(key), randomBytes(150_000));
    await expect(through(decryptStream(randomBytes(32)), sealed)).rejects.toThrow(/wrong BACKUP_KEY/);
    // Cut at a chunk's end: every chunk left authenticates, but none is sealed as the last.
    await expect(through(decryptStream(key), sealed.subarray(0, 40 + 65_536 + 16))).rejects.toThrow(/damaged|truncated/);
    const altered = Buffer.from(sealed);
    altered[100_000]! ^= 1;
    await expect(through(decryptStream(key), altered)).rejects.toThrow(/damaged/);
  });

  test('takes a key of 32 bytes in base64 only', () => {
    expect(parseBackupKey(key.toString('base64'))).toEqual(key);
    expect(() => parseBackupKey(randomBytes(16).toString('base64'))).toThrow(/openssl rand -base64 32/);
    expect(() => parseBackupKey('not base64 at all, not at all, not at all!!')).toThrow(/32 random bytes/);
  });
});
