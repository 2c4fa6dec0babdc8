import {mkdtemp, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import {accessLogWritten} from '../../server/audit/in-background.ts';
import {connect} from '../../server/db/sql.ts';
import {localDiskStorage, type FileStorage} from '../../server/files/storage.ts';
import {startTestApi} from '../support/api.ts';
import {browser, signedIn as signedInAs} from '../support/browser.ts';
import {makeIsraeliID, makeProfile, makeUser} from '../support/fixtures.ts';

/**
 * The access log (migrations/0015) as the real API app writes it: card details through the Zero query
 * endpoint (deduplicated), the print view, file downloads and duplicate lookups. Who, which record,
 * what and how it ended; never the data itself.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
let dir: string;
let storage: FileStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kesher-access-'));
  storage = localDiskStorage(dir);
  api = await startTestApi(sql, {files: storage});
});
afterAll(async () => {
  await api.close();
  await sql.end();
  await rm(dir, {recursive: true, force: true});
});

const signedIn = (user: AuthContext) => signedInAs(api.app, user.userID);

type Row = {user_id: string; profile_id: string | null; what: string; result: string; ip: string | null; detail: unknown};
const logOf = (userID: string) =>
  sql<Row[]>`SELECT user_id, profile_id, what, result, ip, detail FROM access_log WHERE user_id = ${userID} ORDER BY id`;

describe('card details (the Zero query endpoint)', () => {
  const openCard = (b: ReturnType<typeof browser>, ...ids: string[]) =>
    b.post('/api/zero/query?schema=kesher_0&appID=kesher', [
      'transform',
      [
        {id: `list-${nanoid(4)}`, name: 'candidates.list', args: [{filters: {}, limit: 50}]},
        ...ids.map(id => ({id: `card-${nanoid(4)}`, name: 'candidates.card', args: [{id}]})),
      ],
    ]);

  test('an opening is written with whether the card was shown; zero-cache asking again adds no row', async () => {
    const owner = await makeUser(sql, 'shadchan');
    const reader = await makeUser(sql, 'shadchan');
    const general = await makeProfile(sql, owner.userID, 'general');
    const personal = await makeProfile(sql, owner.userID, 'personal'); // the owner's alone
    const b = await signedIn(reader);

    expect((await openCard(b)).status).toBe(200); // the list alone is no card opening
    expect((await openCard(b, general, personal)).status).toBe(200);
    await accessLogWritten();
    // One request, two openings: written side by side, in either order.
    const opened = await logOf(reader.userID);
    expect(opened).toHaveLength(2);
    expect(opened).toEqual(
      expect.arrayContaining([
        expect.objectContaining({profile_id: general, what: 'card', result: 'shown', ip: '127.0.0.1'}),
        expect.objectContaining({profile_id: personal, what: 'card', result: 'not-visible'}),
      ]),
    );

    // zero-cache re-transforms the open page's queries (every 5 minutes, and a few times as a page opens).
    await openCard(b, general, personal);
    await openCard(b, general);
    await accessLogWritten();
    expect(await logOf(reader.userID)).toHaveLength(2);

    // Another user, or a different outcome for this one, is a row of its own.
    await openCard(await signedIn(owner), personal);
    await sql`UPDATE profile SET database = 'general' WHERE id = ${personal}`;
    await openCard(b, personal);
    await accessLogWritten();
    expect((await logOf(owner.userID)).map(r => [r.profile_id, r.result])).toEqual([[personal, 'shown']]);
    expect((await logOf(reader.userID)).map(r => `${r.profile_id} ${r.result}`).sort()).toEqual(
      [`${general} shown`, `${personal} not-visible`, `${personal} shown`].sort(),
    );
  });
});

describe('the print view', () => {
  test('printing a visible card is written; an invisible one is refused as not found, and written too', async () => {
    const owner = await makeUser(sql, 'shadchan');
    const reader = await makeUser(sql, 'shadchan');
    const general = await makeProfile(sql, owner.userID, 'general');
    const personal = await makeProfile(sql, owner.userID, 'personal');
    const b = await signedIn(reader);
    expect(await b.post(`/api/profiles/${general}/print`, {})).toMatchObject({status: 200});
    expect(await b.post(`/api/profiles/${personal}/print`, {})).toMatchObject({status: 404, body: {error: 'notFound'}});
    expect(await b.post(`/api/profiles/p-no-such-card/print`, {})).toMatchObject({status: 404, body: {error: 'notFound'}});
    expect((await logOf(reader.userID)).map(r => [r.profile_id, r.what, r.result])).toEqual([
      [general, 'print', 'printed'],
      [personal, 'print', 'not-visible'],
      ['p-no-such-card', 'print', 'not-visible'],
    ]);
    expect((await browser(api.app).post(`/api/profiles/${general}/print`, {})).status).toBe(401);
  });
});

describe('file downloads', () => {
  test('downloaded, forbidden (no viewFiles) and not found are each written with the file and its card', async () => {
    const owner = await makeUser(sql, 'shadchan', ['viewFiles']);
    const withoutViewFiles = await makeUser(sql, 'shadchan');
    const card = await makeProfile(sql, owner.userID, 'general');
    const hidden = await makeProfile(sql, withoutViewFiles.userID, 'personal');
    const fileOf = async (profileID: string) => {
      const id = nanoid();
      const bytes = Buffer.from('%PDF-1.4\n%%EOF\n');
      await storage.put(id, bytes, 'application/pdf');
      await sql`INSERT INTO profile_file (id, profile_id, kind, name, mime, size, uploaded_by)
                VALUES (${id}, ${profileID}, 'document', 'קורות חיים.pdf', 'application/pdf', ${bytes.length}, ${owner.userID})`;
      return id;
    };
    const file = await fileOf(card);
    const hiddenFile = await fileOf(hidden);

    const b = await signedIn(owner);
    const first = await api.app.request(`/api/files/${file}`, {
      headers: {cookie: `kesher_session=${b.jar.get('kesher_session')}`},
    });
    expect(first.status).toBe(200);
    const again = await api.app.request(`/api/files/${file}`, {
      headers: {cookie: `kesher_session=${b.jar.get('kesher_session')}`, 'if-none-match': first.headers.get('etag')!},
    });
    expect(again.status).toBe(304);
    expect((await b.get(`/api/files/${hiddenFile}`)).status).toBe(404);
    expect((await b.get('/api/files/no-such-file')).status).toBe(404);
    expect((await (await signedIn(withoutViewFiles)).get(`/api/files/${file}`)).status).toBe(403);

    expect((await logOf(owner.userID)).map(r => [r.profile_id, r.what, r.result, r.detail])).toEqual([
      [card, 'file', 'downloaded', {fileID: file}],
      [card, 'file', 'downloaded', {fileID: file, cached: true}],
      [hidden, 'file', 'not-found', {fileID: hiddenFile}],
      [null, 'file', 'not-found', {fileID: 'no-such-file'}],
    ]);
    expect((await logOf(withoutViewFiles.userID)).map(r => [r.profile_id, r.result, r.detail])).toEqual([
      [card, 'forbidden', {fileID: file}],
    ]);
  });
});

describe('duplicate lookups', () => {
  test('who, by what, how many matched and which were shown; never the looked-up values', async () => {
    const owner = await makeUser(sql, 'shadchan');
    const asker = await makeUser(sql, 'shadchan', ['editTickets']);
    const idNumber = makeIsraeliID();
    const phone = `+97250${String(Date.now()).slice(-7)}`;
    const surname = `בדיקה${nanoid(5)}`;
    const shown = await makeProfile(sql, owner.userID, 'general', surname);
    const hidden = await makeProfile(sql, owner.userID, 'personal', surname);
    await sql`UPDATE profile_detail SET id_number = ${idNumber} WHERE profile_id = ${hidden}`;
    await sql`UPDATE profile SET phones = ${sql.json([phone])} WHERE id = ${shown}`;

    const b = await signedIn(asker);
    const lookup = {idNumber, phones: [phone], forename: 'משה', surname, birthDate: '2000-01-01'};
    const res = await b.post('/api/profiles/duplicates', lookup);
    expect(res.status).toBe(200);
    expect(res.body.matches).toHaveLength(2);
    await b.post('/api/profiles/duplicates', {phones: [], forename: 'אין', surname: 'כזה', birthDate: '1901-01-01'});

    const rows = await logOf(asker.userID);
    expect(rows).toEqual([
      {
        user_id: asker.userID,
        profile_id: null,
        what: 'duplicates',
        result: 'matches',
        ip: expect.any(String),
        detail: {byIdNumber: true, phones: 1, matches: 2, shown},
      },
      expect.objectContaining({
        what: 'duplicates',
        result: 'no-matches',
        detail: {byIdNumber: false, phones: 0, matches: 0, shown: ''},
      }),
    ]);
    const written = JSON.stringify(rows);
    for (const secret of [idNumber, phone, surname, hidden]) expect(written).not.toContain(secret);
  });
});
