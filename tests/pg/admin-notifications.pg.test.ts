import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import type {Role} from '../../permissions/roles.ts';
import type {Permission} from '../../permissions/labels.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser} from '../support/browser.ts';
import {makeUser} from '../support/fixtures.ts';

/**
 * admin/notifications (spec §2, §4 final login) through the real API and Postgres: who may write,
 * bad input refused with nothing written, the audience and from/until rules of the after-login popup,
 * each reading recorded once and shown to the administrator.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi(sql);
});
afterAll(async () => {
  // Retired, so they are not shown in other files' tests (which share the database).
  await sql`UPDATE admin_notification SET active = false WHERE id LIKE 'agree-n-%'`;
  await api.close();
  await sql.end();
});

async function signedIn(role: Role, grants: Permission[] = []) {
  const user = await makeUser(sql, role, grants);
  const b = browser(api.app);
  expect((await b.post('/api/dev/sign-in', {userID: user.userID})).status).toBe(200);
  return {user, b};
}

const notice = (over: Record<string, unknown> = {}) => ({
  id: `agree-n-${nanoid(8)}`,
  title: 'עדכון',
  body: 'נא לעדכן את שעות הפעילות',
  audience: 'everyone',
  roles: [],
  userIDs: [],
  from: null,
  until: null,
  ...over,
});

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
/** The notices of this file the popup would show (other files' tests may add their own meanwhile). */
const shownTo = async (b: ReturnType<typeof browser>) =>
  ((await b.get('/api/users/admin-notifications')).body as Array<{id: string}>)
    .map(n => n.id)
    .filter(id => id.startsWith('agree-n-'));

describe('writing', () => {
  test('without the permission, or signed out, nothing is read or written', async () => {
    const {b} = await signedIn('shadchan');
    const n = notice();
    expect(await b.post('/api/admin/notifications', n)).toMatchObject({status: 403, body: {error: 'forbidden'}});
    expect((await b.get('/api/admin/notifications')).status).toBe(403);
    expect((await b.get(`/api/admin/notifications/${n.id}/reads`)).status).toBe(403);
    expect((await browser(api.app).post('/api/admin/notifications', n)).status).toBe(401);
    expect(await sql`SELECT id FROM admin_notification WHERE id = ${n.id}`).toEqual([]);
  });

  test.each([
    ['no title', {title: '  '}, 'title'],
    ['no text', {body: ''}, 'body'],
    ['a title too long', {title: 'א'.repeat(201)}, 'title'],
    ['an unknown audience', {audience: 'friends'}, 'audience'],
    ['roles chosen but none given', {audience: 'roles'}, 'roles'],
    ['an unknown role', {audience: 'roles', roles: ['king']}, 'roles.0'],
    ['users chosen but none given', {audience: 'users'}, 'userIDs'],
    ['an unknown user', {audience: 'users', userIDs: ['no-such-user']}, 'userIDs'],
    ['until before from', {from: hoursFromNow(2), until: hoursFromNow(1)}, 'until'],
    ['a date that is not one', {from: '31-12-2026'}, 'from'],
  ])('%s is refused near its field, nothing written', async (_, over, field) => {
    const {b} = await signedIn('shadchan', ['adminNotifications']);
    const n = notice(over);
    const res = await b.post('/api/admin/notifications', n);
    expect(res).toMatchObject({status: 400, body: {error: 'invalidInput'}});
    expect(res.body.issues.map((i: {field: string}) => i.field)).toContain(field);
    expect(await sql`SELECT id FROM admin_notification WHERE id = ${n.id}`).toEqual([]);
  });

  test('a granted shadchan writes, edits and retires a notice; it is listed with its reads', async () => {
    const {b, user} = await signedIn('shadchan', ['adminNotifications']);
    const n = notice();
    expect((await b.post('/api/admin/notifications', n)).status).toBe(200);
    expect((await b.post('/api/admin/notifications', {...n, title: 'עדכון חדש'})).status).toBe(200);
    const listed = (await b.get('/api/admin/notifications')).body.find((r: {id: string}) => r.id === n.id);
    expect(listed).toMatchObject({title: 'עדכון חדש', audience: 'everyone', active: true, readCount: 0});
    const [row] = await sql`SELECT created_by FROM admin_notification WHERE id = ${n.id}`;
    expect(row).toEqual({created_by: user.userID});
    expect((await b.post(`/api/admin/notifications/${n.id}/active`, {active: false})).status).toBe(200);
    expect(await shownTo(b)).not.toContain(n.id);
    expect((await b.post('/api/admin/notifications/no-such/active', {active: false})).status).toBe(404);
  });
});

describe('the popup after sign-in', () => {
  test('shows a notice only to its audience, only between from and until, and once: each reading is recorded', async () => {
    const admin = await signedIn('admin');
    const shadchan = await signedIn('shadchan');
    const coordinator = await signedIn('coordinator');
    const everyone = notice();
    const coordinators = notice({audience: 'roles', roles: ['coordinator']});
    const chosen = notice({audience: 'users', userIDs: [shadchan.user.userID]});
    const later = notice({from: hoursFromNow(1)});
    const over = notice({from: hoursFromNow(-3), until: hoursFromNow(-1)});
    const now = notice({from: hoursFromNow(-1), until: hoursFromNow(1)});
    // Retire this file's earlier notices, so the popup shows only these.
    await sql`UPDATE admin_notification SET active = false WHERE id LIKE 'agree-n-%'`;
    for (const n of [everyone, coordinators, chosen, later, over, now]) {
      expect((await admin.b.post('/api/admin/notifications', n)).status).toBe(200);
    }
    expect(await shownTo(shadchan.b)).toEqual([everyone.id, chosen.id, now.id]);
    expect(await shownTo(coordinator.b)).toEqual([everyone.id, coordinators.id, now.id]);

    // A notice not addressed to the user cannot be marked read by them.
    expect((await coordinator.b.post(`/api/users/admin-notifications/${chosen.id}/read`, {})).status).toBe(404);
    expect((await coordinator.b.post(`/api/users/admin-notifications/${later.id}/read`, {})).status).toBe(404);
    expect(await sql`SELECT 1 FROM admin_notification_read WHERE notification_id IN (${chosen.id}, ${later.id})`).toEqual([]);

    expect((await shadchan.b.post(`/api/users/admin-notifications/${everyone.id}/read`, {})).status).toBe(200);
    expect(await shownTo(shadchan.b)).toEqual([chosen.id, now.id]);
    expect((await shadchan.b.post(`/api/users/admin-notifications/${everyone.id}/read`, {})).status).toBe(404);
    expect(await shownTo(coordinator.b)).toContain(everyone.id);

    const reads = (await admin.b.get(`/api/admin/notifications/${everyone.id}/reads`)).body;
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({userID: shadchan.user.userID});
    expect(Date.now() - Date.parse(reads[0].readAt)).toBeLessThan(60_000);
    const listed = (await admin.b.get('/api/admin/notifications')).body.find((r: {id: string}) => r.id === everyone.id);
    expect(listed.readCount).toBe(1);
  });
});
