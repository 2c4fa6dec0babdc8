import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import type {Context, Hono, MiddlewareHandler} from 'hono';
import {bodyLimit} from 'hono/body-limit';
import {nanoid} from 'nanoid';
import {FILE_KINDS, MAX_DOCUMENTS_PER_CARD, MAX_FILE_BYTES} from '../../app/candidates/card/files.ts';
import {can, type AuthContext} from '../../permissions/context.ts';
import {filesOnVisibleProfiles, visibleFiles} from '../../permissions/files.ts';
import type {Permission} from '../../permissions/labels.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {isShutOut} from '../../permissions/site.ts';
import {schema, zql} from '../../zero-schema.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {fail} from '../http/body.ts';
import type {FileStorage} from './storage.ts';
import {MULTIPART_OVERHEAD, forgetBytes, readUpload, serveStoredFile} from './transfer.ts';
import {logFileDownloads} from '../audit/download-log.ts';

/** The routes whose writes are multipart uploads (every other write is JSON): the staff's, and the candidate's photo. */
export const isUploadPath = (path: string) =>
  /^\/api\/profiles\/[^/]+\/files$/.test(path) || path === '/api/peoples/self-update/photo';

/**
 * A card's photo and documents (spec §3, §6 "view files", "upload files"):
 *   POST   /api/profiles/:id/files  multipart {file, kind: photo|document} → 201 {file}   (uploadFiles)
 *   GET    /api/files/:fileId       the bytes, as an attachment under the original name   (viewFiles)
 *   DELETE /api/files/:fileId       → {ok: true}                                          (uploadFiles)
 * 401 without a session, 403 without the permission, 404 when the card (or file) is not one the user
 * may see: the same rules as the Zero queries (permissions/profiles.ts, permissions/files.ts), run as
 * ZQL against Postgres. Refusals of the file itself: 413 fileTooLarge, 415 fileType (by the bytes'
 * signature); 409 tooManyFiles past MAX_DOCUMENTS_PER_CARD. A new photo replaces the card's previous one.
 * Every download is written to the access log.
 */
export function mountFileRoutes(app: Hono<ApiEnv>, sql: Sql, storage: FileStorage) {
  const db = zeroPostgresJS(schema, sql);
  const forget = (id: string) => forgetBytes(storage, id);

  /** The caller's context once they are signed in and hold the permission (writes: not in maintenance). */
  const guard =
    (permission: Permission, writes: boolean): MiddlewareHandler<ApiEnv> =>
    async (c, next) => {
      const session = c.get('session');
      if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
      if (!can(session.ctx, permission)) return fail(c, 403, 'forbidden', `This needs the ${permission} permission`);
      if (writes) {
        const [site] = await sql<{maintenance: boolean}[]>`SELECT maintenance FROM site_setting WHERE id = 'site'`;
        if (site && isShutOut(site.maintenance, session.ctx)) return fail(c, 503, 'maintenance', 'The site is in maintenance');
      }
      await next();
    };
  const ctxOf = (c: Context<ApiEnv>): AuthContext => c.get('session')!.ctx;
  const visibleCard = (ctx: AuthContext, id: string) => db.run(visibleProfiles(zql.profile, ctx).where('id', id).one());

  app.post(
    '/api/profiles/:id/files',
    guard('uploadFiles', true),
    // A card the user may not see is "not found" before its upload is read.
    async (c, next) => ((await visibleCard(ctxOf(c), c.req.param('id'))) ? next() : notFound(c)),
    bodyLimit({
      maxSize: MAX_FILE_BYTES + MULTIPART_OVERHEAD,
      onError: c => fail(c, 413, 'fileTooLarge', 'The file is too large'),
    }),
    async c => {
      const ctx = ctxOf(c);
      const profileID = c.req.param('id');
      const upload = await readUpload(c, FILE_KINDS);
      if (upload instanceof Response) return upload;
      const {kind, bytes, type, name} = upload;

      const id = nanoid();
      // Bytes first, then the row: a row never points at bytes that are not there.
      await storage.put(id, bytes, type);
      let saved: {createdAt: number; replaced: string[]} | 'notFound' | 'full' = 'notFound';
      try {
        saved = await db.transaction(async tx => {
          const pg = tx.dbTransaction.wrappedTransaction;
          // One upload per card at a time, so two photos arriving together leave exactly one, and two
          // documents arriving together cannot pass the cap.
          await pg`SELECT 1 FROM profile WHERE id = ${profileID} FOR NO KEY UPDATE`;
          if (!(await tx.run(visibleProfiles(zql.profile, ctx).where('id', profileID).one()))) return 'notFound';
          if (kind === 'document') {
            const [{count}] = await pg<[{count: number}]>`
              SELECT count(*)::int AS count FROM profile_file WHERE profile_id = ${profileID} AND kind = 'document'`;
            if (count >= MAX_DOCUMENTS_PER_CARD) return 'full';
          }
          const replaced =
            kind === 'photo'
              ? await pg<{id: string}[]>`DELETE FROM profile_file WHERE profile_id = ${profileID} AND kind = 'photo' RETURNING id`
              : [];
          const [row] = await pg<{created_at: Date}[]>`
            INSERT INTO profile_file (id, profile_id, kind, name, mime, size, uploaded_by)
            VALUES (${id}, ${profileID}, ${kind}, ${name}, ${type}, ${bytes.length}, ${ctx.userID})
            RETURNING created_at`;
          return {createdAt: row!.created_at.getTime(), replaced: replaced.map(r => r.id)};
        });
      } finally {
        if (typeof saved !== 'object') await storage.delete(id);
      }
      if (saved === 'notFound') return notFound(c);
      if (saved === 'full') {
        return fail(c, 409, 'tooManyFiles', `A card may hold at most ${MAX_DOCUMENTS_PER_CARD} documents`);
      }
      for (const old of saved.replaced) await forget(old);
      return c.json(
        {file: {id, profileID, kind, name, mime: type, size: bytes.length, uploadedBy: ctx.userID, createdAt: saved.createdAt}},
        201,
      );
    },
  );

  app.get('/api/files/:fileId', logFileDownloads(sql), guard('viewFiles', false), async c => {
    const file = await db.run(visibleFiles(zql.profileFile, ctxOf(c)).where('id', c.req.param('fileId')).one());
    if (!file) return notFound(c);
    return serveStoredFile(c, storage, file);
  });

  app.delete('/api/files/:fileId', guard('uploadFiles', true), async c => {
    const ctx = ctxOf(c);
    const fileID = c.req.param('fileId');
    const removed = await db.transaction(async tx => {
      if (!(await tx.run(filesOnVisibleProfiles(zql.profileFile, ctx).where('id', fileID).one()))) return false;
      await tx.dbTransaction.wrappedTransaction`DELETE FROM profile_file WHERE id = ${fileID}`;
      return true;
    });
    if (!removed) return notFound(c);
    await forget(fileID);
    return c.json({ok: true});
  });
}

const notFound = (c: Context) => fail(c, 404, 'notFound', 'No such file or card, or not one you may see');
