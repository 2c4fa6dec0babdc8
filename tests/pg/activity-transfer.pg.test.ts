import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {nanoid} from 'nanoid';
import {afterAll, beforeAll, beforeEach, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/** activities.transfer (issue 12, spec §2/§4) through the real server mutator, Postgres and its triggers. */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

const transfer = (ctx: AuthContext, args: ReadonlyJSONObject) => mutate(ctx, 'activities.transfer', args);

async function card(ownerID: string, gender: 'male' | 'female', database: 'general' | 'personal' = 'general', surname = 'העברה') {
  const id = await makeProfile(sql, ownerID, database, surname, gender === 'male' ? 'שמעון' : 'שרה');
  await sql`UPDATE profile SET gender = ${gender} WHERE id = ${id}`;
  return id;
}

/** An activity on `maleID`, with its times set (ISO) so the cards' last-activity times are known. */
async function activityOn(ctx: AuthContext, maleID: string, type: string, at: string, femaleID: string | null = null) {
  const id = `a-${nanoid(8)}`;
  await mutate(ctx, 'activities.create', {
    id,
    type,
    status: 'in_progress',
    title: `${type} ${at}`,
    summary: '',
    maleProfileID: maleID,
    femaleProfileID: femaleID,
    reminderAt: null,
    callDurationSeconds: null,
    callerNumber: null,
  });
  await sql`UPDATE activity SET created_at = ${at}, updated_at = ${at} WHERE id = ${id}`;
  return id;
}

/** Everything a transfer may write about these cards: their activities, history and revision. */
async function snapshot(...cards: string[]) {
  return {
    activities: await sql`SELECT id, male_profile_id, female_profile_id, updated_at FROM activity
                          WHERE male_profile_id IN ${sql(cards)} OR female_profile_id IN ${sql(cards)} ORDER BY id`,
    history: await sql`SELECT id FROM profile_revision WHERE profile_id IN ${sql(cards)} ORDER BY id`,
    cards:
      await sql`SELECT id, revision, last_activity_at, last_suggestion_at FROM profile WHERE id IN ${sql(cards)} ORDER BY id`,
  };
}

let alice: AuthContext, bob: AuthContext, viewer: AuthContext;
let from: string, to: string, woman: string, bobsMan: string;
let idea: string, suggestion: string, date: string, elsewhere: string, bobs: string;
beforeAll(async () => {
  alice = await makeUser(sql, 'shadchan', ['editTickets', 'showTickets', 'viewChangeHistory']);
  bob = await makeUser(sql, 'shadchan', ['editTickets', 'showTickets']);
  viewer = await makeUser(sql, 'shadchan', ['showTickets']);
  woman = await card(bob.userID, 'female');
  bobsMan = await card(bob.userID, 'male', 'personal'); // Bob's alone
});

beforeEach(async () => {
  from = await card(bob.userID, 'male');
  to = await card(bob.userID, 'male');
  idea = await activityOn(alice, from, 'idea', '2026-01-10T10:00:00Z', woman);
  suggestion = await activityOn(alice, from, 'suggestion', '2026-02-10T10:00:00Z', woman);
  bobs = await activityOn(bob, from, 'idea', '2026-01-05T10:00:00Z', woman); // Bob's, on a card Alice sees
  date = await activityOn(alice, from, 'date', '2026-03-10T10:00:00Z');
  elsewhere = await activityOn(alice, to, 'idea', '2025-12-01T10:00:00Z');
});

const codeOf = async (id: string) => (await sql`SELECT code FROM activity WHERE id = ${id}`)[0]!.code as string;
const timesOf = async (id: string) => (await sql`SELECT last_activity_at, last_suggestion_at FROM profile WHERE id = ${id}`)[0]!;

describe('activities.transfer', () => {
  test('moves the chosen activities to the target card, records it in both histories, and both cards’ times follow', async () => {
    await transfer(alice, {fromID: from, toID: to, activityIDs: [suggestion, date, suggestion]});

    const moved =
      await sql`SELECT id, male_profile_id, female_profile_id FROM activity WHERE id IN ${sql([idea, suggestion, date])} ORDER BY created_at`;
    expect(moved).toEqual([
      {id: idea, male_profile_id: from, female_profile_id: woman},
      {id: suggestion, male_profile_id: to, female_profile_id: woman},
      {id: date, male_profile_id: to, female_profile_id: null},
    ]);

    const codes = [await codeOf(suggestion), await codeOf(date)];
    for (const cardID of [from, to]) {
      const [entry] = await sql`SELECT r.field, r.new_value, r.user_id, r.revision, p.revision AS card_revision
                                FROM profile_revision r JOIN profile p ON p.id = r.profile_id
                                WHERE r.profile_id = ${cardID} AND r.field = 'activitiesTransferred'`;
      expect(entry).toMatchObject({user_id: alice.userID, new_value: {from, to, codes}});
      expect(entry!.revision).toBe(entry!.card_revision);
    }
    // Both histories show it through the history query (what the card's history screen reads).
    const history = await db.transaction(tx => tx.run(queries.candidates.history.fn({args: {id: to}, ctx: alice})));
    expect(history.map(r => r.field)).toContain('activitiesTransferred');

    // The source keeps only the idea; the target has the moved date as its last activity and the
    // suggestion as its last suggestion. The activities' own times did not change.
    expect(await timesOf(from)).toEqual({last_activity_at: new Date('2026-01-10T10:00:00Z'), last_suggestion_at: null});
    expect(await timesOf(to)).toEqual({
      last_activity_at: new Date('2026-03-10T10:00:00Z'),
      last_suggestion_at: new Date('2026-02-10T10:00:00Z'),
    });
  });

  test('a woman’s activities move on her side', async () => {
    const her = await card(bob.userID, 'female');
    const herNext = await card(bob.userID, 'female');
    const shared = await activityOn(alice, from, 'suggestion', '2026-04-01T10:00:00Z', her);
    await transfer(alice, {fromID: her, toID: herNext, activityIDs: [shared]});
    expect(await sql`SELECT male_profile_id, female_profile_id FROM activity WHERE id = ${shared}`).toEqual([
      {male_profile_id: from, female_profile_id: herNext},
    ]);
  });

  test.each([
    ['without editTickets', () => [viewer, {fromID: from, toID: to, activityIDs: [idea]}], {code: 'forbidden'}],
    ['from a hidden card', () => [alice, {fromID: bobsMan, toID: to, activityIDs: [idea]}], {code: 'notFound'}],
    [
      'to a hidden card',
      () => [alice, {fromID: from, toID: bobsMan, activityIDs: [idea]}],
      {code: 'notFound', issues: [{field: 'toID', message: 'notFound'}]},
    ],
    [
      'to a card that does not exist',
      () => [alice, {fromID: from, toID: 'p-nobody', activityIDs: [idea]}],
      {code: 'notFound', issues: [{field: 'toID', message: 'notFound'}]},
    ],
    [
      'to a card of the other gender',
      () => [alice, {fromID: from, toID: woman, activityIDs: [idea]}],
      {code: 'invalidInput', issues: [{field: 'toID', message: 'transferWrongGender'}]},
    ],
    [
      'with an activity of another card among them',
      () => [alice, {fromID: from, toID: to, activityIDs: [idea, elsewhere]}],
      {code: 'notFound', issues: [{field: 'activityIDs', message: 'notFound'}]},
    ],
    [
      'with another shadchan’s activity among them (moving it is changing it)',
      () => [alice, {fromID: from, toID: to, activityIDs: [idea, bobs]}],
      {code: 'forbidden', issues: [{field: 'activityIDs', message: 'transferNotYours'}]},
    ],
    [
      'with an activity that does not exist',
      () => [alice, {fromID: from, toID: to, activityIDs: [idea, 'a-nothing']}],
      {code: 'notFound', issues: [{field: 'activityIDs', message: 'notFound'}]},
    ],
    [
      'with no activities',
      () => [alice, {fromID: from, toID: to, activityIDs: []}],
      {code: 'invalidInput', issues: [{field: 'activityIDs', message: 'required'}]},
    ],
    [
      'to the same card',
      () => [alice, {fromID: from, toID: from, activityIDs: [idea]}],
      {code: 'invalidInput', issues: [{field: 'toID', message: 'transferSameCard'}]},
    ],
    [
      'with a malformed list',
      () => [alice, {fromID: from, toID: to, activityIDs: 'all'}],
      {code: 'invalidInput', issues: [expect.objectContaining({field: 'activityIDs'})]},
    ],
  ] as const)('%s is refused, and nothing is written', async (_, input, details) => {
    const [ctx, args] = input() as [AuthContext, ReadonlyJSONObject];
    const before = await snapshot(from, to, woman, bobsMan);
    await expect(transfer(ctx, args)).rejects.toMatchObject({details});
    expect(await snapshot(from, to, woman, bobsMan)).toEqual(before);
  });

  test('an administrator may move anyone’s activities', async () => {
    const admin = await makeUser(sql, 'admin');
    await transfer(admin, {fromID: from, toID: to, activityIDs: [bobs, idea]});
    expect(
      await sql`SELECT id FROM activity WHERE male_profile_id = ${to} AND id IN ${sql([bobs, idea])} ORDER BY id`,
    ).toHaveLength(2);
  });

  test('a hidden source gets the same answer as one that does not exist', async () => {
    const hidden = transfer(alice, {fromID: bobsMan, toID: to, activityIDs: [idea]});
    const missing = transfer(alice, {fromID: 'p-nobody', toID: to, activityIDs: [idea]});
    const details = async (p: Promise<unknown>) => ((await p.catch((e: {details: unknown}) => e)) as {details: unknown}).details;
    expect(await details(hidden)).toEqual(await details(missing));
  });
});

describe('the transfer’s picker and the history’s other card', () => {
  test('offer only cards the user may see, of the source’s gender, without the source', async () => {
    const surname = `בורר${nanoid(4)}`;
    const [from, to, bobsMan, woman] = [
      await card(bob.userID, 'male', 'general', surname),
      await card(bob.userID, 'male', 'general', surname),
      await card(bob.userID, 'male', 'personal', surname),
      await card(bob.userID, 'female', 'general', surname),
    ];
    const targets = async (ctx: AuthContext, gender: 'male' | 'female') =>
      (
        await db.transaction(tx =>
          tx.run(queries.activities.transferTargets.fn({args: {search: surname, gender, exceptID: from}, ctx})),
        )
      ).map(p => p.id);
    const alices = await targets(alice, 'male');
    expect(alices).toContain(to);
    expect(alices).not.toContain(from);
    expect(alices).not.toContain(bobsMan);
    expect(alices).not.toContain(woman);
    expect(await targets(bob, 'male')).toContain(bobsMan);
    expect(await targets(alice, 'female')).toContain(woman);

    const listed = (ctx: AuthContext, id: string) =>
      db.transaction(tx => tx.run(queries.activities.candidate.fn({args: {id}, ctx})));
    expect((await listed(alice, to))?.id).toBe(to);
    expect(await listed(alice, bobsMan)).toBeUndefined();
  });
});
