import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import {schema} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {PERMISSIONS} from '../../permissions/labels.ts';
import {connect} from '../../server/db/sql.ts';
import {createSession, readSession} from '../../server/auth/session.ts';
import {runServerMutator} from '../../server/zero/endpoints.ts';
import {makeUser} from '../support/fixtures.ts';

/** staff.setPermissions and staff.permissionsOf against the real database, with the server's own contexts. */
const sql = connect(inject('databaseURL'));
const db = zeroPostgresJS(schema, sql);

const mutate = (ctx: AuthContext, args: ReadonlyJSONObject) =>
  db.transaction(tx => runServerMutator(tx, 'staff.setPermissions', args, ctx));
const grantsOf = async (id: string) => (await sql`SELECT permissions FROM app_user WHERE id = ${id}`)[0]!.permissions;
const permissionsOf = (ctx: AuthContext, userID: string) =>
  db.transaction(tx => tx.run(queries.staff.permissionsOf.fn({args: {userID}, ctx})));

let admin: AuthContext, editor: AuthContext, plain: AuthContext;
beforeAll(async () => {
  admin = await makeUser(sql, 'admin');
  editor = await makeUser(sql, 'coordinator', ['editShadchanim', 'viewFiles']);
  plain = await makeUser(sql, 'shadchan', ['editTickets']);
});
afterAll(() => sql.end());

describe('staff.setPermissions', () => {
  test('an administrator sets a shadchan’s grants; role defaults are not stored as grants', async () => {
    const target = await makeUser(sql, 'shadchan');
    await mutate(admin, {userID: target.userID, permissions: ['usersLog', 'showTickets', 'viewFiles', 'usersLog']});
    expect(await grantsOf(target.userID)).toEqual(['viewFiles', 'usersLog']);
    await mutate(admin, {userID: target.userID, permissions: []});
    expect(await grantsOf(target.userID)).toEqual([]);
  });

  test('bad input is refused with the field named, nothing written', async () => {
    const target = await makeUser(sql, 'shadchan', ['viewFiles']);
    for (const args of [
      {userID: target.userID, permissions: ['launchRockets']},
      {userID: target.userID, permissions: 'viewFiles'},
      {userID: target.userID},
      {userID: '', permissions: []},
      {userID: target.userID, permissions: [], role: 'admin'},
    ]) {
      await expect(mutate(admin, args as ReadonlyJSONObject)).rejects.toMatchObject({details: {code: 'invalidInput'}});
    }
    await expect(mutate(admin, {userID: target.userID, permissions: ['launchRockets']})).rejects.toMatchObject({
      details: {issues: [expect.objectContaining({field: 'permissions.0'})]},
    });
    await expect(mutate(admin, {userID: 'u-nobody', permissions: []})).rejects.toMatchObject({details: {code: 'notFound'}});
    expect(await grantsOf(target.userID)).toEqual(['viewFiles']);
  });

  test('without editShadchanim, or signed out, nothing is written', async () => {
    const target = await makeUser(sql, 'shadchan', ['viewFiles']);
    await expect(mutate(plain, {userID: target.userID, permissions: []})).rejects.toMatchObject({details: {code: 'forbidden'}});
    const blocked = {...editor, role: 'blocked' as const};
    await expect(mutate(blocked, {userID: target.userID, permissions: []})).rejects.toMatchObject({
      details: {code: 'notLoggedIn'},
    });
    expect(await grantsOf(target.userID)).toEqual(['viewFiles']);
  });

  test('nobody but an administrator edits their own permissions or an administrator’s', async () => {
    await expect(
      mutate(editor, {userID: editor.userID, permissions: ['editShadchanim', 'viewFiles', 'usersLog']}),
    ).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
    expect(await grantsOf(editor.userID)).toEqual(['editShadchanim', 'viewFiles']);
    await expect(mutate(editor, {userID: admin.userID, permissions: []})).rejects.toMatchObject({details: {code: 'forbidden'}});
  });

  test('a non-administrator adds or removes only permissions they hold', async () => {
    const target = await makeUser(sql, 'shadchan', ['usersLog']);
    // usersLog is not the coordinator's: they may neither add it to someone nor take it away.
    await expect(mutate(editor, {userID: target.userID, permissions: []})).rejects.toMatchObject({details: {code: 'forbidden'}});
    const other = await makeUser(sql, 'shadchan');
    await expect(mutate(editor, {userID: other.userID, permissions: ['usersLog']})).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
    expect(await grantsOf(other.userID)).toEqual([]);
    // What they hold they may give, keeping what they cannot touch as it was.
    await mutate(editor, {userID: target.userID, permissions: ['usersLog', 'viewFiles']});
    expect(await grantsOf(target.userID)).toEqual(['viewFiles', 'usersLog']);
  });

  test('a right of the role’s preset can be withheld, and given back; the session follows (issue 30)', async () => {
    const target = await makeUser(sql, 'shadchan', ['forumAccess']);
    const {token} = await createSession(sql, target.userID, undefined);
    const held = async () => (await readSession(sql, token))!.ctx.permissions;
    expect(await held()).toEqual(expect.arrayContaining(['showTickets', 'forumAccess']));
    // A shadchan without "view profiles" and without forum access: both were impossible to take.
    await mutate(admin, {userID: target.userID, permissions: []});
    expect(await sql`SELECT permissions, withheld_permissions FROM app_user WHERE id = ${target.userID}`).toEqual([
      {permissions: [], withheld_permissions: ['showTickets']},
    ]);
    expect(await held()).toEqual([]);
    const [copy] = await sql`SELECT permissions, withheld FROM staff_detail WHERE user_id = ${target.userID}`;
    expect(copy).toEqual({permissions: [], withheld: ['showTickets']});
    // Given back, nothing is withheld.
    await mutate(admin, {userID: target.userID, permissions: ['showTickets']});
    expect(await held()).toEqual(['showTickets']);
    // A non-administrator withholds only what they hold themselves.
    const narrow = await makeUser(sql, 'shadchan', ['editShadchanim']);
    await mutate(narrow, {userID: target.userID, permissions: []});
    expect(await held()).toEqual([]);
    const lacking = await makeUser(sql, 'coordinator', ['editShadchanim']);
    await sql`UPDATE app_user SET withheld_permissions = '["showTickets"]' WHERE id = ${lacking.userID}`;
    const {token: lackingToken} = await createSession(sql, lacking.userID, undefined);
    const lackingCtx = (await readSession(sql, lackingToken))!.ctx;
    expect(lackingCtx.permissions).not.toContain('showTickets');
    await expect(mutate(lackingCtx, {userID: target.userID, permissions: ['showTickets']})).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
    expect(await held()).toEqual([]);
  });

  test('an administrator’s permissions cannot be narrowed: the role overrides any grants', async () => {
    const other = await makeUser(sql, 'admin');
    await mutate(admin, {userID: other.userID, permissions: []});
    const {token} = await createSession(sql, other.userID, undefined);
    expect((await readSession(sql, token))!.ctx.permissions).toEqual([...PERMISSIONS]);
  });
});

describe('a permission change takes effect on the next query', () => {
  test('the context the server builds from the user’s session follows the stored grants', async () => {
    const user = await makeUser(sql, 'shadchan');
    const target = await makeUser(sql, 'shadchan');
    const {token} = await createSession(sql, user.userID, undefined);
    const ctxNow = async () => (await readSession(sql, token))!.ctx;

    expect(await permissionsOf(await ctxNow(), target.userID)).toBeUndefined();
    await mutate(admin, {userID: user.userID, permissions: ['showTickets', 'editShadchanim']});
    expect(await permissionsOf(await ctxNow(), target.userID)).toMatchObject({id: target.userID, role: 'shadchan'});
    // …and the user can now use it, on the same session.
    await mutate(await ctxNow(), {userID: target.userID, permissions: ['showTickets', 'editShadchanim']});
    expect(await grantsOf(target.userID)).toEqual(['editShadchanim']);

    await mutate(admin, {userID: user.userID, permissions: ['showTickets']});
    expect(await permissionsOf(await ctxNow(), target.userID)).toBeUndefined();
    await expect(mutate(await ctxNow(), {userID: target.userID, permissions: []})).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
  });

  test('the signed-in user reads their own row (the browser’s checks follow it live), nobody else’s', async () => {
    const user = await makeUser(sql, 'shadchan', ['viewFiles']);
    const me = await db.transaction(tx => tx.run(queries.staff.me.fn({args: undefined, ctx: user})));
    expect(me).toMatchObject({id: user.userID, role: 'shadchan', detail: {permissions: ['viewFiles']}});
    expect(await db.transaction(tx => tx.run(queries.staff.me.fn({args: undefined, ctx: undefined as never})))).toBeUndefined();
  });
});
