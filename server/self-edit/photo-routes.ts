import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import type {Context, Hono} from 'hono';
import {bodyLimit} from 'hono/body-limit';
import {nanoid} from 'nanoid';
import {FILE_RULES} from '../../app/candidates/card/files.ts';
import {recordHistory} from '../../app/candidates/card/mutators.ts';
import {SELF_PHOTO_PATH, type SelfPhoto} from '../../app/self-user/edit.ts';
import {schema, zql} from '../../zero-schema.ts';
import type {ApiEnv} from '../http/env.ts';
import {logAccess} from '../audit/access-log.ts';
import {selfSessionOf} from '../auth/self-session.ts';
import type {Sql} from '../db/sql.ts';
import type {FileStorage} from '../files/storage.ts';
import {MULTIPART_OVERHEAD, forgetBytes, readUpload, serveStoredFile, type Upload} from '../files/transfer.ts';
import {clientIP, fail} from '../http/body.ts';
import {editableTicket, notSignedIn, ticketRefusal} from './ticket.ts';

/** How a read of the photo ended, by the answer (as the staff's download log names them). */
const READ_RESULTS: Partial<Record<number, string>> = {
  200: 'downloaded',
  304: 'downloaded',
  403: 'forbidden',
  404: 'not-found',
  409: 'forbidden',
  503: 'forbidden',
};

/**
 * The candidate's own photo on their edit form (issue 15; spec §1 "self-users update ticket details",
 * the "photo" the form lists), with the self-user session and the edit form's rule (editableTicket:
 * only the session's own ticket, open, and unlocked):
 *   GET    /api/peoples/self-update/photo/:fileId  the bytes of the ticket's photo (access-logged)
 *   POST   /api/peoples/self-update/photo          multipart {file, kind: photo} → 201 {photo}
 *   DELETE /api/peoples/self-update/photo          → {ok: true}
 * The file passes the staff upload's rules (app/candidates/card/files.ts: size, and the type its bytes
 * show) and goes to the same storage; a new photo replaces the old one. Each change is one revision of
 * the card, in its history "by the candidate" like the details' self-update, and the file row replicates,
 * so the shadchan's open card shows the new photo at once.
 */
export function mountSelfPhotoRoutes(app: Hono<ApiEnv>, sql: Sql, storage: FileStorage) {
  const db = zeroPostgresJS(schema, sql);
  const limit = bodyLimit({
    maxSize: FILE_RULES.photo.maxBytes + MULTIPART_OVERHEAD,
    onError: c => fail(c, 413, 'fileTooLarge', 'The file is too large'),
  });

  /**
   * Puts `next` in place of the ticket's photo (none: removes it) as one revision by the candidate.
   * Returns the ids of the photos it replaced, 'closed' when the ticket was closed meanwhile, or 'none'
   * when there was nothing to remove.
   */
  const changePhoto = (ticketID: string, next: (Upload & {id: string}) | undefined) =>
    db.transaction(async tx => {
      const pg = tx.dbTransaction.wrappedTransaction;
      // Held until the change is written, as the self-update does: a ticket closed meanwhile is left alone.
      const [open] = await pg`
        SELECT 1 FROM profile WHERE id = ${ticketID} AND closed_at IS NULL AND deleted_at IS NULL FOR NO KEY UPDATE`;
      if (!open) return 'closed' as const;
      const replaced = await pg<{id: string; name: string}[]>`
        DELETE FROM profile_file WHERE profile_id = ${ticketID} AND kind = 'photo' RETURNING id, name`;
      if (!next && replaced.length === 0) return 'none' as const;
      if (next) {
        await pg`
          INSERT INTO profile_file (id, profile_id, kind, name, mime, size, uploaded_by, by_candidate)
          VALUES (${next.id}, ${ticketID}, 'photo', ${next.name}, ${next.type}, ${next.bytes.length}, NULL, true)`;
      }
      const card = await tx.run(zql.profile.where('id', ticketID).one());
      const revision = card!.revision + 1;
      const now = Date.now();
      await tx.mutate.profile.update({id: ticketID, revision, updatedAt: now});
      await recordHistory(tx, 'candidate', ticketID, revision, [['photo', replaced[0]?.name, next?.name]], now);
      return replaced.map(r => r.id);
    });

  app.post(SELF_PHOTO_PATH, async c => {
    // The ticket first: a refusal never reads the upload.
    const ticketID = await editableTicket(c, sql);
    if (ticketID instanceof Response) return ticketID;
    const read: {upload?: Upload | Response} = {};
    const tooLarge = await limit(c, async () => {
      read.upload = await readUpload(c, ['photo']);
    });
    // The limit either refuses or has let the upload be read.
    const upload = tooLarge ?? read.upload!;
    if (upload instanceof Response) return upload;

    const next = {...upload, id: nanoid()};
    // Bytes first, then the row: a row never points at bytes that are not there.
    await storage.put(next.id, next.bytes, next.type);
    let replaced: Awaited<ReturnType<typeof changePhoto>> = 'closed';
    try {
      replaced = await changePhoto(ticketID, next);
    } finally {
      if (!Array.isArray(replaced)) await forgetBytes(storage, next.id);
    }
    if (!Array.isArray(replaced)) return fail(c, 409, 'ticketClosed', 'This ticket is already closed');
    for (const old of replaced) await forgetBytes(storage, old);
    return c.json({photo: {id: next.id, name: next.name, size: next.bytes.length} satisfies SelfPhoto}, 201);
  });

  app.delete(SELF_PHOTO_PATH, async c => {
    const ticketID = await editableTicket(c, sql);
    if (ticketID instanceof Response) return ticketID;
    const removed = await changePhoto(ticketID, undefined);
    if (removed === 'closed') return fail(c, 409, 'ticketClosed', 'This ticket is already closed');
    if (removed === 'none') return fail(c, 404, 'notFound', 'The ticket has no photo');
    for (const old of removed) await forgetBytes(storage, old);
    return c.json({ok: true});
  });

  app.get(`${SELF_PHOTO_PATH}/:fileId`, async c => {
    const session = await selfSessionOf(c, sql);
    if (!session) return notSignedIn(c);
    const fileID = c.req.param('fileId');
    const answer = (await ticketRefusal(c, sql, session.profileID)) ?? (await servePhoto(c, session.profileID, fileID));
    const result = READ_RESULTS[answer.status];
    // Every read, as the staff's downloads (server/audit/download-log.ts): no staff user, the candidate's own ticket.
    if (result) {
      await logAccess(sql, {
        userID: null,
        profileID: session.profileID,
        what: 'file',
        result,
        ip: clientIP(c),
        detail: {fileID, candidate: true, ...(answer.status === 304 ? {cached: true} : {})},
      });
    }
    return answer;
  });

  /** The ticket's photo by its id; any other file (a document, another card's) is not found. */
  async function servePhoto(c: Context<ApiEnv>, ticketID: string, fileID: string) {
    const [file] = await sql<{id: string; name: string; mime: string}[]>`
      SELECT id, name, mime FROM profile_file WHERE id = ${fileID} AND profile_id = ${ticketID} AND kind = 'photo'`;
    if (!file) return fail(c, 404, 'notFound', 'No such photo on your ticket');
    return serveStoredFile(c, storage, {...file, profileID: ticketID});
  }
}
