import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import {SESSION_COOKIE, createSession} from '../../server/auth/session.ts';
import {connect} from '../../server/db/sql.ts';
import {schema} from '../../zero-schema.ts';
import {signedInSelfUser, startTestApi} from '../support/api.ts';
import {makeTicket, makeUser} from '../support/fixtures.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {openTestStorage, STORAGE_KINDS, type TestStorage} from '../support/storages.ts';

/**
 * The candidate's own photo on their edit form (issue 15): POST/DELETE /api/peoples/self-update/photo and
 * GET …/photo/:fileId with a self-user session, through the real API app and Postgres, once with a local
 * folder and once with an S3 bucket (tests/support/storages.ts). Same rules as the staff's upload (by the bytes, not the declared type),
 * only the session's own open and unlocked ticket, a revision "by the candidate", and the file row the
 * staff's Zero query hands the card's shadchan.
 */
const sql = connect(inject('databaseURL'));
const db = zeroPostgresJS(schema, sql);
afterAll(() => sql.end());

// A real 1×1 PNG, a minimal PDF (a document, never a photo), and a Windows executable's header.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
// A real 1×1 JPEG: every photo is decoded and re-encoded as a JPEG (server/files/images.ts).
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHR8eHR0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const MB = 1024 * 1024;
const PHOTO = '/api/peoples/self-update/photo';

describe.each(STORAGE_KINDS)('%s storage', kind => {
  let under: TestStorage;
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let owner: AuthContext;

  beforeAll(async () => {
    under = await openTestStorage(kind);
    api = await startTestApi(sql, {files: under.storage});
    owner = await makeUser(sql, 'shadchan', ['viewFiles', 'uploadFiles', 'viewChangeHistory']);
  });
  afterAll(async () => {
    await api.close();
    await under.close();
  });

  /** The cookie of a self-user signed in to a fresh ticket of `owner` (the sign-in's missed call and code). */
  async function signedIn() {
    const t = await makeTicket(sql, owner.userID);
    return {t, ...(await signedInSelfUser(api, t.login))};
  }

  function upload(cookie: string, bytes: Uint8Array, name: string, kind = 'photo', declared = 'image/png') {
    const form = new FormData();
    form.set('kind', kind);
    form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, {type: declared}));
    return api.app.request(PHOTO, {method: 'POST', body: form, headers: {cookie}});
  }
  const read = (cookie: string, fileID: string, extra: Record<string, string> = {}) =>
    api.app.request(`${PHOTO}/${fileID}`, {headers: {cookie, ...extra}});
  const remove = (cookie: string) => api.app.request(PHOTO, {method: 'DELETE', headers: {cookie}});

  const filesOf = (id: string) =>
    sql<{id: string; kind: string; name: string; mime: string; uploaded_by: string | null; by_candidate: boolean}[]>`
    SELECT id, kind, name, mime, uploaded_by, by_candidate FROM profile_file WHERE profile_id = ${id} ORDER BY created_at`;
  const historyOf = (id: string) =>
    sql<
      {revision: number; field: string; user_id: string | null; by_candidate: boolean; old_value: unknown; new_value: unknown}[]
    >`
    SELECT revision, field, user_id, by_candidate, old_value, new_value FROM profile_revision WHERE profile_id = ${id} ORDER BY revision`;
  /** The keys really in the folder or the bucket. */
  const stored = () => under.stored();
  const readsOf = (id: string) =>
    sql<{user_id: string | null; result: string; detail: Record<string, unknown>}[]>`
    SELECT user_id, result, detail FROM access_log WHERE profile_id = ${id} AND what = 'file' ORDER BY id`;

  describe('the candidate’s photo', () => {
    test('uploads, shows, replaces and removes the ticket’s photo, each a revision by the candidate', async () => {
      const {t, b, cookie} = await signedIn();
      expect((await b.get('/api/peoples/self-update')).body.photo).toBeNull();

      const first = await upload(cookie, PNG, 'אני.png');
      expect(first.status).toBe(201);
      const {photo} = (await first.json()) as {photo: {id: string; name: string; size: number}};
      // Re-encoded as a JPEG, as every photo is, and named so.
      expect(photo).toMatchObject({name: 'אני.jpg'});
      expect(await filesOf(t.id)).toEqual([
        {id: photo.id, kind: 'photo', name: 'אני.jpg', mime: 'image/jpeg', uploaded_by: null, by_candidate: true},
      ]);
      expect((await b.get('/api/peoples/self-update')).body).toMatchObject({revision: 1, photo});

      // The bytes come back to the candidate, with the staff route's headers.
      const shown = await read(cookie, photo.id);
      expect(shown.status).toBe(200);
      expect(shown.headers.get('content-type')).toBe('image/jpeg');
      expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await shown.arrayBuffer()).length).toBe(photo.size);
      expect((await read(cookie, photo.id, {'if-none-match': `"${photo.id}"`})).status).toBe(304);

      // A new photo replaces the old one, rows and bytes.
      const second = await upload(cookie, JPEG, 'חדשה.jpg', 'photo', 'application/octet-stream');
      expect(second.status).toBe(201);
      const replaced = ((await second.json()) as {photo: {id: string}}).photo;
      expect((await filesOf(t.id)).map(f => [f.id, f.mime])).toEqual([[replaced.id, 'image/jpeg']]);
      expect(await stored()).toContain(replaced.id);
      expect(await stored()).not.toContain(photo.id);
      expect((await read(cookie, photo.id)).status).toBe(404);

      expect(await remove(cookie)).toMatchObject({status: 200});
      expect(await filesOf(t.id)).toEqual([]);
      expect(await stored()).not.toContain(replaced.id);
      expect((await remove(cookie)).status).toBe(404);

      expect(await historyOf(t.id)).toEqual([
        {revision: 1, field: 'photo', user_id: null, by_candidate: true, old_value: null, new_value: 'אני.jpg'},
        {revision: 2, field: 'photo', user_id: null, by_candidate: true, old_value: 'אני.jpg', new_value: 'חדשה.jpg'},
        {revision: 3, field: 'photo', user_id: null, by_candidate: true, old_value: 'חדשה.jpg', new_value: null},
      ]);
      // Every read in the access log: no staff user, the candidate's ticket, the file.
      expect(await readsOf(t.id)).toEqual([
        {user_id: null, result: 'downloaded', detail: {fileID: photo.id, candidate: true}},
        {user_id: null, result: 'downloaded', detail: {fileID: photo.id, candidate: true, cached: true}},
        {user_id: null, result: 'not-found', detail: {fileID: photo.id, candidate: true}},
      ]);
    });

    test('the shadchan’s Zero query of the card’s files has the candidate’s photo', async () => {
      const {t, cookie} = await signedIn();
      const res = await upload(cookie, PNG, 'me.png');
      const {photo} = (await res.json()) as {photo: {id: string}};
      const files = await db.transaction(tx => tx.run(queries.candidates.files.fn({args: {id: t.id}, ctx: owner})));
      expect(files).toEqual([
        expect.objectContaining({id: photo.id, kind: 'photo', byCandidate: true, uploadedBy: null, uploader: null}),
      ]);
      // And the staff's own download route serves it to them.
      const staff = await api.app.request('/api/dev/sign-in', {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({userID: owner.userID}),
      });
      const staffCookie = staff.headers.get('set-cookie')!.split(';')[0]!;
      expect((await api.app.request(`/api/files/${photo.id}`, {headers: {cookie: staffCookie}})).status).toBe(200);
    });

    test('a wrong type (by the bytes) or an oversize file is refused, and nothing is written', async () => {
      const {t, cookie} = await signedIn();
      await upload(cookie, PNG, 'keep.png');
      const before = {files: await filesOf(t.id), history: await historyOf(t.id), bytes: await stored()};
      for (const [bytes, name, declared] of [
        [EXE, 'photo.png', 'image/png'],
        [PDF, 'cv.pdf', 'application/pdf'],
      ] as const) {
        const res = await upload(cookie, bytes, name, 'photo', declared);
        expect(res.status).toBe(415);
        expect(await res.json()).toMatchObject({error: 'fileType'});
      }
      const big = await upload(cookie, Buffer.concat([PNG, Buffer.alloc(5 * MB)]), 'big.png');
      expect(big.status).toBe(413);
      expect(await big.json()).toMatchObject({error: 'fileTooLarge'});
      // Not a photo: the candidate has no documents to add.
      const document = await upload(cookie, PDF, 'cv.pdf', 'document');
      expect(document.status).toBe(400);
      expect(await document.json()).toMatchObject({error: 'invalidInput'});
      expect({files: await filesOf(t.id), history: await historyOf(t.id), bytes: await stored()}).toEqual(before);
    });

    test('only the session’s own ticket: another ticket’s photo is not found, and its card is left alone', async () => {
      const mine = await signedIn();
      const theirs = await signedIn();
      const res = await upload(theirs.cookie, PNG, 'theirs.png');
      const {photo} = (await res.json()) as {photo: {id: string}};
      expect((await read(mine.cookie, photo.id)).status).toBe(404);
      expect((await upload(mine.cookie, JPEG, 'mine.jpg')).status).toBe(201);
      expect((await filesOf(theirs.t.id)).map(f => f.id)).toEqual([photo.id]);
      expect((await historyOf(theirs.t.id)).length).toBe(1);
      expect(await readsOf(mine.t.id)).toEqual([
        {user_id: null, result: 'not-found', detail: {fileID: photo.id, candidate: true}},
      ]);
    });

    test('a locked (unverified candidate-sent) or closed ticket refuses, before the upload is read', async () => {
      const {t, cookie} = await signedIn();
      const res = await upload(cookie, PNG, 'a.png');
      const {photo} = (await res.json()) as {photo: {id: string}};
      const before = {files: await filesOf(t.id), history: await historyOf(t.id), bytes: await stored()};

      await sql`UPDATE profile SET source = 'candidate', candidate_verified_at = NULL WHERE id = ${t.id}`;
      expect(await (await upload(cookie, JPEG, 'b.jpg')).json()).toMatchObject({error: 'ticketLocked'});
      expect((await remove(cookie)).status).toBe(403);
      expect((await read(cookie, photo.id)).status).toBe(403);

      await sql`UPDATE profile SET candidate_verified_at = now(), closed_at = now() WHERE id = ${t.id}`;
      const closed = await upload(cookie, Buffer.alloc(6 * MB, 1), 'huge.png');
      expect(closed.status).toBe(409);
      expect(await closed.json()).toMatchObject({error: 'ticketClosed'});
      expect((await remove(cookie)).status).toBe(409);
      expect((await read(cookie, photo.id)).status).toBe(409);

      expect({files: await filesOf(t.id), history: await historyOf(t.id), bytes: await stored()}).toEqual(before);
      expect((await readsOf(t.id)).map(r => r.result)).toEqual(['forbidden', 'forbidden']);
    });

    test('a staff session cannot use them, and a self session never reaches the staff’s file routes', async () => {
      const {t, cookie} = await signedIn();
      const res = await upload(cookie, PNG, 'a.png');
      const {photo} = (await res.json()) as {photo: {id: string}};

      const staffCookie = `${SESSION_COOKIE}=${(await createSession(sql, owner.userID, undefined)).token}`;
      for (const answer of [
        await upload(staffCookie, JPEG, 'staff.jpg'),
        await read(staffCookie, photo.id),
        await remove(staffCookie),
        await upload('', JPEG, 'nobody.jpg'),
      ]) {
        expect(answer.status).toBe(401);
        expect(await answer.json()).toMatchObject({error: 'notSignedIn'});
      }
      expect((await filesOf(t.id)).map(f => f.id)).toEqual([photo.id]);

      // The self-user's cookie is no staff session.
      const form = new FormData();
      form.set('kind', 'photo');
      form.set('file', new File([JPEG], 'x.jpg'));
      expect((await api.app.request(`/api/profiles/${t.id}/files`, {method: 'POST', body: form, headers: {cookie}})).status).toBe(
        401,
      );
      expect((await api.app.request(`/api/files/${photo.id}`, {headers: {cookie}})).status).toBe(401);
      expect((await api.app.request(`/api/files/${photo.id}`, {method: 'DELETE', headers: {cookie}})).status).toBe(401);
      expect((await filesOf(t.id)).map(f => f.id)).toEqual([photo.id]);
    });

    test('another site cannot upload for a signed-in candidate (CSRF)', async () => {
      const {t, cookie} = await signedIn();
      const form = new FormData();
      form.set('kind', 'photo');
      form.set('file', new File([PNG], 'x.png'));
      const res = await api.app.request(PHOTO, {
        method: 'POST',
        body: form,
        headers: {cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site'},
      });
      expect(res.status).toBe(403);
      expect(await filesOf(t.id)).toEqual([]);
    });
  });
});
