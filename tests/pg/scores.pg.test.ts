import {nanoid} from 'nanoid';
import {afterAll, afterEach, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import {monthOf} from '../../app/scores/month.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeIsraeliID, makeUser} from '../support/fixtures.ts';
import {refusal, serverSide} from '../support/server-side.ts';

/**
 * Scores, monthly leaders and goals (issue 17) through the real triggers, server mutators, queries and
 * Postgres. A hand-built March 2026 (Asia/Jerusalem) of two shadchanim, with the default points
 * (idea 1, suggestion 3, date 5, vort 10, couple 20).
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

const DEFAULT_POINTS = {idea: 1, suggestion: 3, date: 5, vort: 10, couple: 20};
const setPointsSql = async (points: Record<string, number>) => {
  for (const [kind, value] of Object.entries(points)) await sql`UPDATE score_points SET points = ${value} WHERE kind = ${kind}`;
};
// The points are the whole site's: every test leaves the defaults behind.
afterEach(() => setPointsSql(DEFAULT_POINTS));

let admin: AuthContext, manager: AuthContext, editor: AuthContext, shadchanA: AuthContext, shadchanB: AuthContext;
let representative: AuthContext;
beforeAll(async () => {
  admin = await makeUser(sql, 'admin');
  manager = await makeUser(sql, 'coordinator', ['editShadchanim', 'viewShadchanimReports']);
  editor = await makeUser(sql, 'shadchan', ['editEngagedCouples', 'showTickets', 'editTickets']);
  shadchanA = await makeUser(sql, 'shadchan');
  shadchanB = await makeUser(sql, 'shadchan');
  representative = await makeUser(sql, 'representative');
});

async function activity(by: AuthContext, type: string, at: string, status = 'in_progress') {
  const id = `a-${nanoid(8)}`;
  await sql`INSERT INTO activity (id, type, status, title, summary, created_by, created_at, updated_at)
            VALUES (${id}, ${type}, ${status}, 'בדיקה', '', ${by.userID}, ${at}, ${at})`;
  return id;
}
async function couple(shadchan: AuthContext, status: string, decidedAt: string | null) {
  const id = `c-${nanoid(8)}`;
  await sql`INSERT INTO engaged_couple (id, status, male_name, male_id_number, female_name, female_id_number, shadchan_id, decided_at)
            VALUES (${id}, ${status}, 'דוד לוי', ${makeIsraeliID()}, 'רחל כהן', ${makeIsraeliID()}, ${shadchan.userID}, ${decidedAt})`;
  return id;
}
const monthRow = async (who: AuthContext, month: string) =>
  (
    await sql`SELECT ideas, suggestions, dates, vorts, couples, points FROM shadchan_score WHERE id = ${`${who.userID}:${month}`}`
  )[0];
const totals = async (who: AuthContext) => (await sql`SELECT score, total_suggestions FROM app_user WHERE id = ${who.userID}`)[0];
const run = <T>(query: {fn: (o: {args: never; ctx: AuthContext}) => unknown}, args: unknown, ctx: AuthContext) =>
  db.transaction(tx => tx.run(query.fn({args: args as never, ctx}) as never)) as Promise<T>;

/** A's March: 2 ideas, 3 suggestions (one entered at 00:30 on 1 March, Jerusalem time), 1 date, 1 vort and a couple. */
let suggestionID: string, irrelevantID: string, dateID: string, coupleID: string;
beforeAll(async () => {
  await activity(shadchanA, 'idea', '2026-03-10T10:00:00Z');
  await activity(shadchanA, 'idea', '2026-03-10T11:00:00Z', 'done');
  suggestionID = await activity(shadchanA, 'suggestion', '2026-03-12T10:00:00Z');
  await activity(shadchanA, 'suggestion', '2026-03-12T11:00:00Z', 'done');
  await activity(shadchanA, 'suggestion', '2026-02-28T22:30:00Z'); // 1 March 00:30 in Jerusalem (UTC+2)
  irrelevantID = await activity(shadchanA, 'suggestion', '2026-03-13T10:00:00Z', 'irrelevant');
  await activity(shadchanA, 'suggestion', '2026-03-31T21:30:00Z'); // 1 April 00:30 in Jerusalem (UTC+3)
  dateID = await activity(shadchanA, 'date', '2026-03-15T10:00:00Z');
  await activity(shadchanA, 'vort', '2026-03-20T10:00:00Z', 'done');
  coupleID = await couple(shadchanA, 'confirmed', '2026-03-20T10:00:00Z');
  await couple(shadchanA, 'pending', null);
  await couple(shadchanA, 'rejected', '2026-03-21T10:00:00Z');
  await activity(shadchanB, 'date', '2026-03-05T10:00:00Z');
  await activity(shadchanB, 'idea', '2026-03-06T10:00:00Z', 'irrelevant');
});

describe('a hand-built month', () => {
  test("each shadchan's months are counted from the activities and couples, by Jerusalem's calendar", async () => {
    expect(await monthRow(shadchanA, '2026-03')).toEqual({ideas: 2, suggestions: 3, dates: 1, vorts: 1, couples: 1, points: 46});
    expect(await monthRow(shadchanA, '2026-04')).toEqual({ideas: 0, suggestions: 1, dates: 0, vorts: 0, couples: 0, points: 3});
    expect(await monthRow(shadchanA, '2026-02')).toBeUndefined();
    expect(await monthRow(shadchanB, '2026-03')).toEqual({ideas: 0, suggestions: 0, dates: 1, vorts: 0, couples: 0, points: 5});
    // The staff row's all-time counters: score and total suggestions.
    expect(await totals(shadchanA)).toEqual({score: 49, total_suggestions: 4});
    expect(await totals(shadchanB)).toEqual({score: 5, total_suggestions: 0});
  });

  test('the leaders board ranks the month by points, with names, for those who may see shadchanim’s figures', async () => {
    const reporter = await makeUser(sql, 'shadchan', ['viewShadchanimReports']);
    const leaders = await run<{userID: string; points: number; user: {name: string}}[]>(
      queries.scores.leaders,
      {month: '2026-03'},
      reporter,
    );
    const ours = leaders.filter(l => [shadchanA.userID, shadchanB.userID].includes(l.userID));
    expect(ours.map(l => [l.userID, l.points])).toEqual([
      [shadchanA.userID, 46],
      [shadchanB.userID, 5],
    ]);
    expect(ours[0]!.user.name).toBe(`בודק ${shadchanA.userID}`);
    for (let i = 1; i < leaders.length; i++) expect(leaders[i - 1]!.points).toBeGreaterThanOrEqual(leaders[i]!.points);
  });

  test('advancing, marking irrelevant, deleting and undoing change the month at once', async () => {
    await sql`UPDATE activity SET type = 'date' WHERE id = ${suggestionID}`; // suggestion → date: +2
    expect(await monthRow(shadchanA, '2026-03')).toMatchObject({suggestions: 2, dates: 2, points: 48});
    await sql`UPDATE activity SET status = 'in_progress' WHERE id = ${irrelevantID}`; // counts again: +3
    expect(await monthRow(shadchanA, '2026-03')).toMatchObject({suggestions: 3, points: 51});
    await sql`DELETE FROM activity WHERE id = ${dateID}`; // −5
    expect(await monthRow(shadchanA, '2026-03')).toMatchObject({dates: 1, points: 46});
    await sql`UPDATE engaged_couple SET status = 'undone' WHERE id = ${coupleID}`; // −20
    expect(await monthRow(shadchanA, '2026-03')).toMatchObject({couples: 0, points: 26});
    expect(await totals(shadchanA)).toEqual({score: 29, total_suggestions: 4});
    // Back as it was, for the other tests.
    await sql`UPDATE engaged_couple SET status = 'confirmed' WHERE id = ${coupleID}`;
    dateID = await activity(shadchanA, 'date', '2026-03-15T10:00:00Z');
    await sql`UPDATE activity SET status = 'irrelevant' WHERE id = ${irrelevantID}`;
    await sql`UPDATE activity SET type = 'suggestion' WHERE id = ${suggestionID}`;
    expect(await monthRow(shadchanA, '2026-03')).toEqual({ideas: 2, suggestions: 3, dates: 1, vorts: 1, couples: 1, points: 46});
  });

  test('a month whose last counted activity goes has no row', async () => {
    const lone = await makeUser(sql, 'shadchan');
    const id = await activity(lone, 'idea', '2026-05-02T10:00:00Z');
    expect(await monthRow(lone, '2026-05')).toMatchObject({ideas: 1, points: 1});
    await sql`UPDATE activity SET status = 'irrelevant' WHERE id = ${id}`;
    expect(await monthRow(lone, '2026-05')).toBeUndefined();
    expect(await totals(lone)).toEqual({score: 0, total_suggestions: 0});
  });

  test('a couple recorded through the mutator credits its making shadchan this month, with its vort', async () => {
    const maker = await makeUser(sql, 'shadchan');
    await mutate(editor, 'engagedCouples.record', {
      id: `c-${nanoid(8)}`,
      maleProfileID: null,
      maleName: 'דוד לוי',
      maleIDNumber: makeIsraeliID(),
      femaleProfileID: null,
      femaleName: 'רחל כהן',
      femaleIDNumber: makeIsraeliID(),
      fatherName: '',
      shadchanID: maker.userID,
      rabbi: '',
      note: '',
    });
    expect(await monthRow(maker, monthOf())).toMatchObject({couples: 1, vorts: 1, points: 30});
  });
});

describe('who sees a shadchan’s month (one rule with the reports)', () => {
  type Row = {userID: string};
  const ids = (rows: Row[]) => rows.map(r => r.userID).filter(id => [shadchanA.userID, shadchanB.userID].includes(id));

  test('without viewShadchanimReports each staff member receives their own month only, by any query', async () => {
    for (const query of [queries.scores.leaders, queries.scores.month]) {
      expect(ids(await run<Row[]>(query, {month: '2026-03'}, shadchanB))).toEqual([shadchanB.userID]);
      expect(ids(await run<Row[]>(query, {month: '2026-03'}, representative))).toEqual([]);
      expect(ids(await run<Row[]>(query, {month: '2026-03'}, admin)).sort()).toEqual([shadchanA.userID, shadchanB.userID].sort());
    }
    expect(
      await run<Row | undefined>(queries.scores.one, {userID: shadchanA.userID, month: '2026-03'}, shadchanB),
    ).toBeUndefined();
    expect(await run<Row | undefined>(queries.scores.one, {userID: shadchanB.userID, month: '2026-03'}, shadchanB)).toMatchObject(
      {
        userID: shadchanB.userID,
      },
    );
  });

  test('whoever sets goals without it sees each goal, not its progress', async () => {
    const goalSetter = await makeUser(sql, 'coordinator', ['editShadchanim']);
    await mutate(goalSetter, 'scores.setGoal', {userID: shadchanA.userID, month: '2026-03', suggestions: 9, dates: 9});
    const seen = await run<{userID: string; score?: unknown}[]>(queries.scores.goals, {month: '2026-03'}, goalSetter);
    expect(seen.find(g => g.userID === shadchanA.userID)).toMatchObject({suggestions: 9, dates: 9});
    expect(seen.find(g => g.userID === shadchanA.userID)?.score ?? null).toBeNull();
  });
});

describe('the points', () => {
  test("the administrator's new points change every score, past months too", async () => {
    await mutate(admin, 'scores.setPoints', {...DEFAULT_POINTS, suggestion: 4, couple: 30});
    expect((await sql`SELECT kind, points, updated_by FROM score_points WHERE kind = 'couple'`)[0]).toEqual({
      kind: 'couple',
      points: 30,
      updated_by: admin.userID,
    });
    expect(await monthRow(shadchanA, '2026-03')).toMatchObject({points: 2 + 12 + 5 + 10 + 30});
    expect(await monthRow(shadchanA, '2026-04')).toMatchObject({points: 4});
    expect(await totals(shadchanA)).toEqual({score: 63, total_suggestions: 4});
    const points = await run<{kind: string; points: number}[]>(queries.scores.points, {}, shadchanB);
    expect(Object.fromEntries(points.map(p => [p.kind, p.points]))).toEqual({...DEFAULT_POINTS, suggestion: 4, couple: 30});
  });

  test('only the administrator sets them; nothing changes on a refusal', async () => {
    for (const who of [manager, shadchanA]) {
      expect(await refusal(mutate(who, 'scores.setPoints', {...DEFAULT_POINTS, idea: 7}))).toMatchObject({code: 'forbidden'});
    }
    expect((await sql`SELECT points FROM score_points WHERE kind = 'idea'`)[0]!.points).toBe(1);
  });

  test.each([
    ['above the limit', {idea: 1001}, 'idea', 'outOfRange'],
    ['negative', {date: -1}, 'date', 'outOfRange'],
    ['a fraction', {vort: 1.5}, 'vort', 'invalidNumber'],
    ['text', {couple: '20'}, 'couple', 'invalidNumber'],
    ['missing', {suggestion: undefined}, 'suggestion', 'invalidNumber'],
  ])('%s is refused on its field', async (_, over, field, message) => {
    const refused = await refusal(mutate(admin, 'scores.setPoints', {...DEFAULT_POINTS, ...over} as never));
    expect(refused).toMatchObject({code: 'invalidInput'});
    expect(refused?.issues).toContainEqual({field, message});
    expect(await monthRow(shadchanA, '2026-03')).toMatchObject({points: 46});
  });
});

describe('goals', () => {
  const goal = (who: AuthContext, over: Record<string, unknown> = {}) => ({
    userID: who.userID,
    month: '2026-03',
    suggestions: 4,
    dates: 2,
    ...over,
  });
  type GoalRow = {userID: string; suggestions: number; dates: number; score?: {suggestions: number; dates: number}};

  test('set by whoever edits shadchanim, with progress from the month', async () => {
    await mutate(manager, 'scores.setGoal', goal(shadchanA));
    await mutate(admin, 'scores.setGoal', goal(shadchanB, {suggestions: 1, dates: 0}));
    const seen = await run<GoalRow[]>(queries.scores.goals, {month: '2026-03'}, manager);
    const a = seen.find(g => g.userID === shadchanA.userID)!;
    expect(a).toMatchObject({suggestions: 4, dates: 2, score: {suggestions: 3, dates: 1}});
    expect(seen.find(g => g.userID === shadchanB.userID)).toMatchObject({
      suggestions: 1,
      dates: 0,
      score: {suggestions: 0, dates: 1},
    });
    // A second save changes the goal, it does not add one.
    await mutate(manager, 'scores.setGoal', goal(shadchanA, {dates: 3}));
    expect(await sql`SELECT suggestions, dates, set_by FROM shadchan_goal WHERE user_id = ${shadchanA.userID}`).toEqual([
      {suggestions: 4, dates: 3, set_by: manager.userID},
    ]);
    // The progress follows the activities.
    await activity(shadchanA, 'date', '2026-03-16T10:00:00Z');
    const after = await run<GoalRow[]>(queries.scores.goals, {month: '2026-03', userID: shadchanA.userID}, shadchanA);
    expect(after).toMatchObject([{dates: 3, score: {dates: 2}}]);
  });

  test('a shadchan sees their own goals only; someone else asking gets nothing', async () => {
    await mutate(manager, 'scores.setGoal', goal(shadchanA, {month: '2026-06'}));
    await mutate(manager, 'scores.setGoal', goal(shadchanB, {month: '2026-06'}));
    const own = await run<GoalRow[]>(queries.scores.goals, {month: '2026-06'}, shadchanB);
    expect(own.map(g => g.userID)).toEqual([shadchanB.userID]);
    expect(await run<GoalRow[]>(queries.scores.goals, {month: '2026-06', userID: shadchanA.userID}, shadchanB)).toEqual([]);
    expect(await run<unknown[]>(queries.scores.roster, {}, shadchanB)).toEqual([]);
    expect((await run<{id: string}[]>(queries.scores.roster, {}, manager)).map(u => u.id)).toContain(shadchanA.userID);
  });

  test('without editShadchanim nobody sets or removes a goal, not even their own', async () => {
    for (const [who, name] of [
      [shadchanA, 'scores.setGoal'],
      [editor, 'scores.setGoal'],
      [shadchanA, 'scores.removeGoal'],
    ] as const) {
      const args =
        name === 'scores.setGoal'
          ? goal(shadchanA, {month: '2026-07', suggestions: 99})
          : {userID: shadchanA.userID, month: '2026-06'};
      expect(await refusal(mutate(who, name, args))).toMatchObject({code: 'forbidden'});
    }
    expect(await sql`SELECT id FROM shadchan_goal WHERE id = ${`${shadchanA.userID}:2026-07`}`).toEqual([]);
    expect(await sql`SELECT id FROM shadchan_goal WHERE id = ${`${shadchanA.userID}:2026-06`}`).toHaveLength(1);
  });

  test.each([
    ['a bad month', {month: '2026-13'}, 'month', 'invalidDate'],
    ['no month', {month: ''}, 'month', 'invalidDate'],
    ['too many suggestions', {suggestions: 1001}, 'suggestions', 'outOfRange'],
    ['negative dates', {dates: -2}, 'dates', 'outOfRange'],
    ['dates as text', {dates: '3'}, 'dates', 'invalidNumber'],
    ['no shadchan', {userID: ''}, 'userID', 'required'],
  ])('%s is refused on its field', async (_, over, field, message) => {
    const args = goal(shadchanB, {month: '2026-08', ...over});
    const refused = await refusal(mutate(manager, 'scores.setGoal', args));
    expect(refused).toMatchObject({code: 'invalidInput'});
    expect(refused?.issues).toContainEqual({field, message});
    expect(await sql`SELECT id FROM shadchan_goal WHERE month = '2026-08'`).toEqual([]);
  });

  test('a goal only for a staff member who makes matches', async () => {
    for (const userID of ['u-nosuch', representative.userID]) {
      const refused = await refusal(mutate(manager, 'scores.setGoal', goal(shadchanA, {userID})));
      expect(refused).toMatchObject({code: 'userUnknown'});
      expect(refused?.issues).toContainEqual({field: 'userID', message: 'unknownOption'});
    }
  });

  test('removed by whoever edits shadchanim; removing a missing goal is no error', async () => {
    await mutate(manager, 'scores.setGoal', goal(shadchanB, {month: '2026-09'}));
    await mutate(manager, 'scores.removeGoal', {userID: shadchanB.userID, month: '2026-09'});
    expect(await sql`SELECT id FROM shadchan_goal WHERE month = '2026-09'`).toEqual([]);
    await mutate(manager, 'scores.removeGoal', {userID: shadchanB.userID, month: '2026-09'});
    const refused = await refusal(mutate(manager, 'scores.removeGoal', {userID: shadchanB.userID, month: 'March'}));
    expect(refused?.issues).toContainEqual({field: 'month', message: 'invalidDate'});
  });
});
