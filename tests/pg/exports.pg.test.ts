import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import {visibleActivities} from '../../permissions/activities.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {visibleCouples} from '../../permissions/engaged-couples.ts';
import {zql} from '../../zero-schema.ts';
import {connect} from '../../server/db/sql.ts';
import {exportsSettled} from '../../server/exports/run.ts';
import {startTestApi} from '../support/api.ts';
import {browser, signedIn} from '../support/browser.ts';
import {allText, download, exportAndRead, exportsFolder} from '../support/exports.ts';
import {makeIsraeliID, makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';
import {openTestStorage, STORAGE_KINDS, type TestStorage} from '../support/storages.ts';

/**
 * admin/exports (issue 16) through the real API and Postgres: who may export, what an export holds
 * (only what its screens would show the user: never a hidden card, a personal note or a staff contact
 * they may not see), how its sheet is written (direction, headers, dates, phones), and the access log.
 * Its cards live in a sector of their own, which every profiles export here filters on.
 */
const sql = connect(inject('databaseURL'));
const {db} = serverSide(sql);
afterAll(() => sql.end());

// Once with the exports kept in their folder, once in an S3 bucket (tests/support/storages.ts).
describe.each(STORAGE_KINDS)('%s storage', kind => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let folder: string;
  let under: TestStorage;

  const tag = nanoid(6);
  const sector = `sector-${tag}`;
  const community = `community-${tag}`;
  const scoped = {sectors: [sector]};
  const idNumber = makeIsraeliID();
  const BOB_PHONE = `+97253${String(Date.now()).slice(-7)}`;
  const SHARED_NOTE = `הערה משותפת ${tag}`;
  const BOBS_PERSONAL_NOTE = `הערה אישית של בוב ${tag}`;
  const ALICES_PERSONAL_NOTE = `הערה אישית של אליס ${tag}`;

  let alice: AuthContext, bob: AuthContext, rep: AuthContext, plain: AuthContext, editor: AuthContext, staffer: AuthContext;
  const cards = {} as Record<'shared' | 'partner' | 'bobPersonal' | 'chosen' | 'aliceOwn' | 'deleted' | 'pending', string>;
  const surnameOf = (name: keyof typeof cards) => `${name}-${tag}`;

  async function card(name: keyof typeof cards, owner: AuthContext, c: Record<string, unknown> = {}) {
    const id = `p-${nanoid(8)}`;
    await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id,
                                 state, visibility, community_id, deleted_at)
            VALUES (${id}, 'שרה', ${surnameOf(name)}, ${(c.gender as string) ?? 'female'}, '2001-03-04', 'בני ברק', ${sector},
                    'available', ${(c.database as string) ?? 'general'}, ${owner.userID}, ${(c.state as string) ?? 'active'},
                    ${(c.visibility as string) ?? 'all'}, ${(c.community as string | null) ?? null},
                    ${c.deleted ? new Date() : null})`;
    await sql`INSERT INTO profile_detail (profile_id, id_number, details)
            VALUES (${id}, ${(c.idNumber as string) ?? null}, ${sql.json((c.details ?? {}) as never)})`;
    cards[name] = id;
  }

  beforeAll(async () => {
    folder = await exportsFolder();
    under = await openTestStorage(kind, {prefix: 'exports/', suffix: '.xlsx', dir: folder});
    api = await startTestApi(sql, {exportsDir: folder, exportStorage: under.storage});
    await sql`INSERT INTO sector (id, labels) VALUES (${sector}, ${sql.json({he: 'מגזר בדיקה', en: 'Test sector'})})`;
    await sql`INSERT INTO community (id, name) VALUES (${community}, ${community})`;
    alice = await makeUser(sql, 'shadchan', ['exportToExcel']);
    bob = await makeUser(sql, 'shadchan', [], {phone: BOB_PHONE});
    rep = await makeUser(sql, 'representative', ['exportToExcel']);
    await sql`INSERT INTO representative (id, name, role, community_id, user_id)
            VALUES (${`r-${tag}`}, ${`נציג ${tag}`}, 'community', ${community}, ${rep.userID})`;
    plain = await makeUser(sql, 'shadchan', ['editTickets']);
    editor = await makeUser(sql, 'shadchan', ['exportToExcel', 'editEngagedCouples']);
    staffer = await makeUser(sql, 'coordinator', ['exportToExcel', 'editShadchanim']);

    await card('shared', bob, {
      community,
      idNumber,
      details: {candidatePhone: '+972501234567', inquiryPhones: ['+97236123456'], occupation: 'גננת', height: 165, smoker: false},
    });
    await card('partner', bob, {gender: 'male'});
    await card('bobPersonal', bob, {gender: 'male', database: 'personal'});
    await card('chosen', bob, {visibility: 'chosen', community});
    await card('aliceOwn', alice, {database: 'personal'});
    await card('deleted', bob, {deleted: true, community});
    await card('pending', bob, {state: 'pending', community});
    for (const [author, body, personal] of [
      [bob, SHARED_NOTE, false],
      [bob, BOBS_PERSONAL_NOTE, true],
      [alice, ALICES_PERSONAL_NOTE, true],
    ] as const) {
      await sql`INSERT INTO profile_note (id, profile_id, author_id, body, personal)
              VALUES (${nanoid()}, ${cards.shared}, ${author.userID}, ${body}, ${personal})`;
    }
    const activity = (by: AuthContext, title: string, male: string, female: string) =>
      sql`INSERT INTO activity (id, type, title, male_profile_id, female_profile_id, created_by)
        VALUES (${nanoid()}, 'suggestion', ${`${title} ${tag}`}, ${male}, ${female}, ${by.userID})`;
    await activity(bob, 'visible pair', cards.partner, cards.shared);
    await activity(bob, 'hidden pair', cards.bobPersonal, cards.chosen);
    await activity(alice, 'own with a hidden side', cards.bobPersonal, cards.shared);
    for (const by of [alice, bob]) {
      await sql`INSERT INTO engaged_couple (id, status, male_name, male_id_number, female_name, female_id_number, submitted_by_user)
              VALUES (${nanoid()}, 'pending', ${`חתן ${by.userID}`}, ${makeIsraeliID()}, ${`כלה ${by.userID}`}, ${makeIsraeliID()},
                      ${by.userID})`;
    }
  });
  afterAll(async () => {
    await exportsSettled();
    await api.close();
    await under.close();
  });

  const surnames = (rows: unknown[][]) => rows.slice(1).map(r => String(r[1]));

  describe('who may export', () => {
    test('without exportToExcel every export route refuses, and nothing is written', async () => {
      const b = await signedIn(api.app, alice.userID);
      const {id} = await exportAndRead(api, sql, b, {kind: 'couples'});
      const filesBefore = await under.stored();

      const anonymous = browser(api.app);
      const refused = await signedIn(api.app, plain.userID);
      for (const kind of ['profiles', 'activities', 'shadchanim', 'couples']) {
        expect((await anonymous.post('/api/exports', {kind, locale: 'he'})).status, kind).toBe(401);
        expect(await refused.post('/api/exports', {kind, locale: 'he'}), kind).toMatchObject({
          status: 403,
          body: {error: 'forbidden'},
        });
      }
      expect((await download(api, anonymous, id)).status).toBe(401);
      expect((await download(api, refused, id)).status).toBe(403);
      await exportsSettled();
      expect(await sql`SELECT id FROM export_job WHERE owner_id = ${plain.userID}`).toEqual([]);
      expect(await under.stored()).toEqual(filesBefore);
      // The refused download is on record as such; nothing was exported or downloaded.
      const logged = await sql<
        {result: string}[]
      >`SELECT result FROM access_log WHERE user_id = ${plain.userID} AND what = 'export'`;
      expect(logged.map(r => r.result)).toEqual(['forbidden']);
    });

    test('the shadchanim need the right to see staff; a free filter needs freeFiltering; bad requests are 400', async () => {
      const b = await signedIn(api.app, alice.userID);
      expect(await b.post('/api/exports', {kind: 'shadchanim', locale: 'he'})).toMatchObject({status: 403});
      const free = {free: {join: 'and', items: [{field: 'height', op: 'gte', value: 160}]}};
      expect(await b.post('/api/exports', {kind: 'profiles', filters: free, locale: 'he'})).toMatchObject({status: 403});
      expect(await b.post('/api/exports', {kind: 'everything', locale: 'he'})).toMatchObject({
        status: 400,
        body: {error: 'invalidInput', issues: [{field: 'kind'}]},
      });
      expect(await b.post('/api/exports', {kind: 'activities', filters: scoped, locale: 'he'})).toMatchObject({
        status: 400,
        body: {issues: [{field: 'filters'}]},
      });
      expect(await b.post('/api/exports', {kind: 'profiles', locale: 'fr'})).toMatchObject({status: 400});
      expect(await b.post('/api/exports', {kind: 'profiles', filters: {ageFrom: 3}, locale: 'he'})).toMatchObject({status: 400});
      await exportsSettled();
      expect(await sql`SELECT id FROM export_job WHERE owner_id = ${alice.userID} AND kind <> 'couples'`).toEqual([]);
    });

    test("one export at a time per user; a job whose process died is failed, and another user's job is not found", async () => {
      const b = await signedIn(api.app, staffer.userID);
      const stuck = nanoid();
      await sql`INSERT INTO export_job (id, owner_id, kind, locale) VALUES (${stuck}, ${staffer.userID}, 'couples', 'he')`;
      expect(await b.post('/api/exports', {kind: 'couples', locale: 'he'})).toMatchObject({
        status: 409,
        body: {error: 'exportRunning'},
      });
      expect((await download(api, b, stuck)).status).toBe(409);
      await sql`UPDATE export_job SET updated_at = now() - interval '10 minutes' WHERE id = ${stuck}`;
      const {id} = await exportAndRead(api, sql, b, {kind: 'shadchanim'});
      expect((await sql`SELECT status FROM export_job WHERE id = ${stuck}`)[0]).toEqual({status: 'failed'});
      // Alice holds exportToExcel, but the file is the staffer's alone: as if it did not exist.
      const other = await signedIn(api.app, alice.userID);
      expect(await download(api, other, id)).toMatchObject({status: 404});
      const [logged] = await sql<{result: string; detail: {exportID: string}}[]>`
      SELECT result, detail FROM access_log WHERE user_id = ${alice.userID} AND what = 'export' ORDER BY id DESC LIMIT 1`;
      expect(logged).toEqual({result: 'not-found', detail: {exportID: id}});
    });
  });

  describe('what an export holds', () => {
    test('profiles: the cards the list shows this user, every detail, shared notes only, never a hidden card', async () => {
      const b = await signedIn(api.app, alice.userID);
      const {rows, sheet} = await exportAndRead(api, sql, b, {kind: 'profiles', filters: scoped});
      expect(surnames(rows).sort()).toEqual([surnameOf('aliceOwn'), surnameOf('partner'), surnameOf('shared')].sort());
      const header = rows[0]!.map(String);
      const shared = rows.find(r => r[1] === surnameOf('shared'))!;
      const cell = (label: string) => shared[header.indexOf(label)];
      expect(cell('מספר זהות')).toBe(idNumber);
      expect(cell('נייד המועמד/ת')).toBe('050-1234567');
      expect(cell('עיסוק')).toBe('גננת');
      expect(cell('מעשן/ת')).toBe('לא');
      expect(cell('גובה (ס״מ)')).toBe(165);
      expect(cell('קהילה')).toBe(community);
      expect(cell('הערות')).toContain(SHARED_NOTE);
      const text = allText(rows);
      // Personal notes never, whoever wrote them (the exporter's own too); no contact of the card's shadchan.
      for (const secret of [BOBS_PERSONAL_NOTE, ALICES_PERSONAL_NOTE, BOB_PHONE, '053-' + BOB_PHONE.slice(6)]) {
        expect(text).not.toContain(secret);
      }
      for (const hidden of ['bobPersonal', 'chosen', 'deleted', 'pending'] as const)
        expect(text).not.toContain(surnameOf(hidden));
      // Hebrew: the sheet reads right to left, its headers frozen; dates are date cells, phones text.
      expect(sheet.views[0]).toMatchObject({rightToLeft: true, state: 'frozen', ySplit: 1});
      const birth = sheet.getCell(rows.indexOf(shared) + 1, header.indexOf('תאריך לידה') + 1);
      expect(birth.value).toEqual(new Date(Date.UTC(2001, 2, 4)));
      expect(birth.numFmt).toBe('dd-mm-yyyy');
      const phone = sheet.getCell(rows.indexOf(shared) + 1, header.indexOf('נייד המועמד/ת') + 1);
      expect(phone.type).toBe(3); // ExcelJS.ValueType.String
      expect(phone.numFmt).toBe('@');
    });

    test("a representative's export holds exactly the cards in their care", async () => {
      const b = await signedIn(api.app, rep.userID);
      const {rows} = await exportAndRead(api, sql, b, {kind: 'profiles', filters: scoped});
      // Of the community's cards: not Bob's personal one, not a deleted or a pending one.
      expect(surnames(rows)).toEqual([surnameOf('chosen'), surnameOf('shared')].sort());
      expect(allText(rows)).not.toContain(BOBS_PERSONAL_NOTE);
    });

    test('in English the sheet reads left to right with English headers', async () => {
      const b = await signedIn(api.app, alice.userID);
      const {rows, sheet, headers} = await exportAndRead(api, sql, b, {kind: 'profiles', filters: scoped, locale: 'en'});
      expect(sheet.views[0]?.rightToLeft).toBe(false);
      expect(rows[0]!.slice(0, 5)).toEqual(['First name', 'Surname', 'ID number', 'Gender', 'Date of birth']);
      expect(rows.find(r => r[1] === surnameOf('shared'))?.[3]).toBe('Female');
      expect(headers.get('content-disposition')).toMatch(/^attachment; filename="Profiles \d{4}-\d{2}-\d{2}\.xlsx"/);
      expect(headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    });

    test('activities: exactly those the screens show, a side named only where its card may be seen', async () => {
      const b = await signedIn(api.app, alice.userID);
      const {rows} = await exportAndRead(api, sql, b, {kind: 'activities'});
      const visible = await db.run(visibleActivities(zql.activity, alice));
      expect(
        rows
          .slice(1)
          .map(r => String(r[0]))
          .sort(),
      ).toEqual(visible.map(a => a.code!).sort());
      const titled = (title: string) => rows.find(r => r[3] === `${title} ${tag}`);
      expect(titled('hidden pair')).toBeUndefined();
      expect(titled('visible pair')?.slice(4, 6)).toEqual([`שרה ${surnameOf('partner')}`, `שרה ${surnameOf('shared')}`]);
      expect(titled('own with a hidden side')?.slice(4, 6)).toEqual(['כרטיס שאין לך הרשאה לראות', `שרה ${surnameOf('shared')}`]);
      expect(allText(rows)).not.toContain(surnameOf('bobPersonal'));
    });

    test('engaged couples: an editor gets every couple, anyone else their own reports', async () => {
      const mine = await exportAndRead(api, sql, await signedIn(api.app, alice.userID), {kind: 'couples'});
      expect(mine.rows.slice(1).map(r => r[1])).toEqual([`חתן ${alice.userID}`]);
      const all = await exportAndRead(api, sql, await signedIn(api.app, editor.userID), {kind: 'couples'});
      expect(all.rows.length - 1).toBe((await db.run(visibleCouples(zql.engagedCouple, editor))).length);
      expect(all.rows.slice(1).map(r => r[1])).toEqual(expect.arrayContaining([`חתן ${alice.userID}`, `חתן ${bob.userID}`]));
    });

    test('shadchanim: with the right to see staff, their contact details, phones as text', async () => {
      const {rows} = await exportAndRead(api, sql, await signedIn(api.app, staffer.userID), {kind: 'shadchanim'});
      const header = rows[0]!.map(String);
      const bobRow = rows.find(r => r[0] === `בודק ${bob.userID}`)!;
      expect(bobRow[header.indexOf('טלפון נייד')]).toBe(`0${BOB_PHONE.slice(4, 6)}-${BOB_PHONE.slice(6)}`);
      const [{count}] = await sql<[{count: number}]>`SELECT count(*)::int AS count FROM app_user`;
      expect(rows.length - 1).toBe(count);
    });
  });

  test("a user's jobs reach their browser alone, and only while they hold exportToExcel", async () => {
    const b = await signedIn(api.app, alice.userID);
    const {id} = await exportAndRead(api, sql, b, {kind: 'couples'});
    const jobsOf = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.exports.mine.fn({args: undefined, ctx})));
    expect((await jobsOf(alice)).map(j => j.id)).toContain(id);
    expect((await jobsOf(alice)).every(j => j.ownerID === alice.userID)).toBe(true);
    expect((await jobsOf(editor)).map(j => j.id)).not.toContain(id);
    expect(await jobsOf({...alice, permissions: ['showTickets']})).toEqual([]);
  });

  test('a file is kept for a day: then it is deleted and its job expired', async () => {
    const b = await signedIn(api.app, alice.userID);
    const {id} = await exportAndRead(api, sql, b, {kind: 'couples'});
    expect(await under.stored()).toContain(id); // in the folder, or really in the bucket
    await sql`UPDATE export_job SET finished_at = now() - interval '25 hours' WHERE id = ${id}`;
    expect((await download(api, b, id)).status).toBe(404);
    expect((await sql`SELECT status FROM export_job WHERE id = ${id}`)[0]).toEqual({status: 'expired'});
    expect(await under.stored()).not.toContain(id);
  });

  test('the access log gets the export (who, what, filters, rows) and every download', async () => {
    const b = await signedIn(api.app, alice.userID);
    const {id, job} = await exportAndRead(api, sql, b, {kind: 'profiles', filters: scoped});
    expect(job.row_count).toBe(3);
    const log = await sql<{result: string; ip: string | null; detail: Record<string, unknown>}[]>`
    SELECT result, ip, detail FROM access_log
     WHERE user_id = ${alice.userID} AND what = 'export' AND detail->>'exportID' = ${id} ORDER BY id`;
    expect(log).toEqual([
      {
        result: 'exported',
        ip: '127.0.0.1',
        detail: {exportID: id, export: 'profiles', filters: JSON.stringify(scoped), title: null, rows: 3},
      },
      {result: 'downloaded', ip: '127.0.0.1', detail: {exportID: id}},
    ]);
    expect((await download(api, b, id)).status).toBe(200);
    const [{count}] = await sql<[{count: number}]>`
    SELECT count(*)::int AS count FROM access_log WHERE detail->>'exportID' = ${id} AND result = 'downloaded'`;
    expect(count).toBe(2);
  });
});
