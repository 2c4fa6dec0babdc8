import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import {afterAll, afterEach, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {MAX_DOCUMENTS_PER_CARD} from '../../app/candidates/card/files.ts';
import {schema} from '../../zero-schema.ts';
import {startTestApi} from '../support/api.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {openTestStorage, STORAGE_KINDS, type TestStorage} from '../support/storages.ts';

/**
 * A card's photo and documents through the real API app and Postgres, once with a local folder and once
 * with an S3 bucket (tests/support/storages.ts: what is stored is read there without the storage under
 * test): who may upload, download and delete, what is refused (by the bytes, not the declared type), and
 * that the Zero query hands file rows only to viewFiles on cards the user sees.
 */
const sql = connect(inject('databaseURL'));
const db = zeroPostgresJS(schema, sql);
afterAll(() => sql.end());

// A real 1×1 PNG, a minimal PDF, and bytes that are neither (a Windows executable's header).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const MB = 1024 * 1024;

describe.each(STORAGE_KINDS)('%s storage', kind => {
  let under: TestStorage;
  let api: Awaited<ReturnType<typeof startTestApi>>;

  let uploader: AuthContext, viewer: AuthContext, plain: AuthContext, other: AuthContext, admin: AuthContext;
  let card: string, personalCard: string;
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    under = await openTestStorage(kind);
    api = await startTestApi(sql, {files: under.storage});
    uploader = await makeUser(sql, 'shadchan', ['viewFiles', 'uploadFiles']);
    viewer = await makeUser(sql, 'shadchan', ['viewFiles']);
    plain = await makeUser(sql, 'shadchan');
    other = await makeUser(sql, 'shadchan', ['viewFiles', 'uploadFiles']);
    admin = await makeUser(sql, 'admin');
    card = await makeProfile(sql, plain.userID, 'general', 'קבצים');
    // In the other shadchan's personal database: nobody else but the administrator sees it.
    personalCard = await makeProfile(sql, other.userID, 'personal', 'אישי');
    for (const user of [uploader, viewer, plain, other, admin]) {
      const res = await api.app.request('/api/dev/sign-in', {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({userID: user.userID}),
      });
      cookies.set(user.userID, res.headers.get('set-cookie')!.split(';')[0]!);
    }
  });
  afterEach(() => sql`UPDATE site_setting SET maintenance = false`);
  afterAll(async () => {
    await api.close();
    await under.close();
  });

  const headersOf = (user?: AuthContext): Record<string, string> => (user ? {cookie: cookies.get(user.userID)!} : {});

  function upload(
    user: AuthContext | undefined,
    profileID: string,
    kind: string,
    bytes: Uint8Array,
    name: string,
    declared = 'application/octet-stream',
  ) {
    const form = new FormData();
    form.set('kind', kind);
    form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, {type: declared}));
    return api.app.request(`/api/profiles/${profileID}/files`, {method: 'POST', body: form, headers: headersOf(user)});
  }
  const download = (user: AuthContext | undefined, fileID: string, extra: Record<string, string> = {}) =>
    api.app.request(`/api/files/${fileID}`, {headers: {...headersOf(user), ...extra}});
  const remove = (user: AuthContext | undefined, fileID: string) =>
    api.app.request(`/api/files/${fileID}`, {method: 'DELETE', headers: headersOf(user)});

  /** The keys really in the folder or the bucket. */
  const stored = () => under.stored();
  const rowsOf = (profileID: string) =>
    sql<{id: string; kind: string; name: string; mime: string; size: number}[]>`
    SELECT id, kind, name, mime, size FROM profile_file WHERE profile_id = ${profileID} ORDER BY created_at`;
  /** What the server's own definition of the files query returns to this user (what zero-cache syncs). */
  const filesSeenBy = async (ctx: AuthContext, profileID: string) =>
    (await db.transaction(tx => tx.run(queries.candidates.files.fn({args: {id: profileID}, ctx})))).map(f => f.id).sort();

  async function uploaded(user: AuthContext, profileID: string, kind: string, bytes: Uint8Array, name: string) {
    const res = await upload(user, profileID, kind, bytes, name);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as {file: {id: string; name: string; mime: string; size: number}}).file;
  }

  describe('upload', () => {
    test('a photo and a document are stored with the type their bytes show and a safe name', async () => {
      // A photo is re-encoded as a JPEG (server/files/images.ts; tests/pg/hostile-uploads.pg.test.ts), named so.
      const photo = await uploaded(uploader, card, 'photo', PNG, 'C:\\Users\\me\\תמונה\u202Egnp.exe');
      expect(photo).toMatchObject({mime: 'image/jpeg', name: 'תמונהgnp.exe.jpg'});
      // The declared type is ignored: these PDF bytes come in claiming to be a PNG.
      const doc = await uploaded(uploader, card, 'document', PDF, 'קורות חיים.pdf');
      expect(doc).toMatchObject({mime: 'application/pdf', name: 'קורות חיים.pdf'});
      expect(await rowsOf(card)).toEqual([
        {id: photo.id, kind: 'photo', name: photo.name, mime: 'image/jpeg', size: photo.size},
        {id: doc.id, kind: 'document', name: 'קורות חיים.pdf', mime: 'application/pdf', size: PDF.length},
      ]);
      expect(Buffer.from((await under.read(doc.id))!)).toEqual(PDF);
      expect(await stored()).toEqual([photo.id, doc.id].sort());
    });

    test('bytes that are not an accepted type are refused whatever the name or declared type says; nothing is stored', async () => {
      const before = await stored();
      const rows = (await rowsOf(card)).length;
      for (const [kind, bytes, name, declared] of [
        ['document', EXE, 'cv.pdf', 'application/pdf'],
        ['photo', PDF, 'face.png', 'image/png'], // a PDF is a document, not a photo
        ['document', Buffer.from('<html><script>alert(1)</script>'), 'page.pdf', 'application/pdf'],
      ] as const) {
        const res = await upload(uploader, card, kind, bytes, name, declared);
        expect(res.status).toBe(415);
        expect(await res.json()).toMatchObject({error: 'fileType'});
      }
      expect(await stored()).toEqual(before);
      expect(await rowsOf(card)).toHaveLength(rows);
    });

    test('too large: a photo over 5 MB, a document over 10 MB; nothing is stored', async () => {
      const before = await stored();
      const bigPhoto = Buffer.concat([PNG, Buffer.alloc(5 * MB + 1 - PNG.length)]);
      const res = await upload(uploader, card, 'photo', bigPhoto, 'big.png');
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({error: 'fileTooLarge'});
      // A 6 MB PDF is a fine document; 11 MB is refused while the body is read.
      await uploaded(uploader, card, 'document', Buffer.concat([PDF, Buffer.alloc(6 * MB)]), 'scan.pdf');
      const huge = await upload(uploader, card, 'document', Buffer.concat([PDF, Buffer.alloc(11 * MB)]), 'huge.pdf');
      expect(huge.status).toBe(413);
      expect(await huge.json()).toMatchObject({error: 'fileTooLarge'});
      // Refused before the form is even parsed (else this unknown kind would be a 400).
      const unread = await upload(uploader, card, 'avatar', Buffer.concat([PDF, Buffer.alloc(11 * MB)]), 'huge.pdf');
      expect(unread.status).toBe(413);
      expect((await stored()).filter(f => !before.includes(f))).toHaveLength(1); // only the 6 MB one
    });

    test('without a session 401, without uploadFiles 403, on a card the user may not see 404; nothing is stored', async () => {
      const before = await stored();
      const rows = (await rowsOf(card)).length;
      expect((await upload(undefined, card, 'photo', PNG, 'a.png')).status).toBe(401);
      for (const user of [viewer, plain]) {
        const res = await upload(user, card, 'photo', PNG, 'a.png');
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({error: 'forbidden'});
      }
      const hidden = await upload(uploader, personalCard, 'photo', PNG, 'a.png');
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toMatchObject({error: 'notFound'});
      expect((await upload(uploader, 'p-no-such-card', 'photo', PNG, 'a.png')).status).toBe(404);
      expect(await stored()).toEqual(before);
      expect(await rowsOf(card)).toHaveLength(rows);
      expect(await rowsOf(personalCard)).toHaveLength(0);
    });

    test('a missing file or an unknown kind is invalid input', async () => {
      for (const kind of ['avatar', '']) {
        const res = await upload(uploader, card, kind, PNG, 'a.png');
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({error: 'invalidInput'});
      }
      const form = new FormData();
      form.set('kind', 'photo');
      const res = await api.app.request(`/api/profiles/${card}/files`, {
        method: 'POST',
        body: form,
        headers: headersOf(uploader),
      });
      expect(res.status).toBe(400);
    });

    test('a new photo replaces the previous one, bytes included', async () => {
      const target = await makeProfile(sql, plain.userID, 'general', 'תמונות');
      const first = await uploaded(uploader, target, 'photo', PNG, 'first.png');
      const second = await uploaded(uploader, target, 'photo', PNG, 'second.png');
      expect((await rowsOf(target)).map(r => r.id)).toEqual([second.id]);
      expect(await under.read(first.id)).toBeUndefined();
      expect(await under.read(second.id)).toBeDefined();
    });

    test(`a card holds at most ${MAX_DOCUMENTS_PER_CARD} documents; the next is refused and nothing is stored`, async () => {
      const full = await makeProfile(sql, plain.userID, 'general', 'מלא');
      for (let i = 0; i < MAX_DOCUMENTS_PER_CARD; i++) await uploaded(uploader, full, 'document', PDF, `מסמך ${i}.pdf`);
      const before = await stored();
      const res = await upload(uploader, full, 'document', PDF, 'one too many.pdf');
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({error: 'tooManyFiles'});
      expect(await rowsOf(full)).toHaveLength(MAX_DOCUMENTS_PER_CARD);
      expect(await stored()).toEqual(before);
      // The photo is not a document: it may still be added (and replaces any earlier one).
      await uploaded(uploader, full, 'photo', PNG, 'photo.png');
    });

    test('in maintenance only the administrator may upload', async () => {
      await sql`UPDATE site_setting SET maintenance = true`;
      const res = await upload(uploader, card, 'document', PDF, 'x.pdf');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({error: 'maintenance'});
      await uploaded(admin, card, 'document', PDF, 'admin.pdf');
    });
  });

  describe('download', () => {
    test('viewFiles downloads the bytes as an attachment under the UTF-8 name, never sniffed, cached privately', async () => {
      const doc = await uploaded(uploader, card, 'document', PDF, 'מסמך "חשוב" (1).pdf');
      expect(doc.name).toBe('מסמך חשוב (1).pdf'); // quotes are among the characters file systems refuse
      const res = await download(viewer, doc.id);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="____ ____ (1).pdf"; filename*=UTF-8''${encodeURIComponent('מסמך חשוב')}%20%281%29.pdf`,
      );
      // Asked again with its ETag: 304 without the bytes (after the same checks).
      const again = await download(viewer, doc.id, {'if-none-match': res.headers.get('etag')!});
      expect(again.status).toBe(304);
      expect((await download(plain, doc.id, {'if-none-match': res.headers.get('etag')!})).status).toBe(403);
    });

    test('without a session 401, without viewFiles 403, a card the user may not see 404', async () => {
      const doc = await uploaded(uploader, card, 'document', PDF, 'a.pdf');
      expect((await download(undefined, doc.id)).status).toBe(401);
      const forbidden = await download(plain, doc.id);
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toMatchObject({error: 'forbidden'});

      const hidden = await uploaded(other, personalCard, 'document', PDF, 'private.pdf');
      expect((await download(other, hidden.id)).status).toBe(200);
      expect((await download(admin, hidden.id)).status).toBe(200);
      for (const user of [viewer, uploader]) {
        const res = await download(user, hidden.id);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({error: 'notFound'});
      }
      expect((await download(viewer, 'no-such-file-id')).status).toBe(404);
    });

    test('a card moved to the recycling bin hides its files from those who may not see the bin', async () => {
      const binned = await makeProfile(sql, plain.userID, 'general', 'סל');
      const doc = await uploaded(uploader, binned, 'document', PDF, 'a.pdf');
      await sql`UPDATE profile SET deleted_at = now() WHERE id = ${binned}`;
      expect((await download(viewer, doc.id)).status).toBe(404);
      expect((await download(admin, doc.id)).status).toBe(200);
    });
  });

  describe('the files query', () => {
    test('returns a card’s files only with viewFiles, and only on cards the user may see', async () => {
      const target = await makeProfile(sql, plain.userID, 'general', 'שאילתה');
      const photo = await uploaded(uploader, target, 'photo', PNG, 'p.png');
      const doc = await uploaded(uploader, target, 'document', PDF, 'd.pdf');
      const hidden = await uploaded(other, personalCard, 'document', PDF, 'h.pdf');
      const both = [photo.id, doc.id].sort();
      expect(await filesSeenBy(viewer, target)).toEqual(both);
      expect(await filesSeenBy(uploader, target)).toEqual(both);
      expect(await filesSeenBy(admin, target)).toEqual(both);
      // plain sees the card (it is even theirs) but holds no viewFiles: no rows at all.
      expect(await filesSeenBy(plain, target)).toEqual([]);
      // viewFiles, but a card in someone else's personal database.
      expect(await filesSeenBy(viewer, personalCard)).toEqual([]);
      expect(await filesSeenBy(other, personalCard)).toContain(hidden.id);
    });
  });

  describe('delete', () => {
    test('uploadFiles deletes a file: the row and the bytes are gone; others get 401/403/404', async () => {
      const doc = await uploaded(uploader, card, 'document', PDF, 'gone.pdf');
      expect((await remove(undefined, doc.id)).status).toBe(401);
      expect((await remove(viewer, doc.id)).status).toBe(403);
      const hidden = await uploaded(other, personalCard, 'document', PDF, 'kept.pdf');
      expect((await remove(uploader, hidden.id)).status).toBe(404);
      expect(await under.read(hidden.id)).toBeDefined();

      const res = await remove(uploader, doc.id);
      expect(res.status).toBe(200);
      expect(await sql`SELECT 1 FROM profile_file WHERE id = ${doc.id}`).toHaveLength(0);
      expect(await under.read(doc.id)).toBeUndefined();
      expect(await under.storage.get(doc.id)).toBeUndefined(); // a missing key is no error
      expect(await under.storage.open(doc.id)).toBeUndefined();
      expect(await stored()).not.toContain(doc.id);
      expect((await download(uploader, doc.id)).status).toBe(404);
      expect((await remove(uploader, doc.id)).status).toBe(404);
    });
  });
});
