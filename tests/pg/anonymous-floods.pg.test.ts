import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';

/**
 * Anonymous requests cannot fill the disk (issue 33): repeated refusals from one address are one row
 * per window with a count, in access_log (the public benefit-card check) and auth_event (the sign-in
 * routes); and every route anyone may call without signing in refuses an oversized body with 413.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi(sql, {limits: {bonusChecksPerIP: 4}});
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

const post = (path: string, body: string, ip: string) =>
  api.app.request(
    path,
    {method: 'POST', headers: {'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body))}, body},
    {incoming: {socket: {remoteAddress: ip}}},
  );

describe('repeated refusals fold into one row per address', () => {
  test('the benefit-card check: misses and rate-limited checks are one row each, with their count', async () => {
    const ip = '198.51.100.201';
    const miss = JSON.stringify({bonusCode: 'ZZZZZZZZZZZZ', tz: '000000018'});
    const answers = await Promise.all(Array.from({length: 10}, () => post('/api/bonuses/check-validation', miss, ip)));
    expect(answers.map(a => a.status).sort()).toEqual([...Array(4).fill(404), ...Array(6).fill(429)]);
    const rows = await sql<{result: string; repeats: number}[]>`
      SELECT result, repeats FROM access_log WHERE what = 'benefit-card' AND ip = ${ip} ORDER BY result`;
    expect(rows.map(r => r.result)).toEqual(['not-found', 'rate-limited']);
    expect(rows.reduce((n, r) => n + r.repeats, 0)).toBe(10);
    // Another address has rows of its own.
    expect((await post('/api/bonuses/check-validation', miss, '198.51.100.202')).status).toBe(404);
    const [other] = await sql`SELECT repeats FROM access_log WHERE what = 'benefit-card' AND ip = '198.51.100.202'`;
    expect(other!.repeats).toBe(1);
    // The access log is still append-only otherwise.
    await expect(sql`UPDATE access_log SET result = 'shown' WHERE ip = ${ip}`).rejects.toThrow(/append-only/);
  });

  test('the sign-in routes: failed codes for nobody are one auth_event row with a count', async () => {
    const ip = '198.51.100.203';
    const wrong = JSON.stringify({verifyCode: '123456', password: 'not the password'});
    for (let i = 0; i < 6; i++) expect((await post('/api/users/verify-email', wrong, ip)).status).toBeGreaterThanOrEqual(400);
    const rows = await sql<{repeats: number}[]>`SELECT repeats FROM auth_event WHERE ip = ${ip}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.repeats).toBe(6);
  });
});

/** Every route of server/api.ts that answers without a session (sign-in, self-user, public forms and checks). */
const PUBLIC_ROUTES = [
  '/api/bonuses/check-validation',
  '/api/users/call-me',
  '/api/users/get-code-to-email',
  '/api/users/verify-number',
  '/api/users/verify-email',
  '/api/users/get-google-login',
  '/api/users/google-login-callback',
  '/api/users/verify-google',
  '/api/users/reset-password',
  '/api/users/reset-password/verify',
  '/api/users/invitation/some-token',
  '/api/users/self-user/login/call-me',
  '/api/users/self-user/login/verify-number',
  '/api/users/self-user/logout',
  '/api/users/logout',
  '/api/users/logout-everywhere',
  '/api/users/send-mail-dental',
  '/api/session/activity',
  '/api/peoples/add-people-by-user/someone',
  '/api/peoples/self-update',
  '/api/peoples/delete-people',
  '/api/peoples/self-verify/call-me',
  '/api/peoples/self-verify/verify',
  '/api/peoples/self-verify-email/send-code',
  '/api/peoples/self-verify-email/verify',
  '/api/phone-proxy/events',
  '/api/dev/sign-in',
  '/api/zero/query',
];

test('every public route refuses an oversized body with 413', async () => {
  const huge = JSON.stringify({x: 'א'.repeat(3 * 1024 * 1024)}); // over every limit (the Zero endpoints' is 4 MB)
  const refused: Record<string, number> = {};
  for (const path of PUBLIC_ROUTES) refused[path] = (await post(path, huge, '198.51.100.204')).status;
  expect(refused).toEqual(Object.fromEntries(PUBLIC_ROUTES.map(p => [p, 413])));
});
