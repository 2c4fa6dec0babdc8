import {customAlphabet} from 'nanoid';
import {describe, expect, inject, test} from 'vitest';
import {connect} from '../../server/db/sql.ts';
import {startTestApi, useTestApi} from '../support/api.ts';
import {browser, signedIn} from '../support/browser.ts';
import {makeUser} from '../support/fixtures.ts';

/**
 * "Forgot password" (issue 30) through the real API and Postgres: the code machinery, limits and
 * lockout of sign-in, an answer that never tells whether an account exists, and a new password that
 * ends every other session and is announced to its owner.
 */
const sql = connect(inject('databaseURL'));
const api = useTestApi(sql);

const letters = customAlphabet('abcdefghijklmnopqrstuvwxyz', 10);
const OLD = 'First-Granite-Harbour';
const NEW = 'Second-Willow-Compass';

async function member() {
  const email = `${letters()}@example.org`;
  const phone = `+97252${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const ctx = await makeUser(sql, 'shadchan', [], {email, phone, password: OLD});
  return {...ctx, email, phone};
}

async function lastMailTo(email: string, server = api) {
  await server.delivered();
  return server.smtp.mails.filter(m => m.to.includes(email)).at(-1)!.text;
}
const codeIn = (text: string) => text.match(/\d{6}/)![0];

async function signIn(email: string, password: string, server = api) {
  const b = browser(server.app);
  await b.post('/api/users/get-code-to-email', {email});
  const code = codeIn(await lastMailTo(email, server));
  return b.post('/api/users/verify-email', {verifyCode: code, password});
}

describe('forgot password', () => {
  test('a code by email, then a new password: every other session ends, and the owner is told', async () => {
    const user = await member();
    const elsewhere = await signedIn(api.app, user.userID);
    const b = browser(api.app);
    expect(await b.post('/api/users/get-code-to-email', {email: user.email, purpose: 'reset'})).toMatchObject({
      status: 200,
      body: 'ok',
    });
    const mail = await lastMailTo(user.email);
    expect(mail).toContain('Your code to choose a new Kesher password');
    expect(await b.post('/api/users/reset-password/verify', {verifyCode: codeIn(mail)})).toMatchObject({status: 200});
    // Too easy to guess (their own email's name): refused by field, and the reset stays open.
    expect(await b.post('/api/users/reset-password', {password: `${user.email.split('@')[0]}1`})).toMatchObject({
      status: 400,
      body: {issues: [{field: 'password', message: 'passwordCommon'}]},
    });
    expect(await b.post('/api/users/reset-password', {password: NEW})).toMatchObject({status: 200});
    // Done once: the same browser cannot set another.
    expect(await b.post('/api/users/reset-password', {password: 'Third-Meadow-Lantern'})).toMatchObject({status: 401});

    expect((await elsewhere.get('/api/session')).body.user).toBeFalsy();
    expect(await signIn(user.email, OLD)).toMatchObject({status: 401, body: {error: 'wrongCredentials'}});
    expect(await signIn(user.email, NEW)).toMatchObject({status: 200, body: {ID: user.userID}});
    const notice = api.smtp.mails.filter(m => m.to.includes(user.email)).find(m => m.text.includes('/forgot-password'));
    expect(notice).toBeDefined();
    expect(api.provider.requests.some(r => r.path.endsWith('/message') && r.body.to === user.phone)).toBe(true);
    const [event] = await sql`SELECT result FROM auth_event WHERE user_id = ${user.userID} AND kind = 'password-set'`;
    expect(event).toMatchObject({result: 'reset'});
  });

  test('an address nobody has gets the very same answers, and nothing happens', async () => {
    const b = browser(api.app);
    const nobody = `${letters()}@example.org`;
    expect(await b.post('/api/users/get-code-to-email', {email: nobody, purpose: 'reset'})).toMatchObject({
      status: 200,
      body: 'ok',
    });
    await api.delivered();
    expect(api.smtp.mails.some(m => m.to.includes(nobody))).toBe(false);
    const known = await member();
    const c = browser(api.app);
    await c.post('/api/users/get-code-to-email', {email: known.email, purpose: 'reset'});
    // A wrong code, for a real account and for nobody: one answer.
    const forNobody = await b.post('/api/users/reset-password/verify', {verifyCode: '000000'});
    const forKnown = await c.post('/api/users/reset-password/verify', {verifyCode: '000000'});
    expect(forNobody).toEqual(forKnown);
    expect(forNobody).toMatchObject({status: 401, body: {error: 'wrongCode'}});
    expect(await b.post('/api/users/reset-password', {password: NEW})).toMatchObject({status: 401});
  });

  test('a sign-in code resets nothing, and a reset code signs nobody in', async () => {
    const user = await member();
    const b = browser(api.app);
    await b.post('/api/users/get-code-to-email', {email: user.email});
    expect(await b.post('/api/users/reset-password/verify', {verifyCode: codeIn(await lastMailTo(user.email))})).toMatchObject({
      status: 401,
      body: {error: 'codeExpired'},
    });
    const c = browser(api.app);
    await c.post('/api/users/get-code-to-email', {email: user.email, purpose: 'reset'});
    const resetCode = codeIn(await lastMailTo(user.email));
    expect(await c.post('/api/users/verify-email', {verifyCode: resetCode, password: OLD})).toMatchObject({
      status: 401,
      body: {error: 'codeExpired'},
    });
  });

  test("wrong reset codes count towards sign-in's lockout", async () => {
    const strict = await startTestApi(sql, {limits: {failuresBeforeLockout: 3}});
    try {
      const user = await member();
      for (let i = 0; i < 3; i++) {
        const b = browser(strict.app);
        await b.post('/api/users/get-code-to-email', {email: user.email, purpose: 'reset'});
        await b.post('/api/users/reset-password/verify', {verifyCode: '000000'});
      }
      // Locked: the right code and password do not sign in.
      expect(await signIn(user.email, OLD, strict)).toMatchObject({status: 401, body: {error: 'codeExpired'}});
    } finally {
      await strict.close();
    }
  });
});
