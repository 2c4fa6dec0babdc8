import {customAlphabet, nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * What the activity screens ask of the server (issue 12): the quick actions' mutators (snooze, status),
 * the side pickers, the activities list and the collision warning, through the real server code and
 * Postgres.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

const rowOf = async (id: string) => (await sql`SELECT * FROM activity WHERE id = ${id}`)[0];
/** A surname no other test uses, so searches find only this file's cards. */
const uniqueName = customAlphabet('abcdefghijklmnopqrstuvwxyz', 10);

async function card(ownerID: string, gender: 'male' | 'female', surname: string, database: 'general' | 'personal' = 'general') {
  const id = await makeProfile(sql, ownerID, database, surname, gender === 'male' ? 'אברהם' : 'שרה');
  await sql`UPDATE profile SET gender = ${gender} WHERE id = ${id}`;
  return id;
}

let alice: AuthContext, bob: AuthContext, viewer: AuthContext, coordinator: AuthContext, admin: AuthContext;
let family: string, man: string, woman: string, otherWoman: string, bobsWoman: string;
beforeAll(async () => {
  alice = await makeUser(sql, 'shadchan', ['editTickets', 'showTickets']);
  bob = await makeUser(sql, 'shadchan', ['editTickets', 'showTickets']);
  viewer = await makeUser(sql, 'shadchan', ['showTickets']);
  coordinator = await makeUser(sql, 'coordinator', ['editTickets', 'viewAllActivities']);
  admin = await makeUser(sql, 'admin');
  family = uniqueName();
  man = await card(bob.userID, 'male', family);
  woman = await card(bob.userID, 'female', family);
  otherWoman = await card(bob.userID, 'female', `${family}x`);
  bobsWoman = await card(bob.userID, 'female', family, 'personal'); // Bob's alone
});

const activity = (over: Record<string, unknown> = {}) => ({
  id: `a-${nanoid(8)}`,
  type: 'suggestion',
  status: 'in_progress',
  title: 'הצעה',
  summary: '',
  maleProfileID: man,
  femaleProfileID: woman,
  reminderAt: null,
  callDurationSeconds: null,
  callerNumber: null,
  ...over,
});

describe('activities.snooze and activities.setStatus', () => {
  test('the author moves the reminder and marks it done; an administrator may too', async () => {
    const args = activity({reminderAt: Date.now() - 60_000});
    await mutate(alice, 'activities.create', args);
    const later = Date.now() + 3_600_000;
    await mutate(alice, 'activities.snooze', {id: args.id, reminderAt: later});
    expect((await rowOf(args.id))!.reminder_at.getTime()).toBe(later);
    await mutate(alice, 'activities.setStatus', {id: args.id, status: 'done'});
    expect(await rowOf(args.id)).toMatchObject({status: 'done'});
    await mutate(admin, 'activities.setStatus', {id: args.id, status: 'irrelevant'});
    expect(await rowOf(args.id)).toMatchObject({status: 'irrelevant', created_by: alice.userID});
  });

  test('bad input is refused with a field issue, and nothing is written', async () => {
    const args = activity({reminderAt: 1_000});
    await mutate(alice, 'activities.create', args);
    for (const [name, bad, field, message] of [
      ['activities.snooze', {id: args.id, reminderAt: -5}, 'reminderAt', 'invalidDate'],
      ['activities.snooze', {id: args.id, reminderAt: 'tomorrow'}, 'reminderAt', 'invalidDate'],
      ['activities.setStatus', {id: args.id, status: 'finished'}, 'status', 'required'],
    ] as const) {
      await expect(mutate(alice, name, bad)).rejects.toMatchObject({
        details: {code: 'invalidInput', issues: [expect.objectContaining({field, message})]},
      });
    }
    expect(await rowOf(args.id)).toMatchObject({status: 'in_progress'});
    expect((await rowOf(args.id))!.reminder_at.getTime()).toBe(1_000);
  });

  test('another shadchan, a user without editTickets, and an activity the user may not see are refused; nothing is written', async () => {
    const args = activity({reminderAt: 1_000});
    await mutate(alice, 'activities.create', args);
    const hidden = activity({maleProfileID: null, femaleProfileID: bobsWoman, reminderAt: 1_000});
    await mutate(bob, 'activities.create', hidden);
    await expect(mutate(bob, 'activities.snooze', {id: args.id, reminderAt: 5_000})).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
    await expect(mutate(bob, 'activities.setStatus', {id: args.id, status: 'done'})).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
    await expect(mutate(viewer, 'activities.setStatus', {id: args.id, status: 'done'})).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
    // Alice may not see Bob's activity on his personal card: the same answer as a missing one.
    await expect(mutate(alice, 'activities.snooze', {id: hidden.id, reminderAt: 5_000})).rejects.toMatchObject({
      details: {code: 'notFound'},
    });
    await expect(mutate(alice, 'activities.setStatus', {id: 'a-missing', status: 'done'})).rejects.toMatchObject({
      details: {code: 'notFound'},
    });
    expect(await rowOf(args.id)).toMatchObject({status: 'in_progress'});
    expect((await rowOf(args.id))!.reminder_at.getTime()).toBe(1_000);
    expect((await rowOf(hidden.id))!.reminder_at.getTime()).toBe(1_000);
  });
});

const run = <T>(query: {fn: (o: {args: never; ctx: AuthContext}) => T}, ctx: AuthContext, args: unknown) =>
  db.transaction(tx => tx.run(query.fn({args: args as never, ctx}) as never)) as Promise<unknown>;

describe('activities.pick', () => {
  test('finds cards of one gender by the typed words, only those the user may see', async () => {
    const ids = async (ctx: AuthContext, gender: string, search: string) =>
      ((await run(queries.activities.pick, ctx, {gender, search})) as {id: string}[]).map(p => p.id).sort();
    expect(await ids(alice, 'female', family.slice(0, 6))).toEqual([woman, otherWoman].sort());
    expect(await ids(alice, 'male', family)).toEqual([man]);
    // Typed words in any order, each starting a word of the name.
    expect(await ids(alice, 'female', `ש ${family.toUpperCase()}X`)).toEqual([otherWoman]);
    expect(await ids(bob, 'female', family)).toEqual([woman, otherWoman, bobsWoman].sort());
  });
});

describe('activities.list', () => {
  test('the user’s own by default; everyone’s and one shadchan’s only with viewAllActivities; filters and search', async () => {
    const alices = activity({type: 'idea', title: 'של אליס'});
    const bobs = activity({type: 'date', femaleProfileID: otherWoman, reminderAt: Date.now() - 1_000});
    await mutate(alice, 'activities.create', alices);
    await mutate(bob, 'activities.create', bobs);
    const list = async (ctx: AuthContext, over: Record<string, unknown> = {}) =>
      ((await run(queries.activities.list, ctx, {limit: 500, candidate: family, ...over})) as {id: string}[]).map(a => a.id);

    expect(await list(alice)).toContain(alices.id);
    expect(await list(alice)).not.toContain(bobs.id);
    // Without the permission "all" is still the user's own.
    expect(await list(alice, {all: true})).not.toContain(bobs.id);
    expect(await list(coordinator, {all: true})).toEqual(expect.arrayContaining([alices.id, bobs.id]));
    expect(await list(coordinator, {all: true, shadchanID: bob.userID})).not.toContain(alices.id);
    expect(await list(coordinator, {all: true, type: 'date'})).toContain(bobs.id);
    expect(await list(coordinator, {all: true, type: 'date'})).not.toContain(alices.id);
    const due = await list(coordinator, {all: true, reminderBy: Date.now()});
    expect(due).toContain(bobs.id);
    expect(due).not.toContain(alices.id);
    expect(await list(coordinator, {all: true, candidate: `${family}x`})).toEqual([bobs.id]);
    expect(await list(coordinator, {all: true, createdFrom: Date.now() + 60_000})).toEqual([]);
  });
});

describe('activities.collisions', () => {
  test('another shadchan’s open suggestion or date with A or with B, and the pair once marked irrelevant', async () => {
    const a = await card(bob.userID, 'male', uniqueName());
    const b = await card(bob.userID, 'female', uniqueName());
    const c = await card(bob.userID, 'female', uniqueName());
    const bobsDate = activity({type: 'date', maleProfileID: a, femaleProfileID: c});
    const bobsIdea = activity({type: 'idea', maleProfileID: a, femaleProfileID: c}); // an idea is no collision
    const bobsDone = activity({type: 'suggestion', status: 'done', maleProfileID: null, femaleProfileID: b});
    const alicesOwn = activity({type: 'suggestion', maleProfileID: a, femaleProfileID: null}); // her own: no warning
    const triedBefore = activity({type: 'suggestion', status: 'irrelevant', maleProfileID: a, femaleProfileID: b});
    await mutate(bob, 'activities.create', bobsDate);
    await mutate(bob, 'activities.create', bobsIdea);
    await mutate(bob, 'activities.create', bobsDone);
    await mutate(alice, 'activities.create', alicesOwn);
    await mutate(alice, 'activities.create', triedBefore);

    type Hit = {id: string; author?: {name: string}};
    const collisions = async (ctx: AuthContext, args: Record<string, unknown>) =>
      (await run(queries.activities.collisions, ctx, {id: 'a-new', ...args})) as Hit[];
    const found = await collisions(alice, {maleProfileID: a, femaleProfileID: b});
    expect(found.map(h => h.id).sort()).toEqual([bobsDate.id, triedBefore.id].sort());
    expect(found.find(h => h.id === bobsDate.id)?.author?.name).toBeTruthy();
    // With B alone there is no pair to have tried, and nobody else has B in progress.
    expect(await collisions(alice, {maleProfileID: null, femaleProfileID: b})).toEqual([]);
    // The activity being edited does not warn about itself.
    expect((await collisions(alice, {id: bobsDate.id, maleProfileID: a, femaleProfileID: null})).map(h => h.id)).toEqual([]);
    // Bob's own date is no warning for Bob; Alice's own suggestion with A is one for him.
    expect((await collisions(bob, {maleProfileID: a, femaleProfileID: null})).map(h => h.id)).toEqual([alicesOwn.id]);
  });

  test('a colliding activity whose other side the user may not see warns without naming that side', async () => {
    const a = await card(bob.userID, 'male', uniqueName());
    const hiddenPair = activity({type: 'suggestion', maleProfileID: a, femaleProfileID: bobsWoman});
    await mutate(bob, 'activities.create', hiddenPair);
    const [hit] = (await run(queries.activities.collisions, alice, {id: 'a-new', maleProfileID: a, femaleProfileID: null})) as {
      id: string;
      femaleProfile?: unknown;
    }[];
    // Alice sees A, so she is warned, but not told who is on the other side.
    expect(hit?.id).toBe(hiddenPair.id);
    expect(hit?.femaleProfile ?? null).toBeNull();
  });
});
