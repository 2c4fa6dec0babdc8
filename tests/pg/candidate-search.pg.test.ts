import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {MAX_FREE_ITEMS} from '../../app/candidates/search/free-conditions.ts';
import {FILTER_EXAMPLES} from '../../server/bench/filter-examples.ts';
import {countCandidates} from '../../server/candidates/count.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser, signedIn} from '../support/browser.ts';
import {makeIsraeliID, makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

/**
 * Every filter of the candidate search against a hand-built set of cards, through the list's named
 * query (Zero's server path) and the REST count: both agree card for card, and neither ever shows a
 * card the user may not see. The cards live in a sector of their own, which every filter set here adds,
 * so cards of other test files running alongside never count.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
let api: Awaited<ReturnType<typeof startTestApi>>;

const DAY = 86_400_000;
const sector = `sector-${nanoid(6)}`;
const community = `community-${nanoid(6)}`;
const institution = `inst-${nanoid(6)}`;
const institutionName = `ישיבת ${nanoid(6)}`;
const phone = `+97250${String(Date.now()).slice(-7)}`;
const idNumber = makeIsraeliID();

let alice: AuthContext, bob: AuthContext, admin: AuthContext, free: AuthContext;
/** The cards Alice sees (c1–c3) and those hidden from her (each as c1 on every search and filter). */
const ids = {} as Record<'c1' | 'c2' | 'c3' | 'personal' | 'chosen' | 'deleted' | 'blocked' | 'pending' | 'closed', string>;

type Card = {
  owner: AuthContext;
  forename?: string;
  surname?: string;
  gender?: 'male' | 'female';
  born?: string;
  city?: string;
  database?: 'general' | 'personal';
  status?: string;
  state?: string;
  visibility?: 'all' | 'chosen';
  community?: string | null;
  deleted?: boolean;
  closed?: boolean;
  openFrom?: string | null;
  createdDaysAgo?: number;
  lastActivityDaysAgo?: number | null;
  lastSuggestionDaysAgo?: number | null;
  idNumber?: string | null;
  details?: Record<string, unknown>;
};
const ago = (days: number | null | undefined) => (days == null ? null : new Date(Date.now() - days * DAY));

async function card(c: Card) {
  const id = `p-${nanoid(8)}`;
  const created = ago(c.createdDaysAgo ?? 0);
  await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id,
                                 state, visibility, community_id, deleted_at, closed_at, open_from, created_at, updated_at)
            VALUES (${id}, ${c.forename ?? 'שָׂרָה'}, ${c.surname ?? 'כֹּהֵן'}, ${c.gender ?? 'female'}, ${c.born ?? '2001-03-01'},
                    ${c.city ?? 'בני ברק'}, ${sector}, ${c.status ?? 'available'}, ${c.database ?? 'general'}, ${c.owner.userID},
                    ${c.state ?? 'active'}, ${c.visibility ?? 'all'}, ${c.community === undefined ? community : c.community},
                    ${c.deleted ? new Date() : null}, ${c.closed ? new Date() : null}, ${c.openFrom ?? null},
                    ${created}, ${created})`;
  await sql`INSERT INTO profile_detail (profile_id, id_number, details)
            VALUES (${id}, ${c.idNumber === undefined ? null : c.idNumber}, ${sql.json((c.details ?? {}) as never)})`;
  // Set after the inserts, as activities would (migrations/0019 keeps them from activity rows).
  await sql`UPDATE profile SET last_activity_at = ${ago(c.lastActivityDaysAgo)}, last_suggestion_at = ${ago(c.lastSuggestionDaysAgo)}
            WHERE id = ${id}`;
  return id;
}

const C1_DETAILS = {
  maritalStatus: 'single',
  height: 165,
  occupation: 'גַּנֶּנֶת',
  degrees: ['ba', 'ma'],
  smoker: false,
  institution: institutionName,
  candidatePhone: phone,
  inquiryPhones: ['+97236123456'],
};

beforeAll(async () => {
  api = await startTestApi(sql);
  await sql`INSERT INTO sector (id, labels) VALUES (${sector}, ${sql.json({he: 'בדיקה', en: 'Test'})})`;
  await sql`INSERT INTO community (id, name) VALUES (${community}, ${community})`;
  await sql`INSERT INTO institution (id, name, type) VALUES (${institution}, ${institutionName}, 'yeshiva')`;
  alice = await makeUser(sql, 'shadchan');
  bob = await makeUser(sql, 'shadchan');
  admin = await makeUser(sql, 'admin');
  free = await makeUser(sql, 'shadchan', ['freeFiltering']);
  const c1: Card = {owner: bob, idNumber, details: C1_DETAILS, lastActivityDaysAgo: 10, lastSuggestionDaysAgo: 10};
  ids.c1 = await card(c1);
  ids.c2 = await card({
    owner: bob,
    forename: 'יוסף',
    surname: 'לוין',
    gender: 'male',
    born: '1995-06-01',
    city: 'ירושלים',
    status: 'dating',
    state: 'engaged',
    community: null,
    openFrom: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10),
    createdDaysAgo: 400,
    lastActivityDaysAgo: 200,
    details: {maritalStatus: 'divorced', height: 180, occupation: 'עורך דין', degrees: ['phd']},
  });
  ids.c3 = await card({owner: alice, database: 'personal', surname: 'שפירא', born: '2008-01-01', city: 'אלעד', community: null});
  // Hidden from Alice, each otherwise a twin of c1 (its own ID number and phone aside).
  const twin = (over: Partial<Card>) =>
    card({
      ...c1,
      idNumber: makeIsraeliID(),
      details: {...C1_DETAILS, candidatePhone: '+97252' + String(Date.now()).slice(-7)},
      ...over,
    });
  ids.personal = await twin({database: 'personal'});
  ids.chosen = await twin({visibility: 'chosen'});
  ids.deleted = await twin({deleted: true});
  ids.blocked = await twin({state: 'blocked'});
  ids.pending = await twin({state: 'pending'});
  ids.closed = await twin({closed: true});
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

const scoped = (filters: FilterSet): FilterSet => ({...filters, sectors: [sector]});
const listIDs = async (ctx: AuthContext, filters: FilterSet) =>
  (
    await db.transaction(tx =>
      tx.run(queries.candidates.list.fn({args: {filters: scoped(filters), sort: 'name', dir: 'asc', limit: 2000}, ctx})),
    )
  )
    .map(p => p.id)
    .sort();
const named = (list: string[]) => list.map(id => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id).sort();
/** The names of the cards the list shows Alice (or another user), after checking the count agrees. */
async function found(filters: FilterSet, ctx: AuthContext = alice) {
  const list = await listIDs(ctx, filters);
  expect(await countCandidates(sql, ctx, scoped(filters)), 'the count agrees with the list').toBe(list.length);
  return named(list);
}
const HIDDEN = ['personal', 'chosen', 'deleted', 'blocked', 'pending', 'closed'];

describe('the list and the count agree, and hide what the user may not see', () => {
  test('with no filter: Alice sees c1–c3, never a hidden card', async () => {
    expect(await found({})).toEqual(['c1', 'c2', 'c3']);
  });

  test.each(Object.entries(FILTER_EXAMPLES))('%s: list ids are the count, for every user', async (_, example) => {
    for (const ctx of [alice, bob, admin, free]) {
      const list = await listIDs(ctx, example);
      // Free filtering without freeFiltering: no rows (the REST count answers 403, tested below).
      if (example.free && !ctx.permissions.includes('freeFiltering') && ctx.role !== 'admin') expect(list).toEqual([]);
      else expect(await countCandidates(sql, ctx, scoped(example))).toBe(list.length);
      if (ctx === alice) expect(named(list).filter(name => HIDDEN.includes(name))).toEqual([]);
    }
  });

  test('the REST count answers the same number, and 400 with the field for an invalid filter set', async () => {
    const b = browser(api.app);
    expect((await b.post('/api/dev/sign-in', {userID: alice.userID})).status).toBe(200);
    expect(await b.post('/api/candidates/count', {filters: scoped({search: 'כהן'})})).toMatchObject({
      status: 200,
      body: {count: 1},
    });
    expect(await b.post('/api/candidates/count', {filters: {ageFrom: 3}})).toMatchObject({
      status: 400,
      body: {error: 'invalidInput', issues: [{field: 'filters.ageFrom'}]},
    });
    expect((await browser(api.app).post('/api/candidates/count', {filters: {}})).status).toBe(401);
  });

  test('no filter at all counts every card the user sees (the list page before any chip)', async () => {
    const b = await signedIn(api.app, alice.userID);
    const all = await b.post('/api/candidates/count', {filters: {}});
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const [row] = await sql<{count: number}[]>`SELECT count(*)::int AS count FROM profile`;
    expect(all.body.count).toBeGreaterThanOrEqual((await found({})).length);
    expect(all.body.count).toBeLessThan(row!.count); // the hidden twins, at least, are not counted
  });
});

describe('search', () => {
  test('a folded prefix of the surname, forename or city: final letters and niqqud do not matter', async () => {
    expect(await found({search: 'כהנ'})).toEqual(['c1']);
    expect(await found({search: 'כהן'})).toEqual(['c1']);
    expect(await found({search: 'כֹּה'})).toEqual(['c1']);
    expect(await found({search: 'שרה'})).toEqual(['c1', 'c3']);
    expect(await found({search: 'ירוש'})).toEqual(['c2']);
    expect(await found({search: 'יוסף לו'})).toEqual(['c2']);
    expect(await found({search: 'שרה שפ'})).toEqual(['c3']);
    expect(await found({search: 'הן'})).toEqual([]);
  });

  test('the exact ID number, typed short or with dashes; never a prefix of it', async () => {
    expect(await found({search: idNumber})).toEqual(['c1']);
    expect(await found({search: `${idNumber.slice(0, 3)}-${idNumber.slice(3)}`})).toEqual(['c1']);
    expect(await found({search: idNumber.slice(0, 6)})).toEqual([]);
  });

  test('a phone of the details in any format, compared in E.164', async () => {
    const national = `0${phone.slice(4)}`;
    for (const typed of [
      national,
      `${national.slice(0, 3)}-${national.slice(3)}`,
      `+972 ${phone.slice(4, 6)} ${phone.slice(6)}`,
    ]) {
      expect(await found({search: typed}), typed).toEqual(['c1']);
    }
    expect(await found({search: '03-6123456'})).toEqual(['c1']); // one of the inquiry phones
    expect(await found({search: national.slice(0, 6)})).toEqual([]);
  });

  test('a list never carries a number or the details: only the key typed is joined', async () => {
    const query = queries.candidates.list.fn({
      args: {filters: scoped({search: `0${phone.slice(4)}`}), sort: 'name', dir: 'asc', limit: 50},
      ctx: alice,
    });
    const ast = JSON.stringify((query as unknown as {ast: unknown}).ast);
    expect(ast).not.toContain('profile_detail');
    expect(ast).not.toContain('"detail"');
    // The one subquery on the keys asks for exactly the typed number (and what it is as an ID number).
    const keys = [...ast.matchAll(/"(tel|id|w):[^"]*"/g)].map(m => m[0]);
    expect(keys).toEqual([`"tel:${phone}"`]);
    const [row] = await db.transaction(tx => tx.run(query));
    expect(Object.keys(row!).sort()).not.toContain('detail');
    expect(JSON.stringify(row)).not.toContain('+9723'); // not the card's other numbers
  });

  test('keys follow edits: a renamed card, a changed phone', async () => {
    await sql`UPDATE profile SET surname = 'כֹּהֵן-צֶדֶק' WHERE id = ${ids.c1}`;
    expect(await found({search: 'צדק'})).toEqual(['c1']);
    await sql`UPDATE profile_detail SET details = details || '{"candidatePhone": "+972541112233"}' WHERE profile_id = ${ids.c1}`;
    expect(await found({search: '054-1112233'})).toEqual(['c1']);
    expect(await found({search: `0${phone.slice(4)}`})).toEqual([]);
    await sql`UPDATE profile SET surname = 'כֹּהֵן' WHERE id = ${ids.c1}`;
    await sql`UPDATE profile_detail SET details = details || ${sql.json({candidatePhone: phone})} WHERE profile_id = ${ids.c1}`;
  });
});

describe('preset filters', () => {
  const dayISO = (d: Date) => d.toISOString().slice(0, 10);
  test.each<[string, FilterSet | (() => FilterSet), string[]]>([
    ['gender', {gender: 'female'}, ['c1', 'c3']],
    ['age range', {ageFrom: 20, ageTo: 27}, ['c1']],
    ['age from', {ageFrom: 28}, ['c2']],
    ['height from', {heightFrom: 170}, ['c2']],
    ['height to', {heightTo: 170}, ['c1']],
    ['community', {communities: [community]}, ['c1']],
    ['status', {statuses: ['dating']}, ['c2']],
    ['marital status', {maritalStatuses: ['divorced']}, ['c2']],
    ['state', {states: ['engaged']}, ['c2']],
    ['database', {database: 'personal'}, ['c3']],
    ['city, folded', {cities: ['בְּנֵי בְּרַק', 'אלעד']}, ['c1', 'c3']],
    ['institution', {institutions: [institution]}, ['c1']],
    ['owner', () => ({owners: [alice.userID]}), ['c3']],
    ['open now', {openNow: true}, ['c1', 'c3']],
    ['added in the last month', {added: {range: 'month'}}, ['c1', 'c3']],
    [
      'updated from/until',
      {
        updated: {
          range: 'custom',
          from: dayISO(new Date(Date.now() - 402 * DAY)),
          until: dayISO(new Date(Date.now() - 398 * DAY)),
        },
      },
      ['c2'],
    ],
    ['activity in the last month', {activity: 'lastMonth'}, ['c1']],
    ['activity in the last three months', {activity: 'lastThreeMonths'}, ['c1']],
    ['activity in the last half year', {activity: 'lastHalfYear'}, ['c1']],
    ['no activity in half a year (never included)', {activity: 'noneInHalfYear'}, ['c2', 'c3']],
    ['had activity, none in half a year', {activity: 'noneBeyondHalfYear'}, ['c2']],
    ['idle 30 days', {idleDays: 30}, ['c2', 'c3']],
    ['six months without suggestions', {noSuggestionHalfYear: true}, ['c2', 'c3']],
    ['combined', {gender: 'female', openNow: true, search: 'כה', heightFrom: 160}, ['c1']],
  ])('%s', async (_, filters, expected) => {
    expect(await found(typeof filters === 'function' ? filters() : filters)).toEqual(expected);
  });

  test('the stored columns follow the details: marital status, height, folded city', async () => {
    const [row] = await sql`SELECT marital_status, height, city_fold, institution_id FROM profile WHERE id = ${ids.c1}`;
    expect(row).toEqual({marital_status: 'single', height: 165, city_fold: 'בני ברק', institution_id: institution});
  });
});

describe('free filtering', () => {
  const tree = (join: 'and' | 'or', ...items: NonNullable<FilterSet['free']>['items']): FilterSet => ({free: {join, items}});

  test('with freeFiltering: AND and OR groups over the catalogue', async () => {
    const as = (f: FilterSet) => found(f, free);
    expect(
      await as(tree('and', {field: 'height', op: 'gte', value: 160}, {field: 'occupation', op: 'startsWith', value: 'גננ'})),
    ).toEqual(['c1']);
    expect(
      await as(tree('or', {field: 'maritalStatus', op: 'eq', value: 'divorced'}, {field: 'degrees', op: 'eq', value: 'ma'})),
    ).toEqual(['c1', 'c2']);
    expect(await as(tree('and', {field: 'height', op: 'isEmpty'}))).toEqual([]); // c3 is Alice's personal card
    expect(await as(tree('and', {field: 'maritalStatus', op: 'ne', value: 'single'}))).toEqual(['c2']);
    expect(await as(tree('and', {field: 'occupation', op: 'contains', value: 'דין'}))).toEqual(['c2']);
    expect(await as(tree('and', {field: 'smoker', op: 'eq', value: false}))).toEqual(['c1']);
    expect(await as(tree('and', {field: 'communityID', op: 'eq', value: community}))).toEqual(['c1']);
    expect(
      await as(
        tree(
          'or',
          {field: 'height', op: 'lt', value: 170},
          {
            join: 'and',
            items: [
              {field: 'degrees', op: 'eq', value: 'phd'},
              {field: 'height', op: 'gt', value: 175},
            ],
          },
        ),
      ),
    ).toEqual(['c1', 'c2']);
  });

  test('an admin’s free filter sees the empty fields of every card it may see', async () => {
    expect(await found(tree('and', {field: 'height', op: 'isEmpty'}), admin)).toEqual(['c3']);
  });

  test('without freeFiltering: no rows in the list, 403 from the count', async () => {
    const filters = tree('and', {field: 'height', op: 'gte', value: 100});
    expect(await listIDs(alice, filters)).toEqual([]);
    const b = browser(api.app);
    await b.post('/api/dev/sign-in', {userID: alice.userID});
    expect((await b.post('/api/candidates/count', {filters})).status).toBe(403);
    const f = browser(api.app);
    await f.post('/api/dev/sign-in', {userID: free.userID});
    expect(await f.post('/api/candidates/count', {filters: scoped(filters)})).toMatchObject({status: 200, body: {count: 2}});
  });

  test('an unknown field, an operator its kind does not offer, or a value of the wrong kind is refused', async () => {
    const f = browser(api.app);
    await f.post('/api/dev/sign-in', {userID: free.userID});
    for (const item of [
      {field: 'health', op: 'contains', value: 'x'},
      {field: 'idNumber', op: 'eq', value: idNumber},
      {field: 'height', op: 'startsWith', value: '1'},
      {field: 'height', op: 'gt', value: 'tall'},
      {field: 'maritalStatus', op: 'eq', value: 'engaged'},
    ]) {
      const res = await f.post('/api/candidates/count', {filters: {free: {join: 'and', items: [item]}}});
      expect(res.status, JSON.stringify(item)).toBe(400);
    }
  });

  test(`at most ${MAX_FREE_ITEMS} conditions and groups in all: the live list, the count and a saved search refuse more`, async () => {
    // Each group within the builder's own limits (20 items, three deep), the whole far beyond the cap.
    const height = {field: 'height', op: 'gte', value: 150} as const;
    const leaf = {join: 'or' as const, items: Array.from({length: 20}, () => height)};
    const huge: FilterSet = {free: {join: 'and', items: Array.from({length: 20}, () => ({join: 'and' as const, items: [leaf]}))}};
    // Two groups of 13 and two more conditions: 30 items; one more condition in a group makes 31.
    const heights = (n: number) => ({join: 'and' as const, items: Array.from({length: n}, () => height)});
    const atCap: FilterSet = {free: {join: 'and', items: [heights(13), heights(13), height, height]}};
    const overCap: FilterSet = {free: {join: 'and', items: [heights(13), heights(14), height, height]}};
    expect(await found(scoped(atCap), free)).toEqual(['c1', 'c2']);
    // The huge tree is over the count's body limit (413) before its conditions are counted (400).
    for (const [filters, refused] of [
      [huge, 413],
      [overCap, 400],
    ] as const) {
      expect(() => queries.candidates.list.fn({args: {filters, limit: 50}, ctx: free})).toThrow(/freeTooLarge/);
      const f = browser(api.app);
      await f.post('/api/dev/sign-in', {userID: free.userID});
      expect((await f.post('/api/candidates/count', {filters})).status).toBe(refused);
      const id = `s-${nanoid(8)}`;
      const saving = {id, title: 'גדול מדי', filters, sort: 'name', dir: 'asc', view: 'list', shared: false, pin: false};
      await expect(mutate(free, 'savedSearches.create', saving)).rejects.toMatchObject({details: {code: 'invalidInput'}});
      expect(await sql`SELECT id FROM saved_search WHERE id = ${id}`).toEqual([]);
    }
  });
});
