import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import {schema} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';

/** The dashboard's queries (issue 12, "my day") against Postgres: only my activities, hidden cards as null. */
const sql = connect(inject('databaseURL'));
const db = zeroPostgresJS(schema, sql);
afterAll(() => sql.end());

const HOUR = 3_600_000;
const now = Date.now();

async function activity(
  createdBy: string,
  over: {
    type?: string;
    status?: string;
    male?: string | null;
    female?: string | null;
    reminderAt?: number | null;
    at?: number;
  } = {},
) {
  const id = `a-${nanoid(8)}`;
  const at = new Date(over.at ?? now);
  await sql`INSERT INTO activity (id, type, status, title, male_profile_id, female_profile_id, reminder_at, created_by, created_at, updated_at)
            VALUES (${id}, ${over.type ?? 'idea'}, ${over.status ?? 'in_progress'}, ${'לוח ' + id}, ${over.male ?? null},
                    ${over.female ?? null}, ${over.reminderAt == null ? null : new Date(over.reminderAt)}, ${createdBy}, ${at}, ${at})`;
  return id;
}

let alice: AuthContext, bob: AuthContext, admin: AuthContext;
let man: string, woman: string;
beforeAll(async () => {
  alice = await makeUser(sql, 'shadchan', ['editTickets', 'showTickets']);
  bob = await makeUser(sql, 'shadchan', ['editTickets', 'showTickets']);
  admin = await makeUser(sql, 'admin');
  man = await makeProfile(sql, bob.userID, 'general', 'לוח', 'אהרן');
  woman = await makeProfile(sql, bob.userID, 'general', 'לוח', 'מרים');
  await sql`UPDATE profile SET gender = 'female' WHERE id = ${woman}`;
});

const ids = (rows: ReadonlyArray<{id: string}>) => rows.map(r => r.id);

describe('dashboard queries', () => {
  test('due reminders: only mine, open, due by the end of today, soonest first; a card I may no longer see comes as null', async () => {
    const endOfToday = new Date(now).setHours(23, 59, 59, 999);
    const overdue = await activity(alice.userID, {male: man, female: woman, reminderAt: now - 30 * HOUR});
    const today = await activity(alice.userID, {male: man, reminderAt: endOfToday - 1000});
    const tomorrow = await activity(alice.userID, {male: man, reminderAt: endOfToday + 2 * HOUR});
    const done = await activity(alice.userID, {male: man, status: 'done', reminderAt: now - HOUR});
    const none = await activity(alice.userID, {male: man});
    const bobs = await activity(bob.userID, {male: man, reminderAt: now - HOUR});

    const q = (ctx: AuthContext) =>
      db.transaction(tx => tx.run(queries.dashboard.dueReminders.fn({args: {until: endOfToday}, ctx})));
    const alices = await q(alice);
    expect(ids(alices)).toEqual([overdue, today]);
    for (const other of [tomorrow, done, none, bobs]) expect(ids(alices)).not.toContain(other);
    // Even the administrator, who sees every activity, gets only their own on their day.
    expect(ids(await q(admin))).not.toContain(overdue);
    expect(ids(await q(bob))).toContain(bobs);
    expect(alices[0]).toMatchObject({maleProfile: {id: man}, femaleProfile: {id: woman}});

    // Bob takes the woman's card into his personal database: Alice still has her activity, not the name.
    await sql`UPDATE profile SET database = 'personal' WHERE id = ${woman}`;
    try {
      const [first] = await q(alice);
      expect(first).toMatchObject({id: overdue, maleProfile: {id: man}});
      expect(first?.femaleProfile ?? null).toBeNull();
    } finally {
      await sql`UPDATE profile SET database = 'general' WHERE id = ${woman}`;
    }
  });

  test('open activities of a stage: only mine and in progress, of that stage; hidden sides are null', async () => {
    const mine = await activity(alice.userID, {type: 'date', male: man, female: woman});
    const closed = await activity(alice.userID, {type: 'date', male: man, status: 'irrelevant'});
    const otherStage = await activity(alice.userID, {type: 'vort', male: man});
    const bobs = await activity(bob.userID, {type: 'date', male: man});
    const q = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.dashboard.openOfStage.fn({args: {type: 'date'}, ctx})));
    const alices = ids(await q(alice));
    expect(alices).toContain(mine);
    for (const other of [closed, otherStage, bobs]) expect(alices).not.toContain(other);
    expect(ids(await q(bob))).toEqual([bobs]);

    await sql`UPDATE profile SET database = 'personal' WHERE id = ${man}`;
    try {
      const row = (await q(alice)).find(r => r.id === mine);
      expect(row?.maleProfile ?? null).toBeNull();
      expect(row?.femaleProfile?.id).toBe(woman);
    } finally {
      await sql`UPDATE profile SET database = 'general' WHERE id = ${man}`;
    }
  });

  test('my month: mine created since the month began, and mine completed since; nothing older, nobody else’s', async () => {
    const since = now - 10 * 24 * HOUR;
    const carol = await makeUser(sql, 'shadchan', ['editTickets']);
    const fresh = await activity(carol.userID, {type: 'suggestion', male: man, at: now - HOUR});
    const old = await activity(carol.userID, {type: 'idea', male: man, at: since - 24 * HOUR});
    const oldDone = await activity(carol.userID, {type: 'date', male: man, status: 'done', at: since - 24 * HOUR});
    await sql`UPDATE activity SET updated_at = ${new Date(now - 2 * HOUR)} WHERE id = ${oldDone}`;
    const others = await activity(bob.userID, {type: 'suggestion', male: man, at: now - HOUR});
    const rows = await db.transaction(tx => tx.run(queries.dashboard.myMonth.fn({args: {since}, ctx: carol})));
    expect(ids(rows).sort()).toEqual([fresh, oldDone].sort());
    expect(ids(rows)).not.toContain(old);
    expect(ids(rows)).not.toContain(others);
    // Without a session, nothing.
    expect(
      await db.transaction(tx => tx.run(queries.dashboard.myMonth.fn({args: {since}, ctx: undefined as unknown as AuthContext}))),
    ).toEqual([]);
  });
});
