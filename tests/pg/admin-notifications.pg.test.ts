import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import type {Role} from '../../permissions/roles.ts';
import type {Permission} from '../../permissions/labels.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser, signedIn as signedInAs} from '../support/browser.ts';
import {makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * admin/notifications (spec §2, §4 final login; issue 13) through the real server mutators, queries,
 * API and Postgres: who may write and read, bad input refused with nothing written, the audience and
 * from/until rules of the after-login popup (REST), and each reading recorded once and shown live to
 * the administrator's query.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
let api: Awaited<ReturnType<typeof startTestApi>>;
let admin: AuthContext, granted: AuthContext, shadchan: AuthContext, coordinator: AuthContext;
beforeAll(async () => {
  api = await startTestApi(sql);
  admin = await makeUser(sql, 'admin');
  granted = await makeUser(sql, 'shadchan', ['adminNotifications']);
  shadchan = await makeUser(sql, 'shadchan', ['editTickets', 'usersLog']);
  coordinator = await makeUser(sql, 'coordinator');
});
afterAll(async () => {
  // Retired, so they are not shown in other files' tests (which share the database).
  await sql`UPDATE admin_notification SET active = false WHERE id LIKE 'notif-%'`;
  await api.close();
  await sql.end();
});

const listAs = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.notifications.list.fn({args: undefined, ctx})));
const readsAs = (ctx: AuthContext, id: string) => db.transaction(tx => tx.run(queries.notifications.reads.fn({args: {id}, ctx})));
const stored = async (id: string) => (await sql`SELECT * FROM admin_notification WHERE id = ${id}`)[0];

const notice = (over: Record<string, unknown> = {}) => ({
  id: `notif-${nanoid(8)}`,
  title: 'עדכון',
  body: 'נא לעדכן את שעות הפעילות',
  audience: 'everyone',
  roles: [],
  userIDs: [],
  from: null,
  until: null,
  ...over,
});
const hoursFromNow = (h: number) => Date.now() + h * 3600_000;
const blocked: AuthContext = {userID: 'u-blocked', role: 'blocked', permissions: []};

describe('who may write and read', () => {
  test.each([
    ['a shadchan with other permissions', () => shadchan, 'forbidden'],
    ['a coordinator', () => coordinator, 'forbidden'],
    ['a blocked user', () => blocked, 'notLoggedIn'],
  ])('%s writes nothing and reads nothing', async (_, who, code) => {
    const ctx = who();
    const existing = notice();
    await mutate(admin, 'notifications.create', existing);
    const before = await stored(existing.id);

    const n = notice();
    await expect(mutate(ctx, 'notifications.create', n)).rejects.toMatchObject({details: {code}});
    expect(await stored(n.id)).toBeUndefined();
    await expect(mutate(ctx, 'notifications.update', {...existing, title: 'שונה'})).rejects.toMatchObject({details: {code}});
    await expect(mutate(ctx, 'notifications.setActive', {id: existing.id, active: false})).rejects.toMatchObject({
      details: {code},
    });
    expect(await stored(existing.id)).toEqual(before);

    expect(await listAs(ctx)).toEqual([]);
    expect(await readsAs(ctx, existing.id)).toEqual([]);
    expect((await listAs(granted)).map(r => r.id)).toContain(existing.id);
  });
});

describe('writing', () => {
  test.each([
    ['no title', {title: '  '}, 'title', 'required'],
    ['no text', {body: ''}, 'body', 'required'],
    ['a title too long', {title: 'א'.repeat(201)}, 'title', 'tooLong'],
    ['an unknown audience', {audience: 'friends'}, 'audience', 'invalidInput'],
    ['roles chosen but none given', {audience: 'roles'}, 'roles', 'chooseRoles'],
    ['an unknown role', {audience: 'roles', roles: ['king']}, 'roles.0', 'invalidInput'],
    ['the blocked role', {audience: 'roles', roles: ['blocked']}, 'roles.0', 'invalidInput'],
    ['users chosen but none given', {audience: 'users'}, 'userIDs', 'chooseUsers'],
    ['until before from', {from: hoursFromNow(2), until: hoursFromNow(1)}, 'until', 'untilBeforeFrom'],
    ['a date that is not one', {from: '31-12-2026'}, 'from', 'invalidDate'],
    ['a moment past any calendar', {until: 1e17}, 'until', 'invalidDate'],
  ])('%s is refused near its field; nothing written, nothing changed', async (_, over, field, message) => {
    const n = notice(over);
    const refusal = {details: {code: 'invalidInput', issues: expect.arrayContaining([{field, message}])}};
    await expect(mutate(granted, 'notifications.create', n)).rejects.toMatchObject(refusal);
    expect(await stored(n.id)).toBeUndefined();

    const existing = notice();
    await mutate(granted, 'notifications.create', existing);
    const before = await stored(existing.id);
    await expect(mutate(granted, 'notifications.update', {...existing, ...over})).rejects.toMatchObject(refusal);
    expect(await stored(existing.id)).toEqual(before);
  });

  test('a user who does not exist cannot be chosen; nothing written, nothing changed', async () => {
    const n = notice({audience: 'users', userIDs: [shadchan.userID, 'no-such-user']});
    const refusal = {details: {code: 'userUnknown', issues: [{field: 'userIDs', message: 'unknownOption'}]}};
    await expect(mutate(granted, 'notifications.create', n)).rejects.toMatchObject(refusal);
    expect(await stored(n.id)).toBeUndefined();
    const existing = notice({audience: 'users', userIDs: [shadchan.userID]});
    await mutate(granted, 'notifications.create', existing);
    const before = await stored(existing.id);
    await expect(mutate(granted, 'notifications.update', {...n, id: existing.id})).rejects.toMatchObject(refusal);
    expect(await stored(existing.id)).toEqual(before);
  });

  test('a named user gone since stays on the notice, so its text can still be edited, but cannot be named again', async () => {
    const gone = await makeUser(sql, 'shadchan');
    const n = notice({audience: 'users', userIDs: [shadchan.userID, gone.userID]});
    await mutate(granted, 'notifications.create', n);
    await sql`DELETE FROM app_user WHERE id = ${gone.userID}`;
    await mutate(granted, 'notifications.update', {...n, title: 'עדכון מתוקן'});
    expect(await stored(n.id)).toMatchObject({title: 'עדכון מתוקן', user_ids: [shadchan.userID, gone.userID]});
    await mutate(granted, 'notifications.update', {...n, userIDs: [shadchan.userID]});
    await expect(mutate(granted, 'notifications.update', n)).rejects.toMatchObject({details: {code: 'userUnknown'}});
    expect(await stored(n.id)).toMatchObject({user_ids: [shadchan.userID]});
  });

  test('retiring takes a yes or a no, of a notice that exists; nothing changed otherwise', async () => {
    const n = notice();
    await mutate(granted, 'notifications.create', n);
    const before = await stored(n.id);
    await expect(mutate(granted, 'notifications.setActive', {id: n.id, active: 'no'})).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [{field: 'active', message: 'invalidInput'}]},
    });
    expect(await stored(n.id)).toEqual(before);
    await expect(mutate(granted, 'notifications.setActive', {id: 'no-such-notice', active: false})).rejects.toMatchObject({
      details: {code: 'notFound'},
    });
    await expect(mutate(granted, 'notifications.update', notice({id: 'no-such-notice'}))).rejects.toMatchObject({
      details: {code: 'notFound'},
    });
    expect(await stored('no-such-notice')).toBeUndefined();
    // A new notice cannot take an existing one's id (and so overwrite it).
    await expect(mutate(granted, 'notifications.create', {...n, title: 'אחר'})).rejects.toMatchObject({
      details: {code: 'unableToSave'},
    });
    expect(await stored(n.id)).toEqual(before);
  });

  test('a granted shadchan writes, edits and retires a notice; the list shows each step', async () => {
    const from = hoursFromNow(-1);
    const until = hoursFromNow(24);
    // Chosen roles are kept only for a roles audience, each once.
    const n = notice({
      audience: 'roles',
      roles: ['coordinator', 'shadchan', 'coordinator'],
      userIDs: [shadchan.userID],
      from,
      until,
    });
    await mutate(granted, 'notifications.create', n);
    expect(await stored(n.id)).toMatchObject({
      title: 'עדכון',
      audience: 'roles',
      roles: ['coordinator', 'shadchan'],
      user_ids: [],
      shown_from: new Date(from),
      shown_until: new Date(until),
      active: true,
      created_by: granted.userID,
    });
    const listed = async () => (await listAs(admin)).find(r => r.id === n.id);
    expect(await listed()).toMatchObject({
      title: 'עדכון',
      roles: ['coordinator', 'shadchan'],
      userIDs: [],
      shownFrom: from,
      shownUntil: until,
      active: true,
      reads: [],
    });

    await mutate(admin, 'notifications.update', {
      ...n,
      title: '  עדכון חדש ',
      audience: 'users',
      userIDs: [shadchan.userID],
      until: null,
    });
    expect(await stored(n.id)).toMatchObject({
      title: 'עדכון חדש',
      audience: 'users',
      roles: [],
      user_ids: [shadchan.userID],
      shown_until: null,
      created_by: granted.userID,
    });
    expect(await listed()).toMatchObject({title: 'עדכון חדש', userIDs: [shadchan.userID], shownUntil: null});

    await mutate(granted, 'notifications.setActive', {id: n.id, active: false});
    expect(await listed()).toMatchObject({active: false});
    await mutate(granted, 'notifications.setActive', {id: n.id, active: true});
    expect(await listed()).toMatchObject({active: true});
  });
});

describe('the popup after sign-in', () => {
  async function signedIn(role: Role, grants: Permission[] = []) {
    const user = await makeUser(sql, role, grants);
    return {user, b: await signedInAs(api.app, user.userID)};
  }
  /** The notices of this file the popup would show (other files' tests may add their own meanwhile). */
  const shownTo = async (b: ReturnType<typeof browser>) =>
    ((await b.get('/api/users/admin-notifications')).body as Array<{id: string}>)
      .map(n => n.id)
      .filter(id => id.startsWith('notif-'));

  test('shows a notice only to its audience, only between from and until, and once; each reading reaches the query', async () => {
    const reader = await signedIn('shadchan');
    const other = await signedIn('coordinator');
    const everyone = notice();
    const coordinators = notice({audience: 'roles', roles: ['coordinator']});
    const chosen = notice({audience: 'users', userIDs: [reader.user.userID]});
    const later = notice({from: hoursFromNow(1)});
    const over = notice({from: hoursFromNow(-3), until: hoursFromNow(-1)});
    const now = notice({from: hoursFromNow(-1), until: hoursFromNow(1)});
    const retired = notice();
    // Retire this file's earlier notices, so the popup shows only these.
    await sql`UPDATE admin_notification SET active = false WHERE id LIKE 'notif-%'`;
    for (const n of [everyone, coordinators, chosen, later, over, now, retired]) await mutate(admin, 'notifications.create', n);
    await mutate(admin, 'notifications.setActive', {id: retired.id, active: false});
    expect(await shownTo(reader.b)).toEqual([everyone.id, chosen.id, now.id]);
    expect(await shownTo(other.b)).toEqual([everyone.id, coordinators.id, now.id]);

    // A notice not addressed to the user cannot be marked read by them.
    for (const n of [chosen, later, retired]) {
      expect((await other.b.post(`/api/users/admin-notifications/${n.id}/read`, {})).status).toBe(404);
    }
    expect(await sql`SELECT 1 FROM admin_notification_read WHERE notification_id IN (${chosen.id}, ${later.id})`).toEqual([]);

    expect((await reader.b.post(`/api/users/admin-notifications/${everyone.id}/read`, {})).status).toBe(200);
    expect(await shownTo(reader.b)).toEqual([chosen.id, now.id]);
    expect((await reader.b.post(`/api/users/admin-notifications/${everyone.id}/read`, {})).status).toBe(404);
    expect(await shownTo(other.b)).toContain(everyone.id);

    // The administrator's queries see the reading: who, when, and the count.
    const reads = await readsAs(granted, everyone.id);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({userID: reader.user.userID, reader: {name: `בודק ${reader.user.userID}`}});
    expect(Date.now() - reads[0]!.readAt).toBeLessThan(60_000);
    expect((await listAs(admin)).find(r => r.id === everyone.id)?.reads).toHaveLength(1);

    expect((await other.b.post(`/api/users/admin-notifications/${everyone.id}/read`, {})).status).toBe(200);
    expect((await readsAs(admin, everyone.id)).map(r => r.userID)).toEqual([reader.user.userID, other.user.userID]);
    expect(await readsAs(shadchan, everyone.id)).toEqual([]);
  });
});
