import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * Saved searches (issue 14) through the real server mutators, named queries and Postgres: who reads
 * which (another user's private search never), every mutator refused without the right or with bad
 * input and nothing written, the free builder only with freeFiltering, pins per user, and the
 * needs-attention view spread per shadchan over the cards the viewer may see.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

const tag = nanoid(6);
let owner: AuthContext, colleague: AuthContext, admin: AuthContext, free: AuthContext, cardless: AuthContext;
beforeAll(async () => {
  owner = await makeUser(sql, 'shadchan');
  colleague = await makeUser(sql, 'shadchan');
  admin = await makeUser(sql, 'admin');
  free = await makeUser(sql, 'shadchan', ['freeFiltering']);
  // A real user holding no permission at all (showTickets taken away): sees no card, saves no search.
  cardless = {...(await makeUser(sql, 'representative')), permissions: []};
});

const searchArgs = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  title: `חיפוש ${id}`,
  filters: {gender: 'female', ageFrom: 21, ageTo: 24, openNow: true},
  sort: 'name',
  dir: 'asc',
  view: 'list',
  shared: false,
  pin: false,
  ...over,
});
const freeFilters = {free: {join: 'and', items: [{field: 'country', op: 'eq', value: 'ישראל'}]}};

const listAs = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.savedSearches.list.fn({args: undefined, ctx})));
const pinnedAs = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.savedSearches.pinned.fn({args: undefined, ctx})));
const idsOf = (rows: readonly {id: string}[]) => rows.map(r => r.id).filter(id => id.includes(tag));
const stored = (id: string) => sql`SELECT * FROM saved_search WHERE id = ${id}`;
const pinsOf = (id: string) => sql`SELECT user_id, position FROM saved_search_pin WHERE search_id = ${id} ORDER BY user_id`;

describe('who reads which saved search', () => {
  const mine = `s-mine-${tag}`;
  const shared = `s-shared-${tag}`;
  beforeAll(async () => {
    await mutate(owner, 'savedSearches.create', searchArgs(mine));
    await mutate(owner, 'savedSearches.create', searchArgs(shared, {shared: true, pin: true}));
  });

  test('the owner reads both, with the filters and sort as saved', async () => {
    const rows = await listAs(owner);
    expect(idsOf(rows).sort()).toEqual([mine, shared].sort());
    expect(rows.find(r => r.id === mine)).toMatchObject({
      ownerID: owner.userID,
      filters: {gender: 'female', ageFrom: 21, ageTo: 24, openNow: true},
      sort: 'name',
      dir: 'asc',
      shared: false,
    });
  });

  test('another user reads the shared one only, never the private one, not even by pinning it', async () => {
    expect(idsOf(await listAs(colleague))).toEqual([shared]);
    expect(idsOf(await listAs(admin))).toEqual([shared]);
    expect(await mutate(colleague, 'savedSearches.pin', {id: mine}).catch(e => e.details)).toEqual({code: 'notFound'});
    expect(await pinsOf(mine)).toEqual([]);
  });

  test('without showTickets no search is read at all', async () => {
    expect(idsOf(await listAs(cardless))).toEqual([]);
  });

  test('pins are each user’s own, in their order, and a search made private leaves the others’ menus', async () => {
    const second = `s-second-${tag}`;
    await mutate(owner, 'savedSearches.create', searchArgs(second, {pin: true}));
    await mutate(colleague, 'savedSearches.pin', {id: shared});
    expect((await pinnedAs(owner)).map(p => p.searchID).filter(id => id.includes(tag))).toEqual([shared, second]);
    expect((await pinnedAs(colleague)).map(p => p.search?.title)).toEqual([`חיפוש ${shared}`]);

    await mutate(owner, 'savedSearches.reorderPins', {ids: [second, shared]});
    expect((await pinnedAs(owner)).map(p => p.searchID).filter(id => id.includes(tag))).toEqual([second, shared]);

    await mutate(owner, 'savedSearches.update', {id: shared, title: 'חדש', shared: false});
    expect(idsOf(await listAs(colleague))).toEqual([]);
    expect(await pinsOf(shared)).toEqual([{user_id: owner.userID, position: 1}]);
    expect(await pinnedAs(colleague)).toEqual([]);
    await mutate(owner, 'savedSearches.update', {id: shared, title: `חיפוש ${shared}`, shared: true});
  });

  test('the list reports the reader’s own pin of each search, not the others’', async () => {
    const rows = await listAs(colleague);
    expect(rows.find(r => r.id === shared)?.pins).toEqual([]);
    await mutate(colleague, 'savedSearches.pin', {id: shared});
    expect((await listAs(colleague)).find(r => r.id === shared)?.pins.map(p => p.userID)).toEqual([colleague.userID]);
    await mutate(colleague, 'savedSearches.unpin', {id: shared});
    expect((await listAs(colleague)).find(r => r.id === shared)?.pins).toEqual([]);
  });
});

describe('what each user may change', () => {
  test('the owner edits, renames and replaces the filters; nobody else may', async () => {
    const id = `s-edit-${tag}`;
    await mutate(owner, 'savedSearches.create', searchArgs(id, {shared: true}));
    await mutate(owner, 'savedSearches.update', {
      id,
      title: '  בנות 21–24  ',
      shared: true,
      filters: {statuses: ['available']},
      sort: 'age',
      dir: 'desc',
    });
    expect((await stored(id))[0]).toMatchObject({
      title: 'בנות 21–24',
      filters: {statuses: ['available']},
      sort: 'age',
      dir: 'desc',
    });
    const before = await stored(id);
    for (const ctx of [colleague, admin]) {
      expect(await mutate(ctx, 'savedSearches.update', {id, title: 'שלי', shared: true}).catch(e => e.details)).toEqual({
        code: 'forbidden',
      });
    }
    expect(await stored(id)).toEqual(before);
  });

  test('a shared search is deleted by its owner or an administrator, with every pin of it; a private one by its owner alone', async () => {
    const sharedOne = `s-del-shared-${tag}`;
    const privateOne = `s-del-private-${tag}`;
    await mutate(owner, 'savedSearches.create', searchArgs(sharedOne, {shared: true, pin: true}));
    await mutate(owner, 'savedSearches.create', searchArgs(privateOne));
    await mutate(colleague, 'savedSearches.pin', {id: sharedOne});

    expect(await mutate(colleague, 'savedSearches.delete', {id: sharedOne}).catch(e => e.details)).toEqual({code: 'forbidden'});
    // The administrator may not even learn that a private search exists.
    expect(await mutate(admin, 'savedSearches.delete', {id: privateOne}).catch(e => e.details)).toEqual({code: 'notFound'});
    expect(await stored(privateOne)).toHaveLength(1);
    expect(await pinsOf(sharedOne)).toHaveLength(2);

    await mutate(admin, 'savedSearches.delete', {id: sharedOne});
    expect(await stored(sharedOne)).toEqual([]);
    expect(await pinsOf(sharedOne)).toEqual([]);
    await mutate(owner, 'savedSearches.delete', {id: privateOne});
    expect(await stored(privateOne)).toEqual([]);
  });

  test('a search with the free builder is saved only with freeFiltering, checked on the server', async () => {
    const refused = `s-free-refused-${tag}`;
    expect(
      await mutate(owner, 'savedSearches.create', searchArgs(refused, {filters: freeFilters})).catch(e => e.details),
    ).toEqual({code: 'forbidden'});
    expect(await stored(refused)).toEqual([]);

    const kept = `s-free-kept-${tag}`;
    await mutate(owner, 'savedSearches.create', searchArgs(kept));
    const before = await stored(kept);
    expect(
      await mutate(owner, 'savedSearches.update', {id: kept, title: 'x', shared: false, filters: freeFilters}).catch(
        e => e.details,
      ),
    ).toEqual({code: 'forbidden'});
    expect(await stored(kept)).toEqual(before);

    const allowed = `s-free-allowed-${tag}`;
    await mutate(free, 'savedSearches.create', searchArgs(allowed, {filters: freeFilters}));
    expect((await stored(allowed))[0]?.filters).toEqual(freeFilters);
  });
});

describe('every mutator refuses, and writes nothing', () => {
  const existing = `s-refusals-${tag}`;
  const fresh = `s-fresh-${tag}`;
  beforeAll(() => mutate(owner, 'savedSearches.create', searchArgs(existing, {pin: true})));
  const probe = () =>
    Promise.all([
      sql`SELECT * FROM saved_search WHERE id IN (${existing}, ${fresh})`,
      sql`SELECT * FROM saved_search_pin WHERE search_id IN (${existing}, ${fresh}) OR user_id = ${owner.userID} ORDER BY search_id`,
    ]);

  type Case = [name: string, args: () => ReadonlyJSONObject, bad: () => ReadonlyJSONObject, field: string];
  const CASES: Case[] = [
    ['savedSearches.create', () => searchArgs(fresh), () => searchArgs(fresh, {title: '   '}), 'title'],
    ['savedSearches.create', () => searchArgs(fresh), () => searchArgs(fresh, {title: 'א'.repeat(81)}), 'title'],
    ['savedSearches.create', () => searchArgs(fresh), () => searchArgs(fresh, {filters: {ageFrom: 3}}), 'filters.ageFrom'],
    ['savedSearches.create', () => searchArgs(fresh), () => searchArgs(fresh, {sort: 'shoeSize'}), 'sort'],
    [
      'savedSearches.update',
      () => ({id: existing, title: 'אחר', shared: true}),
      () => ({id: existing, title: 'אחר', shared: 'yes'}),
      'shared',
    ],
    [
      'savedSearches.update',
      () => ({id: existing, title: 'אחר', shared: false}),
      () => ({id: existing, title: 'אחר', shared: false, filters: {gender: 'other'}}),
      'filters.gender',
    ],
    ['savedSearches.delete', () => ({id: existing}), () => ({id: ''}), 'id'],
    ['savedSearches.pin', () => ({id: existing}), () => ({id: 7}), 'id'],
    ['savedSearches.unpin', () => ({id: existing}), () => ({}), 'id'],
    ['savedSearches.reorderPins', () => ({ids: [existing]}), () => ({ids: []}), 'ids'],
  ];

  test.each(CASES)('%s without showTickets', async (name, args) => {
    const before = await probe();
    await expect(mutate(cardless, name, args())).rejects.toMatchObject({details: {code: 'forbidden'}});
    expect(await probe()).toEqual(before);
  });

  test.each(CASES)('%s with bad input, by field', async (name, _, bad, field) => {
    const before = await probe();
    await expect(mutate(owner, name, bad())).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: expect.arrayContaining([expect.objectContaining({field})])},
    });
    expect(await probe()).toEqual(before);
  });

  test('reordering pins one does not have is refused', async () => {
    const before = await probe();
    await expect(mutate(owner, 'savedSearches.reorderPins', {ids: [existing, `s-other-${tag}`]})).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [{field: 'ids'}]},
    });
    expect(await probe()).toEqual(before);
  });
});

describe('the needs-attention view', () => {
  const DAY = 86_400_000;
  let shadchanA: AuthContext, shadchanB: AuthContext;
  const cards: Record<string, string> = {};
  beforeAll(async () => {
    shadchanA = await makeUser(sql, 'shadchan');
    shadchanB = await makeUser(sql, 'shadchan');
    const idle = async (ownerID: string, name: string, days: number | null, database: 'general' | 'personal' = 'general') => {
      const id = await makeProfile(sql, ownerID, database, `${name}-${tag}`);
      const at = days === null ? null : new Date(Date.now() - days * DAY);
      await sql`UPDATE profile SET visibility = 'all', last_activity_at = ${at} WHERE id = ${id}`;
      cards[name] = id;
    };
    // A: six neglected cards (one never touched) and a fresh one; B: a neglected card, a personal one, a fresh one.
    await idle(shadchanA.userID, 'a-never', null);
    for (const days of [40, 50, 60, 70, 80]) await idle(shadchanA.userID, `a-${days}`, days);
    await idle(shadchanA.userID, 'a-fresh', 2);
    await idle(shadchanB.userID, 'b-45', 45);
    await idle(shadchanB.userID, 'b-fresh', 2);
    await idle(shadchanB.userID, 'b-personal', 90, 'personal');
  });

  const viewAs = (ctx: AuthContext, days: number) =>
    db.transaction(tx => tx.run(queries.savedSearches.needsAttention.fn({args: {days, perShadchan: 5}, ctx})));
  const groupsOf = async (ctx: AuthContext, days: number) =>
    Object.fromEntries(
      (await viewAs(ctx, days))
        .filter(u => u.id === shadchanA.userID || u.id === shadchanB.userID)
        .map(u => [u.id, u.ownedProfiles.map(p => p.id)]),
    );

  test('each shadchan’s most neglected cards, never-touched first, at most K each, only idle ones', async () => {
    expect(await groupsOf(admin, 30)).toEqual({
      [shadchanA.userID]: [cards['a-never'], cards['a-80'], cards['a-70'], cards['a-60'], cards['a-50']],
      [shadchanB.userID]: [cards['b-personal'], cards['b-45']],
    });
  });

  test('N days moves the line', async () => {
    expect(await groupsOf(admin, 65)).toEqual({
      [shadchanA.userID]: [cards['a-never'], cards['a-80'], cards['a-70']],
      [shadchanB.userID]: [cards['b-personal']],
    });
  });

  test('only cards the viewer may see: a colleague never gets another’s personal card, nor a shadchan with none to show', async () => {
    expect(await groupsOf(shadchanB, 65)).toEqual({
      [shadchanA.userID]: [cards['a-never'], cards['a-80'], cards['a-70']],
      [shadchanB.userID]: [cards['b-personal']],
    });
    expect(await groupsOf(shadchanA, 65)).toEqual({
      [shadchanA.userID]: [cards['a-never'], cards['a-80'], cards['a-70']],
    });
    expect(await groupsOf(cardless, 30)).toEqual({});
  });
});
