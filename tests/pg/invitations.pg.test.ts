import {createHash} from 'node:crypto';
import {customAlphabet, nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser, signedIn} from '../support/browser.ts';
import {makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * Staff accounts from invitation to password (issue 30) through the real API, mutators and Postgres,
 * with the phone provider and SMTP stand-ins receiving what is sent.
 */
const sql = connect(inject('databaseURL'));
const {mutate} = serverSide(sql);
let api: Awaited<ReturnType<typeof startTestApi>>;
let admin: AuthContext, manager: AuthContext, viewer: AuthContext;
beforeAll(async () => {
  api = await startTestApi(sql);
  admin = await makeUser(sql, 'admin');
  manager = await makeUser(sql, 'shadchan', ['addShadchanim', 'editShadchanim']);
  viewer = await makeUser(sql, 'shadchan');
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

const letters = customAlphabet('abcdefghijklmnopqrstuvwxyz', 8);
const mobile = () => `050${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
/** A new shadchan made through the form's mutator, as a manager makes one: pending, no password. */
async function newMember(over: Record<string, unknown> = {}) {
  const args = {
    id: `s-${nanoid(8)}`,
    name: `שדכנית ${letters()}`,
    phone: mobile(),
    landline: '',
    gender: 'female',
    role: 'shadchan',
    email: `${letters()}@example.org`,
    employment: 'external',
    printNotes: '',
    availableHours: '',
    ...over,
  };
  await mutate(manager, 'staff.create', args);
  const [row] = await sql<{phone: string | null}[]>`SELECT phone FROM app_user WHERE id = ${args.id}`;
  return {...args, e164: row!.phone};
}

/** The link the last invitation to this email carried (the mail and the phone message carry the same one). */
async function linkMailedTo(email: string): Promise<string> {
  await api.delivered();
  const mail = api.smtp.mails.filter(m => m.to.includes(email)).at(-1);
  return mail!.text.match(/https?:\/\/\S+\/invitation\/([\w-]+)/)![1]!;
}
const invite = async (who: AuthContext, id: string) =>
  (await signedIn(api.app, who.userID)).post(`/api/staff/${id}/invitation`, {});
const INVITATION = (token: string) => `/api/users/invitation/${token}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const GOOD = 'Ochre-Lantern-Nineteen';

describe('an invitation', () => {
  test('goes by email and phone with a one-time link, kept only as a hash; the password chosen then signs in', async () => {
    const member = await newMember();
    expect(await invite(manager, member.id)).toMatchObject({status: 200, body: {sent: ['email', 'phone']}});
    const token = await linkMailedTo(member.email);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    expect(api.provider.requests.find(r => r.path.endsWith('/message') && r.body.to === member.e164)?.body.text).toContain(token);
    // Only its hash is stored, nowhere the token itself.
    const [stored] = await sql`SELECT * FROM staff_invitation WHERE user_id = ${member.id}`;
    expect(stored).toMatchObject({token_hash: sha256(token), used_at: null, voided_at: null});
    expect(JSON.stringify(await sql`SELECT * FROM staff_invitation`)).not.toContain(token);
    const hours = (stored!.expires_at.getTime() - stored!.created_at.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(72, 1);
    // The staff page reads it live: invited, not yet joined.
    expect((await sql`SELECT invited_at, joined_at FROM staff_detail WHERE user_id = ${member.id}`)[0]).toMatchObject({
      invited_at: expect.any(Date),
      joined_at: null,
    });

    const b = browser(api.app);
    expect(await b.get(INVITATION(token))).toMatchObject({status: 200, body: {state: 'valid', name: member.name}});
    // Too short, then too easy to guess (their own name, a common password): refused by field, the link still open.
    expect(await b.post(INVITATION(token), {password: 'short'})).toMatchObject({
      status: 400,
      body: {issues: [{field: 'password', message: 'passwordTooShort'}]},
    });
    for (const weak of ['password123', `${member.name.split(' ')[1]}12345`, 'qwertyuiop1']) {
      expect(await b.post(INVITATION(token), {password: weak}), weak).toMatchObject({
        status: 400,
        body: {issues: [{field: 'password', message: 'passwordCommon'}]},
      });
    }
    expect((await b.get(INVITATION(token))).body.state).toBe('valid');
    expect(await b.post(INVITATION(token), {password: GOOD})).toMatchObject({status: 200});
    const [user] = await sql`SELECT password_hash, joined_at FROM app_user WHERE id = ${member.id}`;
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);
    expect(user!.joined_at).toBeInstanceOf(Date);
    // Single use.
    expect((await b.get(INVITATION(token))).body).toEqual({state: 'used'});
    expect(await b.post(INVITATION(token), {password: 'Another-Fine-Password-7'})).toMatchObject({
      status: 409,
      body: {error: 'invitationClosed', message: 'used'},
    });

    // Approved, they sign in as everyone does: a code to their email, and the password they chose.
    await mutate(manager, 'staff.approve', {id: member.id});
    const signIn = browser(api.app);
    expect((await signIn.post('/api/users/get-code-to-email', {email: member.email})).status).toBe(200);
    await api.delivered();
    const code = api.smtp.mails
      .filter(m => m.to.includes(member.email))
      .at(-1)!
      .text.match(/\d{6}/)![0];
    expect(await signIn.post('/api/users/verify-email', {verifyCode: code, password: GOOD})).toMatchObject({
      status: 200,
      body: {ID: member.id},
    });
  });

  test('sent again voids the earlier link; an expired link and a blocked account change nothing', async () => {
    const member = await newMember();
    await invite(manager, member.id);
    const first = await linkMailedTo(member.email);
    await invite(manager, member.id);
    const second = await linkMailedTo(member.email);
    expect(second).not.toBe(first);
    const b = browser(api.app);
    expect((await b.get(INVITATION(first))).body).toEqual({state: 'expired'});
    expect(await b.post(INVITATION(first), {password: GOOD})).toMatchObject({status: 409, body: {message: 'expired'}});

    await sql`UPDATE staff_invitation SET expires_at = now() - interval '1 second' WHERE token_hash = ${sha256(second)}`;
    expect(await b.post(INVITATION(second), {password: GOOD})).toMatchObject({status: 409, body: {message: 'expired'}});

    await invite(manager, member.id);
    const third = await linkMailedTo(member.email);
    await mutate(manager, 'staff.block', {id: member.id});
    expect((await b.get(INVITATION(third))).body).toEqual({state: 'blocked'});
    expect(await b.post(INVITATION(third), {password: GOOD})).toMatchObject({status: 409, body: {message: 'blocked'}});
    expect((await sql`SELECT password_hash FROM app_user WHERE id = ${member.id}`)[0]!.password_hash).toBeNull();
    // A blocked account is sent nothing.
    expect(await invite(manager, member.id)).toMatchObject({status: 409, body: {error: 'accountBlocked'}});
    expect((await b.get(INVITATION(nanoid(43)))).body).toEqual({state: 'unknown'});
  });

  test('only those who manage staff invite, and an administrator only by an administrator', async () => {
    const member = await newMember();
    expect(await invite(viewer, member.id)).toMatchObject({status: 403});
    expect((await browser(api.app).post(`/api/staff/${member.id}/invitation`, {})).status).toBe(401);
    const boss = await makeUser(sql, 'admin', [], {email: `${letters()}@example.org`});
    expect(await invite(manager, boss.userID)).toMatchObject({status: 404});
    expect(await invite(admin, boss.userID)).toMatchObject({status: 200, body: {sent: ['email']}});
    expect(await invite(manager, `s-${nanoid(8)}`)).toMatchObject({status: 404});
  });
});

describe("the administrator's reset", () => {
  test('ends every session, takes the password away, sends a new invitation; nobody sees a password', async () => {
    const member = await newMember();
    await invite(manager, member.id);
    await browser(api.app).post(INVITATION(await linkMailedTo(member.email)), {password: GOOD});
    await mutate(manager, 'staff.approve', {id: member.id});
    const theirs = await signedIn(api.app, member.id);
    expect((await theirs.get('/api/session')).body.user).toMatchObject({ID: member.id});

    const manager_ = await signedIn(api.app, manager.userID);
    expect(await manager_.post(`/api/staff/${member.id}/reset-password`, {})).toMatchObject({status: 200});
    expect((await theirs.get('/api/session')).body.user).toBeFalsy();
    expect((await sql`SELECT password_hash, joined_at FROM app_user WHERE id = ${member.id}`)[0]).toEqual({
      password_hash: null,
      joined_at: null,
    });
    const fresh = await linkMailedTo(member.email);
    expect((await browser(api.app).get(INVITATION(fresh))).body.state).toBe('valid');
    // Those who may not edit staff may not reset.
    expect(await (await signedIn(api.app, viewer.userID)).post(`/api/staff/${member.id}/reset-password`, {})).toMatchObject({
      status: 403,
    });
  });
});
