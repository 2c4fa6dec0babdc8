import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';
import {staff} from '../support/staff-form.ts';

/** What the staff queries give whom (issue 13, migrations/0046), through the real read rules and Postgres. */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

let admin: AuthContext, manager: AuthContext, viewer: AuthContext;
beforeAll(async () => {
  admin = await makeUser(sql, 'admin');
  manager = await makeUser(sql, 'shadchan', ['addShadchanim', 'editShadchanim']);
  viewer = await makeUser(sql, 'coordinator');
});

describe('staff queries', () => {
  test('the list and the record reach only those who manage staff; search by name, phone and email', async () => {
    const args = staff({email: 'findme@example.com'});
    await mutate(admin, 'staff.create', args);
    const list = (ctx: AuthContext, a: ReadonlyJSONObject) => db.transaction(tx => tx.run(queries.staff.list.fn({args: a, ctx})));
    const one = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.staff.one.fn({args: {id: args.id}, ctx})));
    expect(await one(viewer)).toBeUndefined();
    expect(await list(viewer, {})).toEqual([]);
    expect(await one(manager)).toMatchObject({id: args.id, contact: {email: 'findme@example.com'}});
    for (const search of [args.name.slice(5), 'FINDME@', args.phone, args.phone.slice(1, 7)]) {
      expect((await list(manager, {search})).map(u => u.id)).toContain(args.id);
    }
    expect((await list(manager, {search: args.name, state: 'active'})).map(u => u.id)).not.toContain(args.id);
    expect((await list(manager, {search: args.name, state: 'pending'})).map(u => u.id)).toEqual([args.id]);
  });
});

describe('a staff member’s particulars (migrations/0046)', () => {
  const PICKER_COLUMNS = [
    'approvedAt',
    'blockedFromRole',
    'communityID',
    'createdAt',
    'gender',
    'id',
    'institutionID',
    'name',
    'role',
    'updatedAt',
  ];

  test('pickers carry name, gender and role, never grants, notes, hours, employment or counters', async () => {
    const args = staff({printNotes: 'הערה להדפסה', availableHours: 'ערב', employment: 'external'});
    await mutate(admin, 'staff.create', args);
    await mutate(admin, 'staff.approve', {id: args.id});
    const representative = await makeUser(sql, 'representative');
    const run = (query: 'candidates.staff' | 'chats.people') =>
      db.transaction(tx =>
        tx.run(
          (query === 'candidates.staff' ? queries.candidates.staff : queries.chats.people).fn({
            args: undefined,
            ctx: representative,
          }),
        ),
      );
    for (const query of ['candidates.staff', 'chats.people'] as const) {
      const rows = await run(query);
      const row = rows.find(r => r.id === args.id);
      expect(row, query).toBeDefined();
      expect(Object.keys(row!).sort(), query).toEqual(PICKER_COLUMNS);
    }
  });

  test('the lists’ staff names: every approved user (administrators and blocked ones own cards too), no one waiting; nothing without showTickets', async () => {
    const [waiting, blocked] = [staff(), staff()];
    await mutate(admin, 'staff.create', waiting);
    await mutate(admin, 'staff.create', blocked);
    await mutate(admin, 'staff.approve', {id: blocked.id});
    await mutate(admin, 'staff.block', {id: blocked.id});
    const representative = await makeUser(sql, 'representative');
    const names = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.lookups.staffNames.fn({args: undefined, ctx})));
    const rows = await names(representative);
    const ids = rows.map(r => r.id);
    expect(ids).toEqual(expect.arrayContaining([admin.userID, blocked.id, representative.userID]));
    expect(ids).not.toContain(waiting.id);
    expect(Object.keys(rows.find(r => r.id === admin.userID)!).sort()).toEqual(PICKER_COLUMNS);
    expect(await names({userID: blocked.id, role: 'blocked', permissions: []})).toEqual([]);
  });

  test('the database keeps the copy; the user reads their own, those who manage staff everyone’s', async () => {
    const args = staff();
    await mutate(admin, 'staff.create', args);
    await mutate(manager, 'staff.update', {...args, printNotes: 'רק בבוקר', availableHours: '9-12', employment: 'in_house'});
    await mutate(admin, 'staff.setPermissions', {userID: args.id, permissions: ['viewFiles']});
    const [copy] = await sql`SELECT * FROM staff_detail WHERE user_id = ${args.id}`;
    expect(copy).toMatchObject({
      print_notes: 'רק בבוקר',
      available_hours: '9-12',
      employment: 'in_house',
      permissions: ['viewFiles'],
    });
    const one = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.staff.one.fn({args: {id: args.id}, ctx})));
    expect(await one(manager)).toMatchObject({detail: {printNotes: 'רק בבוקר', permissions: ['viewFiles']}});
    const self: AuthContext = {userID: args.id, role: 'shadchan', permissions: ['showTickets']};
    expect(await db.transaction(tx => tx.run(queries.staff.me.fn({args: undefined, ctx: self})))).toMatchObject({
      detail: {availableHours: '9-12'},
    });
    // Another user's own row: theirs, with theirs.
    expect(await db.transaction(tx => tx.run(queries.staff.me.fn({args: undefined, ctx: viewer})))).toMatchObject({
      id: viewer.userID,
      detail: {userID: viewer.userID},
    });
  });
});
