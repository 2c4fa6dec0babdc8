import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeUser, randomMobile} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * Every administration mutator of issue 13, refused two ways through the real server mutators: by a user
 * without the permission, and with bad input (by field). Either way the rows it would touch are exactly
 * as they were. The features' own files test what each one does when allowed.
 */
const sql = connect(inject('databaseURL'));
const {mutate} = serverSide(sql);
afterAll(() => sql.end());

const tag = nanoid(6);
const ids = {
  staff: `u-${tag}`,
  institution: `i-${tag}`,
  sector: `s-${tag}`,
  community: `c-${tag}`,
  representative: `r-${tag}`,
  link: `${tag}${nanoid(18)}`,
  linkID: `l-${nanoid(8)}`,
  notice: `n-notice-${tag}`,
};
const fresh = `n-${tag}`;

let admin: AuthContext, outsider: AuthContext;
beforeAll(async () => {
  admin = await makeUser(sql, 'admin');
  // Edits cards, manages nothing.
  outsider = await makeUser(sql, 'shadchan', ['editTickets']);
  await mutate(admin, 'staff.create', staffArgs(ids.staff));
  await mutate(admin, 'institutions.create', {id: ids.institution, name: `סמינר ${tag}`, type: 'seminary', variations: []});
  await mutate(admin, 'sectors.create', {id: ids.sector, labels: {he: `מגזר ${tag}`}});
  await mutate(admin, 'communities.create', {id: ids.community, name: `קהילת ${tag}`});
  await mutate(admin, 'representatives.create', repArgs(ids.representative));
  await mutate(admin, 'registrationLinks.create', {id: ids.linkID, token: ids.link, communityID: ids.community, expiresAt: null});
  await mutate(admin, 'notifications.create', noticeArgs(ids.notice));
  // Retired at once: other files' tests sign in and must not be greeted by it.
  await mutate(admin, 'notifications.setActive', {id: ids.notice, active: false});
});

function staffArgs(id: string, over: Record<string, unknown> = {}) {
  return {
    id,
    name: `שדכן ${id}`,
    phone: randomMobile(),
    landline: '',
    gender: 'male',
    role: 'shadchan',
    email: '',
    employment: 'in_house',
    printNotes: '',
    availableHours: '',
    ...over,
  };
}
function repArgs(id: string, over: Record<string, unknown> = {}) {
  return {
    id,
    name: `נציג ${id}`,
    role: 'seminary',
    gender: '',
    email: '',
    phone: '',
    formCoordinator: '',
    inquiryContact: '',
    phoneHours: '',
    placeID: ids.institution,
    ...over,
  };
}

function noticeArgs(id: string, over: Record<string, unknown> = {}) {
  return {id, title: `הודעה ${id}`, body: 'תוכן', audience: 'everyone', roles: [], userIDs: [], from: null, until: null, ...over};
}

/** The rows a mutator would write, as they are now. */
const rows = (table: string, column: string, value: string) => sql`SELECT * FROM ${sql(table)} WHERE ${sql(column)} = ${value}`;
const probes = {
  staff: () => Promise.all([rows('app_user', 'id', ids.staff), rows('app_user', 'id', fresh)]),
  institution: () => Promise.all([rows('institution', 'id', ids.institution), rows('institution', 'id', fresh)]),
  sector: () => sql`SELECT id, labels, sort, retired_at FROM sector ORDER BY id`,
  community: () => sql`SELECT id, name, sort, retired_at FROM community ORDER BY id`,
  representative: () => Promise.all([rows('representative', 'id', ids.representative), rows('representative', 'id', fresh)]),
  link: () => sql`SELECT * FROM registration_link WHERE community_id = ${ids.community} ORDER BY token`,
  site: () => sql`SELECT * FROM site_setting`,
  notice: () => Promise.all([rows('admin_notification', 'id', ids.notice), rows('admin_notification', 'id', fresh)]),
};

type Case = [
  name: string,
  probe: keyof typeof probes,
  args: () => ReadonlyJSONObject,
  bad: () => ReadonlyJSONObject,
  field: string,
];
const CASES: Case[] = [
  ['staff.create', 'staff', () => staffArgs(fresh), () => staffArgs(fresh, {phone: '12'}), 'phone'],
  ['staff.update', 'staff', () => staffArgs(ids.staff, {name: 'אחר'}), () => staffArgs(ids.staff, {gender: 'x'}), 'gender'],
  ['staff.approve', 'staff', () => ({id: ids.staff}), () => ({id: ''}), 'id'],
  ['staff.block', 'staff', () => ({id: ids.staff}), () => ({id: 7}), 'id'],
  ['staff.unblock', 'staff', () => ({id: ids.staff}), () => ({}), 'id'],
  [
    'staff.setPermissions',
    'staff',
    () => ({userID: ids.staff, permissions: ['editTickets']}),
    () => ({userID: ids.staff, permissions: ['flyPlanes']}),
    'permissions.0',
  ],
  [
    'institutions.create',
    'institution',
    () => ({id: fresh, name: 'ישיבה', type: 'yeshiva', variations: []}),
    () => ({id: fresh, name: ' ', type: 'yeshiva', variations: []}),
    'name',
  ],
  [
    'institutions.update',
    'institution',
    () => ({id: ids.institution, name: 'אחר', type: 'seminary', variations: []}),
    () => ({id: ids.institution, name: 'אחר', type: 'kollel', variations: []}),
    'type',
  ],
  [
    'institutions.retire',
    'institution',
    () => ({id: ids.institution, retired: true}),
    () => ({id: ids.institution, retired: 'yes'}),
    'retired',
  ],
  ['sectors.create', 'sector', () => ({id: fresh, labels: {he: 'חדש'}}), () => ({id: fresh, labels: {he: ''}}), 'labels.he'],
  [
    'sectors.rename',
    'sector',
    () => ({id: ids.sector, labels: {he: 'אחר'}}),
    () => ({id: ids.sector, labels: {he: 'א'.repeat(61)}}),
    'labels.he',
  ],
  ['sectors.reorder', 'sector', () => ({ids: [ids.sector]}), () => ({ids: []}), 'ids'],
  ['sectors.retire', 'sector', () => ({id: ids.sector, retired: true}), () => ({id: ids.sector}), 'retired'],
  ['communities.create', 'community', () => ({id: fresh, name: 'חדשה'}), () => ({id: fresh, name: ''}), 'name'],
  [
    'communities.rename',
    'community',
    () => ({id: ids.community, name: 'אחרת'}),
    () => ({id: ids.community, name: 'א'.repeat(81)}),
    'name',
  ],
  ['communities.reorder', 'community', () => ({ids: [ids.community]}), () => ({ids: 'all'}), 'ids'],
  [
    'communities.retire',
    'community',
    () => ({id: ids.community, retired: true}),
    () => ({id: ids.community, retired: 1}),
    'retired',
  ],
  ['representatives.create', 'representative', () => repArgs(fresh), () => repArgs(fresh, {email: 'not-an-email'}), 'email'],
  [
    'representatives.update',
    'representative',
    () => repArgs(ids.representative, {name: 'אחר'}),
    () => repArgs(ids.representative, {placeID: ''}),
    'placeID',
  ],
  [
    'representatives.retire',
    'representative',
    () => ({id: ids.representative, retired: true}),
    () => ({id: ids.representative, retired: null}),
    'retired',
  ],
  [
    'registrationLinks.create',
    'link',
    () => ({id: `l-${nanoid(8)}`, token: nanoid(24), communityID: ids.community, expiresAt: null}),
    () => ({id: `l-${nanoid(8)}`, token: nanoid(24), communityID: ids.community, expiresAt: 'tomorrow'}),
    'expiresAt',
  ],
  ['registrationLinks.revoke', 'link', () => ({id: ids.linkID}), () => ({id: ''}), 'id'],
  ['site.update', 'site', () => ({defaultLanguage: 'en'}), () => ({defaultLanguage: 'fr'}), 'defaultLanguage'],
  ['notifications.create', 'notice', () => noticeArgs(fresh), () => noticeArgs(fresh, {audience: 'roles'}), 'roles'],
  [
    'notifications.update',
    'notice',
    () => noticeArgs(ids.notice, {title: 'אחרת'}),
    () => noticeArgs(ids.notice, {until: 'tomorrow'}),
    'until',
  ],
  [
    'notifications.setActive',
    'notice',
    () => ({id: ids.notice, active: true}),
    () => ({id: ids.notice, active: 'yes'}),
    'active',
  ],
];

describe('administration mutators refuse, and write nothing', () => {
  test.each(CASES)('%s without the permission', async (name, probe, args) => {
    const before = await probes[probe]();
    await expect(mutate(outsider, name, args())).rejects.toMatchObject({details: {code: 'forbidden'}});
    expect(await probes[probe]()).toEqual(before);
  });

  test.each(CASES)('%s with bad input, by field', async (name, probe, _, bad, field) => {
    const before = await probes[probe]();
    await expect(mutate(admin, name, bad())).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: expect.arrayContaining([expect.objectContaining({field})])},
    });
    expect(await probes[probe]()).toEqual(before);
  });
});
