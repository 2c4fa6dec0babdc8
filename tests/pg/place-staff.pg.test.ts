import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * The staff of each card's place (migrations/0056), kept by triggers: after every kind of change to a
 * card's place, a user's role or place, or a representative's link, the table holds exactly what the
 * places say, and the read rule that asks it follows.
 */
const sql = connect(inject('databaseURL'));
const {db} = serverSide(sql);
afterAll(() => sql.end());

let owner: AuthContext, coordinator: AuthContext, representative: AuthContext, other: AuthContext;
let community: string, institution: string;
let inCommunity: string, inInstitution: string, nowhere: string;
const cards = () => [inCommunity, inInstitution, nowhere];
const repID = `r-${nanoid(8)}`;

beforeAll(async () => {
  owner = await makeUser(sql, 'shadchan', ['editTickets']);
  coordinator = await makeUser(sql, 'coordinator');
  representative = await makeUser(sql, 'representative');
  other = await makeUser(sql, 'representative');
  [community, institution] = [`c-${nanoid(6)}`, `i-${nanoid(6)}`];
  await sql`INSERT INTO community (id, name) VALUES (${community}, ${`קהילה ${nanoid(6)}`})`;
  await sql`INSERT INTO institution (id, name, type) VALUES (${institution}, ${`סמינר ${nanoid(6)}`}, 'seminary')`;
  [inCommunity, inInstitution, nowhere] = [
    await makeProfile(sql, owner.userID, 'general'),
    await makeProfile(sql, owner.userID, 'general'),
    await makeProfile(sql, owner.userID, 'general'),
  ];
  await sql`UPDATE profile SET community_id = ${community} WHERE id = ${inCommunity}`;
  await sql`UPDATE profile SET institution_id = ${institution} WHERE id = ${inInstitution}`;
  await sql`UPDATE app_user SET community_id = ${community} WHERE id = ${coordinator.userID}`;
  await sql`INSERT INTO representative (id, name, role, institution_id, user_id)
            VALUES (${repID}, ${`נציגה ${nanoid(6)}`}, 'seminary', ${institution}, ${representative.userID})`;
});

/** The table's rows for this test's cards, as "card user kind" lines. */
const kept = async () =>
  (
    await sql<{line: string}[]>`
      SELECT profile_id || ' ' || user_id || ' ' || kind AS line FROM profile_place_staff
      WHERE profile_id = ANY(${cards()}) ORDER BY 1`
  ).map(r => r.line);

/** The same, derived from the places from scratch. */
const derived = async () =>
  (
    await sql<{line: string}[]>`
      SELECT p.id || ' ' || w.user_id || ' ' || w.kind AS line
      FROM profile p, place_staff_of(p.community_id, p.institution_id) w
      WHERE p.id = ANY(${cards()}) ORDER BY 1`
  ).map(r => r.line);

const line = (card: string, user: AuthContext, kind: string) => `${card} ${user.userID} ${kind}`;

async function expectKept(lines: string[]) {
  expect(await kept()).toEqual([...lines].sort());
  expect(await kept()).toEqual(await derived());
}

/** The ids of this test's cards that the user's list shows. */
const listed = async (ctx: AuthContext) => {
  const rows = await db.transaction(tx => tx.run(queries.candidates.list.fn({args: {filters: {}, limit: 2000}, ctx})));
  return rows.map(r => r.id).filter(id => cards().includes(id));
};

describe("the staff of a card's place", () => {
  test('start as the places say, and the representative sees the cards in her care', async () => {
    await expectKept([line(inCommunity, coordinator, 'coordinator'), line(inInstitution, representative, 'representative')]);
    expect(await listed(representative)).toEqual([inInstitution]);
    expect(await listed(other)).toEqual([]);
  });

  test("follow a card's place", async () => {
    await sql`UPDATE profile SET community_id = NULL WHERE id = ${inCommunity}`;
    await sql`UPDATE profile SET community_id = ${community}, institution_id = ${institution} WHERE id = ${nowhere}`;
    await expectKept([
      line(inInstitution, representative, 'representative'),
      line(nowhere, coordinator, 'coordinator'),
      line(nowhere, representative, 'representative'),
    ]);
    expect((await listed(representative)).sort()).toEqual([inInstitution, nowhere].sort());
    await sql`UPDATE profile SET community_id = ${community} WHERE id = ${inCommunity}`;
    await sql`UPDATE profile SET community_id = NULL, institution_id = NULL WHERE id = ${nowhere}`;
    await expectKept([line(inCommunity, coordinator, 'coordinator'), line(inInstitution, representative, 'representative')]);
  });

  test("follow a user's role and place", async () => {
    await sql`UPDATE app_user SET role = 'shadchan' WHERE id = ${coordinator.userID}`;
    await expectKept([line(inInstitution, representative, 'representative')]);
    await sql`UPDATE app_user SET role = 'coordinator', community_id = NULL, institution_id = ${institution}
              WHERE id = ${coordinator.userID}`;
    await expectKept([line(inInstitution, coordinator, 'coordinator'), line(inInstitution, representative, 'representative')]);
    await sql`UPDATE app_user SET community_id = ${community}, institution_id = NULL WHERE id = ${coordinator.userID}`;
    await expectKept([line(inCommunity, coordinator, 'coordinator'), line(inInstitution, representative, 'representative')]);
  });

  test("follow a representative's retirement, account and removal", async () => {
    await sql`UPDATE representative SET retired_at = now() WHERE id = ${repID}`;
    await expectKept([line(inCommunity, coordinator, 'coordinator')]);
    expect(await listed(representative)).toEqual([]);
    await sql`UPDATE representative SET retired_at = NULL, user_id = ${other.userID} WHERE id = ${repID}`;
    await expectKept([line(inCommunity, coordinator, 'coordinator'), line(inInstitution, other, 'representative')]);
    expect(await listed(representative)).toEqual([]);
    expect(await listed(other)).toEqual([inInstitution]);
    await sql`DELETE FROM representative WHERE id = ${repID}`;
    await expectKept([line(inCommunity, coordinator, 'coordinator')]);
    expect(await listed(other)).toEqual([]);
  });

  test('go with a deleted card or user', async () => {
    const user = await makeUser(sql, 'coordinator');
    await sql`UPDATE app_user SET community_id = ${community} WHERE id = ${user.userID}`;
    await expectKept([line(inCommunity, coordinator, 'coordinator'), line(inCommunity, user, 'coordinator')]);
    await sql`DELETE FROM app_user WHERE id = ${user.userID}`;
    await expectKept([line(inCommunity, coordinator, 'coordinator')]);
  });
});
