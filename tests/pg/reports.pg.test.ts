import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import type {ActivityReport, CardsReport, CouplesReport, ShadchanimReport} from '../../app/reports/schema.ts';
import {connect} from '../../server/db/sql.ts';
import {exportsSettled} from '../../server/exports/run.ts';
import {startTestApi} from '../support/api.ts';
import {browser, signedIn} from '../support/browser.ts';
import {allText, exportAndRead, exportsFolder} from '../support/exports.ts';
import {makeIsraeliID, makeUser} from '../support/fixtures.ts';

/**
 * The reports (issue 17, server/reports/) through the real API and Postgres, over a hand-built data set
 * in a community of its own (every request filters on it, so other tests' rows never count): exact
 * figures, the read rules (a hidden card or activity is never counted; another shadchan's figures only
 * with viewShadchanimReports), the filters, refusals of bad input, and the export of a report.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;

const tag = nanoid(6);
const community = `community-${tag}`;
const sector = `sector-${tag}`;
/** March and April 2026 in Israel: the window most checks read. */
const SPRING = {from: Date.parse('2026-03-01T00:00:00+02:00'), until: Date.parse('2026-05-01T00:00:00+03:00')};

let admin: AuthContext, x: AuthContext, y: AuthContext, reader: AuthContext;
const cards = {} as Record<'m1' | 'f1' | 'm2' | 'f2' | 'f3' | 'm3', string>;

/** A card of the community (unless said), of an age in whole years today. */
async function card(
  name: keyof typeof cards,
  owner: AuthContext,
  gender: 'male' | 'female',
  age: number,
  c: {database?: 'personal'; closed?: boolean; elsewhere?: boolean} = {},
) {
  const id = `p-${nanoid(8)}`;
  await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id,
                                 community_id, closed_at)
            VALUES (${id}, ${name}, ${tag}, ${gender},
                    ((now() AT TIME ZONE 'Asia/Jerusalem')::date - make_interval(years => ${age}, days => 10))::date,
                    'בני ברק', ${sector}, 'available', ${c.database ?? 'general'}, ${owner.userID},
                    ${c.elsewhere ? null : community}, ${c.closed ? new Date() : null})`;
  await sql`INSERT INTO profile_detail (profile_id) VALUES (${id})`;
  cards[name] = id;
}

/** An activity at a given time (created and last changed then, so the cards' last activity is that time). */
async function activity(by: AuthContext, type: string, at: Date, male: string | null, female: string | null) {
  await sql`INSERT INTO activity (id, type, title, male_profile_id, female_profile_id, created_by, created_at, updated_at)
            VALUES (${nanoid()}, ${type}, ${`${type} ${tag}`}, ${male}, ${female}, ${by.userID}, ${at}, ${at})`;
}

async function couple(by: AuthContext, status: string, male: string, female: string, decided: string) {
  await sql`INSERT INTO engaged_couple (id, status, male_profile_id, male_name, male_id_number, female_profile_id, female_name,
                                        female_id_number, shadchan_id, submitted_by_user, submitted_at, decided_at)
            VALUES (${nanoid()}, ${status}, ${male}, 'חתן', ${makeIsraeliID()}, ${female}, 'כלה', ${makeIsraeliID()},
                    ${by.userID}, ${by.userID}, ${new Date(decided)}, ${status === 'pending' ? null : new Date(decided)})`;
}

beforeAll(async () => {
  api = await startTestApi(sql, {exportsDir: await exportsFolder()});
  await sql`INSERT INTO community (id, name) VALUES (${community}, ${community})`;
  await sql`INSERT INTO sector (id, labels) VALUES (${sector}, ${sql.json({he: 'מגזר דוחות', en: 'Reports sector'})})`;
  admin = await makeUser(sql, 'admin');
  x = await makeUser(sql, 'shadchan', ['exportToExcel']);
  y = await makeUser(sql, 'shadchan');
  reader = await makeUser(sql, 'shadchan', ['viewShadchanimReports', 'exportToExcel']);

  await card('m1', x, 'male', 25);
  await card('f1', x, 'female', 22);
  await card('m2', y, 'male', 25);
  // Y's personal card: only Y and the administrator see it.
  await card('f2', y, 'female', 30, {database: 'personal'});
  await card('f3', x, 'female', 23, {closed: true});
  await card('m3', x, 'male', 40, {elsewhere: true});

  await activity(x, 'idea', new Date('2026-03-10T10:00:00Z'), cards.m1, cards.f1);
  await activity(x, 'suggestion', new Date('2026-03-20T10:00:00Z'), cards.m1, cards.f1);
  await activity(x, 'date', new Date('2026-04-05T10:00:00Z'), cards.m1, null);
  await activity(y, 'idea', new Date('2026-03-15T10:00:00Z'), cards.m2, cards.f1);
  await activity(y, 'vort', new Date('2026-04-10T10:00:00Z'), cards.m2, cards.f1);
  await activity(y, 'idea', new Date('2026-04-12T10:00:00Z'), cards.m2, cards.f2);
  // On the hidden card alone: X and the reader never count it.
  await activity(y, 'suggestion', new Date('2026-04-15T10:00:00Z'), null, cards.f2);
  // Outside the community.
  await activity(x, 'idea', new Date('2026-03-11T10:00:00Z'), cards.m3, null);
  // Yesterday: m1 is not neglected.
  await activity(x, 'suggestion', new Date(Date.now() - 86_400_000), cards.m1, null);

  await couple(x, 'confirmed', cards.m1, cards.f1, '2026-04-20T10:00:00Z');
  await couple(y, 'confirmed', cards.m2, cards.f2, '2026-03-05T10:00:00Z');
  await couple(x, 'pending', cards.m1, cards.f3, '2026-04-21T10:00:00Z');
});
afterAll(async () => {
  await exportsSettled();
  await api.close();
  await sql.end();
});

const query = (filters: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString();
async function report<T>(user: AuthContext, name: string, filters: Record<string, string | number> = {}): Promise<T> {
  const res = await (await signedIn(api.app, user.userID)).get(`/api/reports/${name}?${query({community, ...filters})}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as T;
}
const stages = (idea: number, suggestion: number, date: number, vort: number) => ({idea, suggestion, date, vort});
const nameOf = (u: AuthContext) => `בודק ${u.userID}`;

describe('the activities report', () => {
  test('with viewShadchanimReports (the administrator): every shadchan by month, exactly', async () => {
    const r = await report<ActivityReport>(admin, 'activities', SPRING);
    expect(r.breakdown).toBe(true);
    expect(r.rows).toHaveLength(4);
    expect(r.rows).toEqual(
      expect.arrayContaining([
        {shadchanID: x.userID, shadchanName: nameOf(x), month: '2026-03', ...stages(1, 1, 0, 0)},
        {shadchanID: y.userID, shadchanName: nameOf(y), month: '2026-03', ...stages(1, 0, 0, 0)},
        {shadchanID: x.userID, shadchanName: nameOf(x), month: '2026-04', ...stages(0, 0, 1, 0)},
        // Y's suggestion on their hidden card counts for the administrator, who sees it.
        {shadchanID: y.userID, shadchanName: nameOf(y), month: '2026-04', ...stages(1, 1, 0, 1)},
      ]),
    );
    expect(r.rows.map(row => row.month)).toEqual(['2026-03', '2026-03', '2026-04', '2026-04']);
  });

  test('without it: one’s own rows and everyone else summed, never another shadchan, never a hidden activity', async () => {
    const r = await report<ActivityReport>(x, 'activities', SPRING);
    expect(r.breakdown).toBe(false);
    expect(r.rows).toEqual([
      {shadchanID: x.userID, shadchanName: nameOf(x), month: '2026-03', ...stages(1, 1, 0, 0)},
      {shadchanID: null, shadchanName: null, month: '2026-03', ...stages(1, 0, 0, 0)},
      {shadchanID: x.userID, shadchanName: nameOf(x), month: '2026-04', ...stages(0, 0, 1, 0)},
      // Y's suggestion on the hidden card alone is not there.
      {shadchanID: null, shadchanName: null, month: '2026-04', ...stages(1, 0, 0, 1)},
    ]);
    expect(JSON.stringify(r)).not.toContain(y.userID);
  });

  test('a reader with viewShadchanimReports sees each shadchan, but still only the activities they may see', async () => {
    const r = await report<ActivityReport>(reader, 'activities', SPRING);
    const april = r.rows.find(row => row.shadchanID === y.userID && row.month === '2026-04');
    expect(april).toMatchObject(stages(1, 0, 0, 1));
  });

  test('the window and the community narrow it', async () => {
    // Without a window, yesterday's suggestion is there too.
    const all = await report<ActivityReport>(x, 'activities');
    const total = (r: ActivityReport) => r.rows.reduce((sum, row) => sum + row.idea + row.suggestion + row.date + row.vort, 0);
    expect(total(all)).toBe(total(await report<ActivityReport>(x, 'activities', SPRING)) + 1);
    const march = await report<ActivityReport>(x, 'activities', {
      from: SPRING.from,
      until: Date.parse('2026-04-01T00:00:00+03:00'),
    });
    expect(march.rows.map(r => r.month)).toEqual(['2026-03', '2026-03']);
    // The card outside the community counts when the community is not asked for.
    const res = await (await signedIn(api.app, x.userID)).get(`/api/reports/activities?${query(SPRING)}`);
    const mine = (res.body as ActivityReport).rows.filter(r => r.shadchanID === x.userID && r.month === '2026-03');
    expect(mine.reduce((sum, r) => sum + r.idea, 0)).toBeGreaterThanOrEqual(2);
  });
});

describe('couples and cards', () => {
  test('confirmed couples per month, among the couples the reader sees', async () => {
    expect(await report<CouplesReport>(admin, 'couples', SPRING)).toEqual({
      months: [
        {month: '2026-03', couples: 1},
        {month: '2026-04', couples: 1},
      ],
    });
    // Without editEngagedCouples: one's own reports only; a pending one never counts.
    expect(await report<CouplesReport>(x, 'couples')).toEqual({months: [{month: '2026-04', couples: 1}]});
  });

  test('live cards by sector, community and age, each by gender; hidden and closed cards are not counted', async () => {
    const sectorRow = (r: CardsReport) => r.sectors.find(s => s.id === sector);
    const seenByReader = await report<CardsReport>(reader, 'cards');
    expect(seenByReader.sectors).toEqual([{id: sector, labels: {he: 'מגזר דוחות', en: 'Reports sector'}, male: 2, female: 1}]);
    expect(seenByReader.communities).toEqual([{id: community, name: community, male: 2, female: 1}]);
    expect(seenByReader.ages).toEqual([
      {age: 22, male: 0, female: 1},
      {age: 25, male: 2, female: 0},
    ]);
    const seenByAdmin = await report<CardsReport>(admin, 'cards');
    expect(sectorRow(seenByAdmin)).toMatchObject({male: 2, female: 2});
    expect(seenByAdmin.ages).toContainEqual({age: 30, male: 0, female: 1});
    // The cards were added today: a spring window holds none of them.
    expect(await report<CardsReport>(admin, 'cards', SPRING)).toEqual({sectors: [], communities: [], ages: []});
  });
});

describe('the shadchanim report', () => {
  test('only with viewShadchanimReports; refused before any data', async () => {
    expect((await browser(api.app).get('/api/reports/shadchanim')).status).toBe(401);
    const refused = await (await signedIn(api.app, x.userID)).get(`/api/reports/shadchanim?community=${community}`);
    expect(refused).toMatchObject({status: 403, body: {error: 'forbidden'}});
    expect(JSON.stringify(refused.body)).not.toContain(tag);
  });

  test('each shadchan’s activities, load and neglected cards, over what the reader sees', async () => {
    const r = await report<ShadchanimReport>(reader, 'shadchanim');
    expect(r.idleDays).toBe(60);
    const row = (u: AuthContext) => r.shadchanim.find(s => s.id === u.userID);
    // X: m1 and f1 open (f3 is closed); f1's last activity is in April, m1's yesterday.
    expect(row(x)).toEqual({id: x.userID, name: nameOf(x), ...stages(1, 2, 1, 0), load: 2, neglected: 1});
    // Y: f2 is hidden from the reader, and so is the suggestion on it alone.
    expect(row(y)).toEqual({id: y.userID, name: nameOf(y), ...stages(2, 0, 0, 1), load: 1, neglected: 1});
    expect(r.neglected.map(n => n.id).sort()).toEqual([cards.f1, cards.m2].sort());
    expect(r.neglected.find(n => n.id === cards.f1)).toMatchObject({
      name: `f1 ${tag}`,
      ownerID: x.userID,
      ownerName: nameOf(x),
      lastActivityAt: Date.parse('2026-04-10T10:00:00Z'),
    });
    expect(JSON.stringify(r)).not.toContain(cards.f2);

    const all = await report<ShadchanimReport>(admin, 'shadchanim');
    expect(all.shadchanim.find(s => s.id === y.userID)).toMatchObject({...stages(2, 1, 0, 1), load: 2, neglected: 2});
    expect(all.neglected.map(n => n.id).sort()).toEqual([cards.f1, cards.m2, cards.f2].sort());
  });

  test('the idle threshold and the window', async () => {
    // f1's last activity (Y's vort, 10 April) is more than 200 days ago today, in November 2026 or later.
    const longer = await report<ShadchanimReport>(reader, 'shadchanim', {idleDays: 3650});
    expect(longer.idleDays).toBe(3650);
    expect(longer.neglected).toEqual([]);
    expect(longer.shadchanim.find(s => s.id === x.userID)).toMatchObject({load: 2, neglected: 0});
    // The window narrows the activities, not the load.
    const spring = await report<ShadchanimReport>(reader, 'shadchanim', SPRING);
    expect(spring.shadchanim.find(s => s.id === x.userID)).toMatchObject({...stages(1, 1, 1, 0), load: 2, neglected: 1});
  });
});

describe('bad input', () => {
  test('a malformed, unknown or reversed filter is 400 invalidInput', async () => {
    const b = await signedIn(api.app, admin.userID);
    for (const bad of [
      'from=yesterday',
      'until=-5',
      'from=1.5',
      'community=',
      `community=${'x'.repeat(65)}`,
      'idleDays=0',
      'idleDays=9999',
      'owner=me',
      `from=${SPRING.until}&until=${SPRING.from}`,
    ]) {
      for (const name of ['activities', 'couples', 'cards', 'shadchanim']) {
        expect(await b.get(`/api/reports/${name}?${bad}`), `${name}?${bad}`).toMatchObject({
          status: 400,
          body: {error: 'invalidInput'},
        });
      }
    }
    expect((await b.get('/api/reports/nothing')).status).toBe(404);
  });
});

describe('exporting a report', () => {
  test('through the export path, with the page’s filters; the shadchanim report only with viewShadchanimReports', async () => {
    const b = await signedIn(api.app, reader.userID);
    const {rows, sheet} = await exportAndRead(api, sql, b, {kind: 'report-shadchanim', report: {community}});
    expect(sheet.views[0]).toMatchObject({rightToLeft: true});
    expect(rows[0]).toEqual(['שדכן', 'רעיון', 'הצעה', 'פגישה', 'סגירת ווארט', 'עומס (כרטיסים פתוחים)', 'מוזנחים']);
    expect(rows).toContainEqual([nameOf(x), 1, 2, 1, 0, 2, 1]);
    expect(rows).toContainEqual([nameOf(y), 2, 0, 0, 1, 1, 1]);
    const [logged] = await sql<{detail: {export: string; filters: string}}[]>`
      SELECT detail FROM access_log WHERE user_id = ${reader.userID} AND what = 'export' AND result = 'exported'
       ORDER BY id DESC LIMIT 1`;
    expect(logged!.detail.export).toBe('report-shadchanim');
    expect(JSON.parse(logged!.detail.filters)).toEqual({community});

    const plain = await signedIn(api.app, x.userID);
    expect(await plain.post('/api/exports', {kind: 'report-shadchanim', locale: 'he'})).toMatchObject({status: 403});
    const activities = await exportAndRead(api, sql, plain, {
      kind: 'report-activities',
      report: {community, ...SPRING},
      locale: 'en',
    });
    expect(activities.rows).toEqual([
      ['Shadchan', 'Month', 'Idea', 'Suggestion', 'Date', 'Finalising vort'],
      [nameOf(x), '03-2026', 1, 1, 0, 0],
      ['Other shadchanim', '03-2026', 1, 0, 0, 0],
      [nameOf(x), '04-2026', 0, 0, 1, 0],
      ['Other shadchanim', '04-2026', 1, 0, 0, 1],
    ]);
    expect(allText(activities.rows)).not.toContain(nameOf(y));
  });

  test('a report’s filters are validated; they belong to reports alone', async () => {
    const b = await signedIn(api.app, reader.userID);
    for (const body of [
      {kind: 'report-cards', report: {community: ''}},
      {kind: 'report-cards', report: {from: 'spring'}},
      {kind: 'report-cards', report: {owner: 'me'}},
      {kind: 'profiles', report: {community}},
      {kind: 'report-cards', filters: {gender: 'male'}},
    ]) {
      expect(await b.post('/api/exports', {locale: 'he', ...body}), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: {error: 'invalidInput'},
      });
    }
    const cardsSheet = await exportAndRead(api, sql, b, {kind: 'report-cards', report: {community}});
    expect(cardsSheet.rows.slice(1)).toEqual([
      ['לפי מגזר', 'מגזר דוחות', 2, 1, 3],
      ['לפי קהילה', community, 2, 1, 3],
      ['לפי גיל', '22', 0, 1, 1],
      ['לפי גיל', '25', 2, 0, 2],
    ]);
  });
});
