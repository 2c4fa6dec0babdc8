import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import {zql} from '../../zero-schema.ts';
import {visibleActivities} from '../../permissions/activities.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/** Activities (issue 12) through the real server mutators, read rule and Postgres. */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

const ofCard = (ctx: AuthContext, id: string) => db.transaction(tx => tx.run(queries.activities.ofCard.fn({args: {id}, ctx})));
const rowOf = async (id: string) => (await sql`SELECT * FROM activity WHERE id = ${id}`)[0];

async function femaleCard(ownerID: string, database: 'general' | 'personal' = 'general') {
  const id = await makeProfile(sql, ownerID, database, 'לוי', 'רבקה');
  await sql`UPDATE profile SET gender = 'female' WHERE id = ${id}`;
  return id;
}

let alice: AuthContext, bob: AuthContext, viewer: AuthContext, coordinator: AuthContext, admin: AuthContext;
let man: string, woman: string, bobsWoman: string;
beforeAll(async () => {
  alice = await makeUser(sql, 'shadchan', ['editTickets', 'showTickets']);
  bob = await makeUser(sql, 'shadchan', ['editTickets', 'showTickets']);
  viewer = await makeUser(sql, 'shadchan', ['showTickets']);
  coordinator = await makeUser(sql, 'coordinator', ['editTickets', 'viewAllActivities']);
  admin = await makeUser(sql, 'admin');
  man = await makeProfile(sql, bob.userID, 'general', 'פעילות', 'אברהם');
  woman = await femaleCard(bob.userID);
  bobsWoman = await femaleCard(bob.userID, 'personal'); // Bob's alone
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

describe('activities.create', () => {
  test('stamps who entered it and when, and numbers it; the cards learn their last activity and suggestion', async () => {
    const args = activity({summary: '  נפגשו פעם  ', callDurationSeconds: 95, callerNumber: '052-1234567'});
    const before = Date.now();
    await mutate(alice, 'activities.create', args);
    const row = await rowOf(args.id);
    expect(row).toMatchObject({
      created_by: alice.userID,
      summary: 'נפגשו פעם',
      call_duration_seconds: 95,
      caller_number: '+972521234567',
    });
    expect(row!.code).toMatch(/^\d{4,}$/);
    expect(row!.created_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [card] = await sql`SELECT last_activity_at, last_suggestion_at FROM profile WHERE id = ${man}`;
    expect(card!.last_activity_at.getTime()).toBe(row!.updated_at.getTime());
    expect(card!.last_suggestion_at.getTime()).toBe(row!.created_at.getTime());
  });

  test.each([
    ['an unknown type', {type: 'party'}, 'type', 'required'],
    ['no title', {title: '  '}, 'title', 'required'],
    ['no candidate at all', {maleProfileID: null, femaleProfileID: null}, 'maleProfileID', 'required'],
    ['a bad caller number', {callerNumber: '12'}, 'callerNumber', 'invalidPhone'],
    ['a negative duration', {callDurationSeconds: -1}, 'callDurationSeconds', 'outOfRange'],
  ])('%s is refused with a field issue, and nothing is written', async (_, over, field, message) => {
    const args = activity(over);
    await expect(mutate(alice, 'activities.create', args)).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [expect.objectContaining({field, message})]},
    });
    expect(await rowOf(args.id)).toBeUndefined();
  });

  test('a card on the wrong side, or one the user may not see, is refused; so is a user without editTickets', async () => {
    const swapped = activity({maleProfileID: woman, femaleProfileID: null});
    await expect(mutate(alice, 'activities.create', swapped)).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [{field: 'maleProfileID', message: 'wrongSide'}]},
    });
    const hidden = activity({femaleProfileID: bobsWoman});
    await expect(mutate(alice, 'activities.create', hidden)).rejects.toMatchObject({
      details: {code: 'notFound', issues: [{field: 'femaleProfileID', message: 'notFound'}]},
    });
    const nobody = activity({femaleProfileID: 'p-does-not-exist'});
    await expect(mutate(alice, 'activities.create', nobody)).rejects.toMatchObject({
      details: {code: 'notFound', issues: [{field: 'femaleProfileID', message: 'notFound'}]},
    });
    const viewers = activity();
    await expect(mutate(viewer, 'activities.create', viewers)).rejects.toMatchObject({details: {code: 'forbidden'}});
    for (const args of [swapped, hidden, nobody, viewers]) expect(await rowOf(args.id)).toBeUndefined();
  });
});

describe('activities.update, delete and comment', () => {
  test('only the author or an administrator changes or deletes it; who entered it stays', async () => {
    const args = activity({type: 'idea'});
    await mutate(alice, 'activities.create', args);
    await expect(mutate(bob, 'activities.update', {...args, status: 'done'})).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
    await expect(mutate(bob, 'activities.delete', {id: args.id})).rejects.toMatchObject({details: {code: 'forbidden'}});
    expect(await rowOf(args.id)).toMatchObject({status: 'in_progress'});

    await mutate(alice, 'activities.update', {...args, type: 'date', status: 'done'});
    await mutate(admin, 'activities.update', {...args, type: 'date', status: 'irrelevant'});
    expect(await rowOf(args.id)).toMatchObject({type: 'date', status: 'irrelevant', created_by: alice.userID});
    await mutate(admin, 'activities.delete', {id: args.id});
    expect(await rowOf(args.id)).toBeUndefined();
  });

  test('deleting the card’s only activities clears its last-activity times', async () => {
    const lone = await makeProfile(sql, bob.userID, 'general', 'בודד', 'יצחק');
    const args = activity({maleProfileID: lone});
    await mutate(alice, 'activities.create', args);
    expect((await sql`SELECT last_activity_at FROM profile WHERE id = ${lone}`)[0]!.last_activity_at).not.toBeNull();
    await mutate(alice, 'activities.delete', {id: args.id});
    expect(await sql`SELECT last_activity_at, last_suggestion_at FROM profile WHERE id = ${lone}`).toEqual([
      {last_activity_at: null, last_suggestion_at: null},
    ]);
  });

  test('a comment carries its author and time; an empty one, or on an activity the user may not see, is refused', async () => {
    const args = activity({maleProfileID: null, femaleProfileID: bobsWoman});
    await mutate(bob, 'activities.create', args);
    const comment = {id: `c-${nanoid(8)}`, activityID: args.id, body: 'דיברתי עם האמא'};
    await mutate(bob, 'activities.comment', comment);
    expect(await sql`SELECT user_id, body FROM activity_comment WHERE id = ${comment.id}`).toEqual([
      {user_id: bob.userID, body: 'דיברתי עם האמא'},
    ]);
    await expect(mutate(bob, 'activities.comment', {...comment, id: `c-${nanoid(8)}`, body: ' '})).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [{field: 'body', message: 'required'}]},
    });
    const hidden = {...comment, id: `c-${nanoid(8)}`};
    await expect(mutate(alice, 'activities.comment', hidden)).rejects.toMatchObject({details: {code: 'notFound'}});
    expect(await sql`SELECT 1 FROM activity_comment WHERE id = ${hidden.id}`).toHaveLength(0);
  });
});

describe('who sees an activity', () => {
  test('the author always; others on a card they may see, with the other side only if they may see it too', async () => {
    // Bob's suggestion between a general card and his own personal one.
    const args = activity({femaleProfileID: bobsWoman});
    await mutate(bob, 'activities.create', args);
    await mutate(bob, 'activities.comment', {id: `c-${nanoid(8)}`, activityID: args.id, body: 'סיכום שיחה'});

    const bobs = (await ofCard(bob, man)).find(a => a.id === args.id);
    expect(bobs?.femaleProfile?.id).toBe(bobsWoman);
    expect(bobs?.comments.map(c => c.body)).toEqual(['סיכום שיחה']);

    // Alice sees it on the general card, but not who is on the other side.
    const alices = (await ofCard(alice, man)).find(a => a.id === args.id);
    expect(alices?.maleProfile?.id).toBe(man);
    expect(alices?.femaleProfile ?? null).toBeNull();
    // Through the card she may not see, nothing.
    expect(await ofCard(alice, bobsWoman)).toEqual([]);
  });

  test('an activity only on hidden cards: its author and those with viewAllActivities see it, nobody else', async () => {
    const args = activity({maleProfileID: null, femaleProfileID: bobsWoman, type: 'idea'});
    await mutate(bob, 'activities.create', args);
    // The read rule itself: a card's timeline needs the card, a list of activities does not.
    const sees = async (ctx: AuthContext) =>
      (await db.transaction(tx => tx.run(visibleActivities(zql.activity, ctx).where('id', args.id)))).length === 1;
    expect(await sees(bob)).toBe(true);
    expect(await sees(coordinator)).toBe(true);
    expect(await sees(admin)).toBe(true);
    expect(await sees(alice)).toBe(false);
    expect(await sees(viewer)).toBe(false);
  });
});

describe('a pair’s stages (issue 31)', () => {
  test('next stage marks this one done and opens the next for the same pair, naming it; every stage stays', async () => {
    const idea = activity({type: 'idea', title: 'רעיון: אברהם ורבקה', summary: 'משפחות מתאימות'});
    await mutate(alice, 'activities.create', idea);
    const suggestionID = `a-${nanoid(8)}`;
    // Someone else's stage is theirs to move on (its author or an administrator).
    await expect(mutate(bob, 'activities.nextStage', {id: idea.id, nextID: suggestionID})).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
    await mutate(alice, 'activities.nextStage', {id: idea.id, nextID: suggestionID});
    expect(await rowOf(idea.id)).toMatchObject({type: 'idea', status: 'done'});
    expect(await rowOf(suggestionID)).toMatchObject({
      type: 'suggestion',
      status: 'in_progress',
      title: idea.title,
      summary: 'משפחות מתאימות',
      male_profile_id: man,
      female_profile_id: woman,
      previous_id: idea.id,
      created_by: alice.userID,
    });
    // A stage moves on once.
    await expect(mutate(alice, 'activities.nextStage', {id: idea.id, nextID: `a-${nanoid(8)}`})).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [{field: 'type', message: 'stageMovedOn'}]},
    });
    const dateID = `a-${nanoid(8)}`;
    await mutate(alice, 'activities.nextStage', {id: suggestionID, nextID: dateID});
    const vortID = `a-${nanoid(8)}`;
    await mutate(alice, 'activities.nextStage', {id: dateID, nextID: vortID});
    await expect(mutate(alice, 'activities.nextStage', {id: vortID, nextID: `a-${nanoid(8)}`})).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [{field: 'type', message: 'lastStage'}]},
    });
    // The card's timeline holds all four, each as what it was.
    const stages = (await ofCard(alice, woman)).filter(a => [idea.id, suggestionID, dateID, vortID].includes(a.id));
    expect(stages.map(a => a.type).sort()).toEqual(['date', 'idea', 'suggestion', 'vort']);
    // The form's query names the neighbours.
    const one = await db.transaction(tx => tx.run(queries.activities.one.fn({args: {id: suggestionID}, ctx: alice})));
    expect(one).toMatchObject({previous: {id: idea.id, type: 'idea'}, next: {id: dateID, type: 'date'}});
  });

  test('a type changed by hand is recorded in the activity’s thread; other edits are not', async () => {
    const args = activity({type: 'idea'});
    await mutate(alice, 'activities.create', args);
    await mutate(alice, 'activities.update', {...args, summary: 'עדכון'});
    await mutate(alice, 'activities.update', {...args, summary: 'עדכון', type: 'date'});
    const thread = await sql`SELECT kind, body, detail, user_id FROM activity_comment WHERE activity_id = ${args.id}`;
    expect(thread).toEqual([{kind: 'typeChanged', body: '', detail: {from: 'idea', to: 'date'}, user_id: alice.userID}]);
    // The database refuses a change entry without its detail, and a comment without text.
    await expect(
      sql`INSERT INTO activity_comment (id, activity_id, user_id, body, kind) VALUES (${nanoid()}, ${args.id}, ${alice.userID}, '', 'typeChanged')`,
    ).rejects.toThrow(/activity_comment_body_check/);
  });
});
