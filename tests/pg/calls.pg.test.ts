import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {CallsScope} from '../../app/calls/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser, randomMobile} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/** The calls list's read rule and queries, and the link activities.create makes, on the real Postgres. */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

const list = (ctx: AuthContext, scope: CallsScope) => db.transaction(tx => tx.run(queries.calls.list.fn({args: {scope}, ctx})));
const today = (ctx: AuthContext, since: number) => db.transaction(tx => tx.run(queries.calls.today.fn({args: {since}, ctx})));

/** A stored call, as the webhook stores it. */
async function call(userID: string, profileID: string | null, startedAt = new Date()) {
  const id = `c-${nanoid(8)}`;
  await sql`INSERT INTO phone_call (id, event_id, user_id, caller_number, profile_id, started_at, duration_seconds)
            VALUES (${id}, ${`evt-${id}`}, ${userID}, ${randomMobile()}, ${profileID}, ${startedAt}, 61)`;
  return id;
}

let alice: AuthContext, bob: AuthContext, coordinator: AuthContext;
let shared: string, bobsOwn: string;
let alicesCall: string, alicesHiddenCall: string, alicesOldCall: string, bobsCall: string;
beforeAll(async () => {
  alice = await makeUser(sql, 'shadchan', ['editTickets', 'showTickets']);
  bob = await makeUser(sql, 'shadchan', ['editTickets', 'showTickets']);
  coordinator = await makeUser(sql, 'coordinator', ['showTickets', 'viewAllActivities']);
  shared = await makeProfile(sql, bob.userID, 'general', 'שיחה', 'יוסף');
  bobsOwn = await makeProfile(sql, bob.userID, 'personal', 'סוד', 'שמעון');
  alicesCall = await call(alice.userID, shared);
  alicesHiddenCall = await call(alice.userID, bobsOwn);
  alicesOldCall = await call(alice.userID, null, new Date(Date.now() - 3 * 86_400_000));
  bobsCall = await call(bob.userID, shared);
});

describe('calls.list', () => {
  test('mine: only the user’s own calls, newest first; asking for all without the permission still gives only theirs', async () => {
    const mine = await list(alice, 'mine');
    expect(mine.map(c => c.id)).toEqual(expect.arrayContaining([alicesCall, alicesHiddenCall, alicesOldCall]));
    expect(mine.every(c => c.userID === alice.userID)).toBe(true);
    expect(mine.map(c => c.id).indexOf(alicesOldCall)).toBe(mine.length - 1);
    expect((await list(alice, 'all')).map(c => c.id).sort()).toEqual(mine.map(c => c.id).sort());
    expect((await list(alice, 'all')).map(c => c.id)).not.toContain(bobsCall);
  });

  test('all, with viewAllActivities: every shadchan’s calls, with who took them', async () => {
    const all = await list(coordinator, 'all');
    expect(all.map(c => c.id)).toEqual(expect.arrayContaining([alicesCall, bobsCall]));
    expect(all.find(c => c.id === bobsCall)!.user?.id).toBe(bob.userID);
    expect(await list(coordinator, 'mine')).toEqual([]);
  });

  test('the matched card comes only when the viewer may see it', async () => {
    const mine = await list(alice, 'mine');
    expect(mine.find(c => c.id === alicesCall)!.profile?.id).toBe(shared);
    const hidden = mine.find(c => c.id === alicesHiddenCall)!;
    expect(hidden.profileID).toBe(bobsOwn);
    expect(hidden.profile ?? null).toBeNull();
  });
});

test('calls.today: the user’s calls since the browser’s midnight', async () => {
  const since = Date.now() - 86_400_000;
  const ids = (await today(alice, since)).map(c => c.id);
  expect(ids).toEqual(expect.arrayContaining([alicesCall, alicesHiddenCall]));
  expect(ids).not.toContain(alicesOldCall);
  expect(ids).not.toContain(bobsCall);
  expect(await today(coordinator, since)).toEqual([]);
});

describe('activities.create with phoneCallID', () => {
  const activity = (phoneCallID: string) => ({
    id: `a-${nanoid(8)}`,
    type: 'idea',
    status: 'in_progress',
    title: 'משיחה',
    summary: '',
    maleProfileID: shared,
    femaleProfileID: null,
    reminderAt: null,
    callDurationSeconds: 61,
    callerNumber: null,
    phoneCallID,
  });
  const linkOf = async (callID: string) =>
    (await sql<{activity_id: string | null}[]>`SELECT activity_id FROM phone_call WHERE id = ${callID}`)[0]!.activity_id;

  test('links the user’s own call to the new activity, which the list then shows', async () => {
    const callID = await call(alice.userID, shared);
    const args = activity(callID);
    await mutate(alice, 'activities.create', args);
    expect(await linkOf(callID)).toBe(args.id);
    expect((await list(alice, 'mine')).find(c => c.id === callID)!.activity?.id).toBe(args.id);
  });

  test('leaves someone else’s call alone, and the activity is still created', async () => {
    const callID = await call(bob.userID, shared);
    const args = activity(callID);
    await mutate(alice, 'activities.create', args);
    expect(await linkOf(callID)).toBeNull();
    expect((await sql`SELECT id FROM activity WHERE id = ${args.id}`).length).toBe(1);
  });
});
