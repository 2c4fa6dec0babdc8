import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser, newCard} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * The server's own query definitions and mutators, run through Zero's server transaction against the
 * real Postgres: the same code path /api/zero/query and /api/zero/mutate use.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

const listAs = (ctx: AuthContext, search: string) =>
  db.transaction(tx =>
    tx.run(queries.candidates.list.fn({args: {filters: {search}, sort: 'name', dir: 'asc', limit: 100}, ctx})),
  );

let alice: AuthContext, bob: AuthContext, viewer: AuthContext, admin: AuthContext;
let general: string, alicePersonal: string, bobPersonal: string;
beforeAll(async () => {
  alice = await makeUser(sql, 'shadchan', ['editTickets']);
  bob = await makeUser(sql, 'shadchan', ['editTickets']);
  viewer = await makeUser(sql, 'shadchan');
  admin = await makeUser(sql, 'admin');
  general = await makeProfile(sql, bob.userID, 'general', 'ויזיביליטי');
  alicePersonal = await makeProfile(sql, alice.userID, 'personal', 'ויזיביליטי');
  bobPersonal = await makeProfile(sql, bob.userID, 'personal', 'ויזיביליטי');
});

describe('candidate list row filter', () => {
  test('a shadchan sees the general database and their own personal one, never another shadchan’s', async () => {
    const ids = (await listAs(alice, 'ויזיביליטי')).map(p => p.id);
    expect(ids.sort()).toEqual([general, alicePersonal].sort());
    expect(ids).not.toContain(bobPersonal);
  });

  test('the administrator sees everything', async () => {
    const ids = (await listAs(admin, 'ויזיביליטי')).map(p => p.id);
    expect(ids.sort()).toEqual([general, alicePersonal, bobPersonal].sort());
  });

  test('without showTickets the list is empty (an impossible filter, not an error)', async () => {
    const noView: AuthContext = {...viewer, permissions: []};
    expect(await listAs(noView, 'ויזיביליטי')).toEqual([]);
  });
});

describe('candidate list search', () => {
  const found = async (search: string) => (await listAs(admin, search)).map(p => p.id);
  let chaya: string, yosef: string;
  beforeAll(async () => {
    chaya = await makeProfile(sql, bob.userID, 'general', 'אבקסיס', 'חיה שרה');
    yosef = await makeProfile(sql, bob.userID, 'general', 'בן-שושן', 'יוסף');
  });

  test('the full name finds the card in either order, each word the start of a word of the name', async () => {
    expect(await found('חיה שרה אבקסיס')).toContain(chaya);
    expect(await found('אבקסיס חיה')).toContain(chaya);
    expect(await found('שרה אבק ח')).toContain(chaya);
  });

  test('every word must match: a word of no part of the name, or from inside a word, finds nothing', async () => {
    expect(await found('חיה רבקה אבקסיס')).not.toContain(chaya);
    expect(await found('אבקסיס קסיס')).not.toContain(chaya);
    expect(await found('חיה שרה אבקסיס יוסף')).toEqual([]);
  });

  test('words are folded: niqqud, final letters, hyphens, maqaf and quotes do not matter', async () => {
    expect(await found('חַיָּה אַבְּקָסִיס')).toContain(chaya);
    expect(await found('שושנ יוסף')).toContain(yosef);
    expect(await found('יוסף בן־שושן')).toContain(yosef);
    expect(await found('בנ ש')).toContain(yosef);
    expect(await found('"יוסף" שושן')).toContain(yosef);
  });

  test('a card made by the mutators is found by its name, and a renamed card by its new one', async () => {
    const card = newCard({forename: 'מרים', surname: 'אבוחצירא'});
    await mutate(alice, 'cards.create', card as ReadonlyJSONObject);
    expect(await found('אבוחצירא מרים')).toContain(card.id);
    await sql`UPDATE profile SET forename = 'מרים חנה' WHERE id = ${card.id}`;
    expect(await found('חנה אבוחצירא')).toContain(card.id);
  });

  test('the whole text still finds cards by the start of their city', async () => {
    expect(await found('בני ב')).toEqual(expect.arrayContaining([chaya, yosef]));
    expect(await found('ני ברק')).not.toContain(chaya);
  });
});

describe("the list's quick edit on the server", () => {
  // The quick edit sends city and status as an edit of the card (cards.save, against the revision the
  // list shows); the whole card's edits are in tests/pg/card.pg.test.ts.
  const quickEdit = async (ctx: AuthContext, id: string, patch: ReadonlyJSONObject) => {
    const [{revision}] = (await sql`SELECT revision FROM profile WHERE id = ${id}`) as unknown as [{revision: number}];
    return mutate(ctx, 'cards.save', {id, revision, ...patch});
  };

  test('changes city and status as one revision of the card, recorded in its history', async () => {
    const [before] = await sql`SELECT city, status_id, revision FROM profile WHERE id = ${general}`;
    await quickEdit(alice, general, {city: 'אלעד', statusID: 'dating'});
    const [row] =
      await sql`SELECT city, status_id, revision, updated_at > created_at AS touched FROM profile WHERE id = ${general}`;
    expect(row).toEqual({city: 'אלעד', status_id: 'dating', revision: before!.revision + 1, touched: true});
    const history = await sql`SELECT field, old_value, new_value, user_id FROM profile_revision
                              WHERE profile_id = ${general} AND revision = ${row!.revision} ORDER BY field`;
    expect(history).toEqual([
      {field: 'city', old_value: before!.city, new_value: 'אלעד', user_id: alice.userID},
      {field: 'statusID', old_value: before!.status_id, new_value: 'dating', user_id: alice.userID},
    ]);
  });

  test('an update that changes nothing writes no revision', async () => {
    const [before] = await sql`SELECT city, revision FROM profile WHERE id = ${general}`;
    await quickEdit(alice, general, {city: before!.city});
    expect((await sql`SELECT revision FROM profile WHERE id = ${general}`)[0]!.revision).toBe(before!.revision);
  });

  test('another shadchan’s personal profile answers notFound and stays unchanged', async () => {
    await expect(mutate(alice, 'cards.save', {id: bobPersonal, revision: 0, city: 'חיפה'})).rejects.toMatchObject({
      details: {code: 'notFound'},
    });
    const [row] = await sql`SELECT city, revision FROM profile WHERE id = ${bobPersonal}`;
    expect(row).toEqual({city: 'בני ברק', revision: 0});
    expect(await sql`SELECT 1 FROM profile_revision WHERE profile_id = ${bobPersonal}`).toHaveLength(0);
  });

  test('an unknown status, oversized city or missing permission is refused and nothing changes', async () => {
    const [before] = await sql`SELECT * FROM profile WHERE id = ${general}`;
    await expect(quickEdit(alice, general, {statusID: 'nope'})).rejects.toMatchObject({
      details: {code: 'unknownOption', issues: [{field: 'statusID'}]},
    });
    await expect(quickEdit(alice, general, {city: 'x'.repeat(61)})).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [{field: 'city', message: 'tooLong'}]},
    });
    await expect(quickEdit(viewer, general, {city: 'צפת'})).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
    expect((await sql`SELECT * FROM profile WHERE id = ${general}`)[0]).toEqual(before);
  });
});
