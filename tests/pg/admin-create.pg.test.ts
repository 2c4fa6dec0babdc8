import {execFile} from 'node:child_process';
import {customAlphabet} from 'nanoid';
import {afterAll, expect, inject, test} from 'vitest';
import {connect} from '../../server/db/sql.ts';
import {invitationOf} from '../../server/staff/invitations.ts';

/**
 * `npm run admin:create` (issue 30, the first day in production): the first administrator, approved,
 * with an invitation whose link is printed under PUBLIC_URL; bad input is refused and nothing written.
 */
const sql = connect(inject('databaseURL'));
afterAll(() => sql.end());

const letters = customAlphabet('abcdefghijklmnopqrstuvwxyz', 8);

const run = (args: string[]) =>
  new Promise<{code: number | null; out: string}>(resolve => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'server/staff/create-admin.ts', ...args],
      {env: {...process.env, DATABASE_URL: inject('databaseURL'), PUBLIC_URL: 'https://kesher.example.org'}},
      (_err, stdout, stderr) => resolve({code: child.exitCode, out: stdout + stderr}),
    );
  });

test('creates the first administrator and prints their one-time link', async () => {
  const name = `מנהלת ${letters()}`;
  const phone = `052${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const email = `${letters()}@example.org`;
  const made = await run(['--name', name, '--phone', phone, '--email', email]);
  expect(made.code, made.out).toBe(0);
  const token = made.out.match(/https:\/\/kesher\.example\.org\/invitation\/([\w-]+)/)?.[1];
  expect(token).toBeDefined();
  const [user] = await sql`SELECT id, role, approved_at, password_hash, email FROM app_user WHERE name = ${name}`;
  expect(user).toMatchObject({role: 'admin', password_hash: null, email});
  expect(user!.approved_at).toBeInstanceOf(Date);
  expect(await invitationOf(sql, token!)).toMatchObject({state: 'valid', user: {userID: user!.id}});

  // The same mobile again, and a number that is no mobile: refused, nothing written.
  const twice = await run(['--name', `מנהלת ${letters()}`, '--phone', phone]);
  expect(twice.code).toBe(1);
  expect(twice.out).toContain('shadchanPhoneExists');
  const bad = await run(['--name', `מנהלת ${letters()}`, '--phone', '12']);
  expect(bad.code).toBe(1);
  expect(bad.out).toContain('phone');
  const missing = await run(['--phone', phone]);
  expect(missing.code).toBe(1);
  expect(missing.out).toContain('usage: npm run admin:create');
  expect((await sql`SELECT count(*)::int AS n FROM app_user WHERE phone LIKE ${'%' + phone.slice(1)}`)[0]!.n).toBe(1);
}, 60_000);
