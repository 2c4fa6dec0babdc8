import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser} from '../support/browser.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {effectivePermissions} from '../../permissions/roles.ts';
import {visibleProfilesSql} from '../../permissions/profiles-sql.ts';
import {serverSide} from '../support/server-side.ts';
import {mobile, nameTag, staff} from '../support/staff-form.ts';

/** Shadchanim (issue 13) through the real server mutators, read rule, API and Postgres. */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
let api: Awaited<ReturnType<typeof startTestApi>>;
afterAll(async () => {
  await api.close();
  await sql.end();
});

const rowOf = async (id: string) => (await sql`SELECT * FROM app_user WHERE id = ${id}`)[0];
const contactOf = async (id: string) => (await sql`SELECT * FROM staff_contact WHERE user_id = ${id}`)[0];

let admin: AuthContext, manager: AuthContext, viewer: AuthContext;
const community = `c-${nanoid(6)}`;
const seminary = `i-${nanoid(6)}`;
const retired = `c-${nanoid(6)}`;
beforeAll(async () => {
  api = await startTestApi(sql);
  admin = await makeUser(sql, 'admin');
  manager = await makeUser(sql, 'shadchan', ['addShadchanim', 'editShadchanim']);
  viewer = await makeUser(sql, 'coordinator');
  await sql`INSERT INTO community (id, name) VALUES (${community}, ${'קהילה ' + community})`;
  await sql`INSERT INTO community (id, name, retired_at) VALUES (${retired}, ${'קהילה ' + retired}, now())`;
  await sql`INSERT INTO institution (id, name, type) VALUES (${seminary}, ${'סמינר ' + seminary}, 'seminary')`;
});

describe('staff.create', () => {
  test('stores every field, the numbers in E.164, pending; the contact copy follows', async () => {
    const args = staff({
      name: '  רבקה   לוין ',
      landline: '02-6251111',
      email: ' Rivka@Example.COM ',
      printNotes: 'בבקשה להתקשר בערב',
      availableHours: 'א–ה 18:00–21:00',
    });
    await mutate(manager, 'staff.create', args);
    expect(await rowOf(args.id)).toMatchObject({
      name: 'רבקה   לוין',
      phone: `+97250${args.phone.slice(4)}`,
      landline: '+97226251111',
      email: 'rivka@example.com',
      employment: 'external',
      print_notes: 'בבקשה להתקשר בערב',
      available_hours: 'א–ה 18:00–21:00',
      role: 'shadchan',
      approved_at: null,
      score: 0,
      password_hash: null,
    });
    expect(await contactOf(args.id)).toMatchObject({landline: '+97226251111', email: 'rivka@example.com'});
  });

  test.each([
    ['no name', {name: '  '}, 'name', 'required'],
    ['no mobile', {phone: ''}, 'phone', 'required'],
    ['a bad mobile', {phone: '12'}, 'phone', 'invalidPhone'],
    ['a bad landline', {landline: '99'}, 'landline', 'invalidPhone'],
    ['no gender', {gender: ''}, 'gender', 'required'],
    ['an unknown role', {role: 'blocked'}, 'role', 'required'],
    ['a bad email', {email: 'not-an-email'}, 'email', 'invalidEmail'],
    ['too long notes', {printNotes: 'x'.repeat(2001)}, 'printNotes', 'tooLong'],
  ])('%s is refused with a field issue, and nothing is written', async (_, over, field, message) => {
    const args = staff(over);
    await expect(mutate(admin, 'staff.create', args)).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [expect.objectContaining({field, message})]},
    });
    expect(await rowOf(args.id)).toBeUndefined();
  });

  test('without addShadchanim, or an administrator made by a non-administrator, nothing is written', async () => {
    const byViewer = staff();
    await expect(mutate(viewer, 'staff.create', byViewer)).rejects.toMatchObject({details: {code: 'forbidden'}});
    const anAdmin = staff({role: 'admin'});
    await expect(mutate(manager, 'staff.create', anAdmin)).rejects.toMatchObject({
      details: {code: 'forbidden', issues: [{field: 'role', message: 'roleForbidden'}]},
    });
    for (const args of [byViewer, anAdmin]) expect(await rowOf(args.id)).toBeUndefined();
    const byAdmin = staff({role: 'admin'});
    await mutate(admin, 'staff.create', byAdmin);
    expect(await rowOf(byAdmin.id)).toMatchObject({role: 'admin'});
  });

  test('a name (folded: spaces, final letters, niqqud) or a mobile another user has is refused by field', async () => {
    const first = staff({name: 'שמואל כהן-לוי'});
    await mutate(admin, 'staff.create', first);
    const sameName = staff({name: ' שְׁמוּאֵל  כהן לוי '});
    await expect(mutate(admin, 'staff.create', sameName)).rejects.toMatchObject({
      details: {code: 'shadchanNameExists', issues: [{field: 'name', message: 'shadchanNameExists'}]},
    });
    const samePhone = staff({phone: first.phone});
    await expect(mutate(admin, 'staff.create', samePhone)).rejects.toMatchObject({
      details: {code: 'shadchanPhoneExists', issues: [{field: 'phone', message: 'shadchanPhoneExists'}]},
    });
    for (const args of [sameName, samePhone]) expect(await rowOf(args.id)).toBeUndefined();
  });
});

describe('staff.update', () => {
  test('saves every field; duplicates of others are refused, the user’s own values are not', async () => {
    const args = staff();
    const other = staff();
    await mutate(admin, 'staff.create', args);
    await mutate(admin, 'staff.create', other);
    await mutate(manager, 'staff.update', {...args, email: 'new@example.com', availableHours: 'בוקר'});
    expect(await rowOf(args.id)).toMatchObject({role: 'shadchan', email: 'new@example.com', available_hours: 'בוקר'});
    expect(await contactOf(args.id)).toMatchObject({email: 'new@example.com'});
    await expect(mutate(manager, 'staff.update', {...args, phone: other.phone})).rejects.toMatchObject({
      details: {code: 'shadchanPhoneExists', issues: [{field: 'phone', message: 'shadchanPhoneExists'}]},
    });
    await expect(mutate(manager, 'staff.update', {...args, name: other.name})).rejects.toMatchObject({
      details: {code: 'shadchanNameExists'},
    });
    await expect(mutate(manager, 'staff.update', {...args, phone: 'x'})).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [{field: 'phone', message: 'invalidPhone'}]},
    });
    await expect(mutate(viewer, 'staff.update', {...args, name: 'אחר'})).rejects.toMatchObject({details: {code: 'forbidden'}});
    expect(await rowOf(args.id)).toMatchObject({name: args.name, email: 'new@example.com'});
  });

  test('only an administrator edits an administrator; nobody but one changes their own role', async () => {
    const boss = staff({role: 'admin'});
    await mutate(admin, 'staff.create', boss);
    await expect(mutate(manager, 'staff.update', {...boss, phone: mobile()})).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
    const [self] = await sql`SELECT name, phone FROM app_user WHERE id = ${manager.userID}`;
    const mine = staff({id: manager.userID, name: self!.name, phone: mobile(), gender: 'male'});
    await expect(
      mutate(manager, 'staff.update', {...mine, role: 'coordinator', place: `community:${community}`}),
    ).rejects.toMatchObject({details: {code: 'forbidden'}});
    expect(await rowOf(manager.userID)).toMatchObject({role: 'shadchan', phone: self!.phone});
  });
});

describe('roles that fit the people (issue 30)', () => {
  test('a coordinator or representative serves a community or an institution; other roles none', async () => {
    const byCommunity = staff({role: 'coordinator', place: `community:${community}`});
    const bySeminary = staff({role: 'coordinator', place: `institution:${seminary}`});
    for (const args of [byCommunity, bySeminary]) await mutate(admin, 'staff.create', args);
    expect(await rowOf(byCommunity.id)).toMatchObject({community_id: community, institution_id: null});
    expect(await rowOf(bySeminary.id)).toMatchObject({community_id: null, institution_id: seminary});
    // A shadchan serves no place, whatever the form still carried.
    await mutate(admin, 'staff.update', {...bySeminary, role: 'shadchan'});
    expect(await rowOf(bySeminary.id)).toMatchObject({role: 'shadchan', community_id: null, institution_id: null});

    for (const [place, message] of [
      ['', 'required'],
      ['community:nowhere', 'unknownOption'],
      [`community:${retired}`, 'unknownOption'],
      ['city:x', 'unknownOption'],
    ]) {
      const args = staff({role: 'coordinator', place});
      await expect(mutate(admin, 'staff.create', args)).rejects.toMatchObject({
        details: {code: 'invalidInput', issues: [expect.objectContaining({field: 'place', message})]},
      });
      expect(await rowOf(args.id)).toBeUndefined();
    }
    // A place retired since it was chosen stays with those who hold it.
    await sql`UPDATE app_user SET community_id = ${retired} WHERE id = ${byCommunity.id}`;
    await mutate(admin, 'staff.update', {...byCommunity, place: `community:${retired}`, availableHours: 'ערב'});
    expect(await rowOf(byCommunity.id)).toMatchObject({community_id: retired, available_hours: 'ערב'});
  });

  test('a representative saved on the staff form gets the representative row that gives their cards; it follows the place', async () => {
    const args = staff({role: 'representative', place: `institution:${seminary}`, email: `r-${nanoid(6)}@example.com`});
    await mutate(admin, 'staff.create', args);
    const repOf = async () =>
      (await sql`SELECT role, community_id, institution_id, name FROM representative WHERE user_id = ${args.id}`)[0];
    expect(await repOf()).toMatchObject({role: 'seminary', institution_id: seminary, community_id: null, name: args.name.trim()});
    await mutate(admin, 'staff.update', {...args, place: `community:${community}`});
    expect(await repOf()).toMatchObject({role: 'community', community_id: community, institution_id: null});
    expect(await rowOf(args.id)).toMatchObject({community_id: community, institution_id: null});
    const [{count}] = (await sql`SELECT count(*)::int AS count FROM representative WHERE user_id = ${args.id}`) as unknown as [
      {count: number},
    ];
    expect(count).toBe(1);
  });

  test('an institution’s coordinator decides the pending cards of that institution, and no other coordinator does', async () => {
    const args = staff({role: 'coordinator', place: `institution:${seminary}`});
    await mutate(admin, 'staff.create', args);
    await mutate(admin, 'staff.approve', {id: args.id});
    const ofSeminary: AuthContext = {userID: args.id, role: 'coordinator', permissions: effectivePermissions('coordinator', [])};
    const cardID = await makeProfile(sql, admin.userID, 'general', `ממתין ${nameTag()}`);
    await sql`UPDATE profile SET state = 'pending', institution_id = ${seminary} WHERE id = ${cardID}`;
    const pendingAs = async (ctx: AuthContext) =>
      (await db.transaction(tx => tx.run(queries.candidates.pending.fn({args: undefined, ctx})))).map(c => c.id);
    // The SQL twin (REST counts) agrees with the query.
    const countedAs = async (ctx: AuthContext) =>
      (await sql`SELECT p.id FROM profile p WHERE p.id = ${cardID} AND ${visibleProfilesSql(sql, ctx)}`).length;
    expect(await pendingAs(ofSeminary)).toContain(cardID);
    expect(await countedAs(ofSeminary)).toBe(1);
    expect(await pendingAs(viewer)).not.toContain(cardID);
    expect(await countedAs(viewer)).toBe(0);
    await expect(mutate(viewer, 'cards.approve', {ids: [cardID]})).rejects.toMatchObject({details: {code: 'notFound'}});
    await mutate(ofSeminary, 'cards.approve', {ids: [cardID]});
    expect((await sql`SELECT state FROM profile WHERE id = ${cardID}`)[0]).toEqual({state: 'active'});
  });

  test('a non-administrator gives a role only when its preset rights are all their own', async () => {
    // The manager holds showTickets (a shadchan's preset) but not viewAllActivities (a coordinator's).
    const target = staff();
    await mutate(admin, 'staff.create', target);
    const asCoordinator = {...target, role: 'coordinator', place: `community:${community}`};
    await expect(mutate(manager, 'staff.update', asCoordinator)).rejects.toMatchObject({
      details: {code: 'forbidden', issues: [{field: 'role', message: 'roleForbidden'}]},
    });
    const newCoordinator = staff({role: 'coordinator', place: `community:${community}`});
    await expect(mutate(manager, 'staff.create', newCoordinator)).rejects.toMatchObject({
      details: {code: 'forbidden', issues: [{field: 'role', message: 'roleForbidden'}]},
    });
    expect(await rowOf(target.id)).toMatchObject({role: 'shadchan'});
    expect(await rowOf(newCoordinator.id)).toBeUndefined();
    // A representative's preset is view profiles only: theirs to give.
    const newRepresentative = staff({role: 'representative', place: `community:${community}`});
    await mutate(manager, 'staff.create', newRepresentative);
    expect(await rowOf(newRepresentative.id)).toMatchObject({role: 'representative'});

    // With every right of the coordinator's preset, the same editor may.
    const broad = await makeUser(sql, 'shadchan', [
      'addShadchanim',
      'editShadchanim',
      'editTickets',
      'showShadchanDetails',
      'viewAllActivities',
    ]);
    await mutate(broad, 'staff.update', asCoordinator);
    expect(await rowOf(target.id)).toMatchObject({role: 'coordinator', community_id: community});
    // A coordinator already keeps their role when someone without its rights edits the rest.
    await mutate(manager, 'staff.update', {...asCoordinator, availableHours: 'בוקר'});
    expect(await rowOf(target.id)).toMatchObject({role: 'coordinator', available_hours: 'בוקר'});
  });
});

describe('staff states', () => {
  test('approve, block (sessions revoked, sign-in refused at once), unblock (the role comes back)', async () => {
    const args = staff({role: 'coordinator', place: `community:${community}`});
    await mutate(admin, 'staff.create', args);
    await expect(mutate(viewer, 'staff.approve', {id: args.id})).rejects.toMatchObject({details: {code: 'forbidden'}});
    expect(await rowOf(args.id)).toMatchObject({approved_at: null});
    await mutate(manager, 'staff.approve', {id: args.id});
    expect((await rowOf(args.id))!.approved_at).not.toBeNull();

    // Signed in twice (two browsers), as the API sees it.
    const [a, b] = [browser(api.app), browser(api.app)];
    for (const x of [a, b]) expect((await x.post('/api/dev/sign-in', {userID: args.id})).status).toBe(200);
    expect((await a.get('/api/session')).body).toMatchObject({user: {ID: args.id}});

    await expect(mutate(viewer, 'staff.block', {id: args.id})).rejects.toMatchObject({details: {code: 'forbidden'}});
    await expect(mutate(manager, 'staff.block', {id: manager.userID})).rejects.toMatchObject({details: {code: 'forbidden'}});
    expect((await a.get('/api/session')).body).toMatchObject({user: {ID: args.id}});

    await mutate(manager, 'staff.block', {id: args.id});
    expect(await rowOf(args.id)).toMatchObject({role: 'blocked', blocked_from_role: 'coordinator'});
    const [sessions] = await sql`SELECT count(*)::int AS live FROM session WHERE user_id = ${args.id} AND revoked_at IS NULL`;
    expect(sessions).toEqual({live: 0});
    for (const x of [a, b]) {
      expect((await x.get('/api/session')).body.user).toBeFalsy();
      // zero-cache's periodic re-check of an open connection: refused, so the client goes to needs-auth.
      expect((await x.post('/api/zero/query', ['transform', []])).status).toBe(401);
    }

    await mutate(manager, 'staff.unblock', {id: args.id});
    expect(await rowOf(args.id)).toMatchObject({role: 'coordinator', blocked_from_role: null});
  });

  test('nobody but an administrator blocks an administrator', async () => {
    const boss = staff({role: 'admin'});
    await mutate(admin, 'staff.create', boss);
    await expect(mutate(manager, 'staff.block', {id: boss.id})).rejects.toMatchObject({details: {code: 'forbidden'}});
    expect(await rowOf(boss.id)).toMatchObject({role: 'admin'});
    await mutate(admin, 'staff.block', {id: boss.id});
    expect(await rowOf(boss.id)).toMatchObject({role: 'blocked', blocked_from_role: 'admin'});
    await expect(mutate(manager, 'staff.unblock', {id: boss.id})).rejects.toMatchObject({details: {code: 'forbidden'}});
    expect(await rowOf(boss.id)).toMatchObject({role: 'blocked'});
  });
});
