import {createHash} from 'node:crypto';
import {createWriteStream, type WriteStream} from 'node:fs';
import type {Readable} from 'node:stream';
import {finished} from 'node:stream/promises';
import postgres from 'postgres';

/**
 * A physical base backup through PostgreSQL's own replication protocol (the command pg_basebackup
 * sends), so it needs no client tools and works on the embedded Postgres and an external one alike
 * (PostgreSQL 15 or later; the user needs the REPLICATION attribute and pg_hba.conf must admit
 * `replication` connections). The server writes the tar archive of its data directory itself, without
 * pg_replslot's contents, postmaster.pid and the other files pg_basebackup leaves out, with the WAL
 * the backup needs inside (pg_wal/) and a backup_manifest of SHA-256 checksums. A temporary physical
 * slot on the same connection keeps that WAL until the backup has it, and disappears with the
 * connection.
 *
 * The archive is consistent as of its end (walRange.end): starting Postgres on it replays the WAL
 * written while it was copied.
 */

export type BaseBackup = {bytes: number; sha256: string; manifestBytes: number};

/**
 * BASE_BACKUP's COPY stream carries one message per CopyData: 'n' a new archive (name, tablespace
 * location), 'd' data, 'p' progress, 'm' the manifest follows. postgres.js pushes one buffer per
 * CopyData; a stream in flowing mode hands each to 'data' as it was pushed, so boundaries hold (an 'n'
 * message of the wrong shape would reveal otherwise, and the manifest's checksums are verified on restore).
 */
export async function baseBackup(databaseURL: string, archiveFile: string, manifestFile: string): Promise<BaseBackup> {
  const sql = postgres(databaseURL, {
    max: 1,
    fetch_types: false, // a physical replication connection runs no SQL
    onnotice: () => {},
    connection: {replication: 'true', application_name: 'kesher-backup'} as Record<string, string>,
  });
  const archive = createWriteStream(archiveFile, {mode: 0o600});
  const manifest = createWriteStream(manifestFile, {mode: 0o600});
  const hash = createHash('sha256');
  let bytes = 0;
  let manifestBytes = 0;
  try {
    await sql.unsafe(`CREATE_REPLICATION_SLOT kesher_backup_${process.pid} TEMPORARY PHYSICAL RESERVE_WAL`);
    const stream = (await sql
      .unsafe(
        `BASE_BACKUP (LABEL 'kesher backup', CHECKPOINT 'fast', WAL true, WAIT true, MANIFEST 'yes', MANIFEST_CHECKSUMS 'SHA256')`,
      )
      .readable()) as Readable;
    let target: WriteStream | undefined;
    let archives = 0;
    await new Promise<void>((resolve, reject) => {
      const write = (out: WriteStream, data: Buffer) => {
        if (!out.write(data)) {
          stream.pause();
          out.once('drain', () => stream.resume());
        }
      };
      stream.on('data', (message: Buffer) => {
        try {
          const type = String.fromCharCode(message[0]!);
          const body = message.subarray(1);
          if (type === 'n') {
            const parts = body.toString('utf8').split('\0');
            if (parts.length !== 3 || parts[2] !== '') throw new Error('unexpected BASE_BACKUP message framing');
            if (++archives > 1 || parts[1] !== '') {
              throw new Error('the database has tablespaces of its own; a backup covers the default one only');
            }
            target = archive;
          } else if (type === 'm') {
            target = manifest;
          } else if (type === 'd') {
            if (!target) throw new Error('BASE_BACKUP sent data before naming an archive');
            if (target === archive) {
              hash.update(body);
              bytes += body.length;
            } else manifestBytes += body.length;
            write(target, body);
          } else if (type !== 'p') throw new Error(`unexpected BASE_BACKUP message '${type}'`);
        } catch (error) {
          stream.destroy(error as Error);
        }
      });
      stream.once('error', reject);
      stream.once('end', resolve);
    });
    if (!archives || !manifestBytes) throw new Error('BASE_BACKUP sent no archive or no manifest');
  } finally {
    archive.end();
    manifest.end();
    await Promise.allSettled([finished(archive), finished(manifest)]);
    await sql.end({timeout: 5});
  }
  return {bytes, sha256: hash.digest('hex'), manifestBytes};
}

/** The WAL range a backup_manifest names: the backup is consistent once replay reaches `end`. */
export function walRange(manifestText: string): {start: string; end: string; timeline: number} {
  const manifest = JSON.parse(manifestText) as {'WAL-Ranges': Array<{Timeline: number; 'Start-LSN': string; 'End-LSN': string}>};
  const range = manifest['WAL-Ranges'][0]!;
  return {start: range['Start-LSN'], end: range['End-LSN'], timeline: range.Timeline};
}
