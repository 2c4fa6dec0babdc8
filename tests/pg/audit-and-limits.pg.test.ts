import {afterAll, describe, expect, inject, test} from 'vitest';
import {nanoid} from 'nanoid';
import {logAccess} from '../../server/audit/access-log.ts';
import {connect} from '../../server/db/sql.ts';
import {pgLimiter} from '../../server/http/rate-limiter.ts';

const sql = connect(inject('databaseURL'));
afterAll(() => sql.end());

describe('the access log', () => {
  test('records who read which record, what and how it ended', async () => {
    const profileID = `p-${nanoid(6)}`;
    await logAccess(sql, {userID: 'u-1', profileID, what: 'file', result: 'downloaded', ip: '127.0.0.1', detail: {fileID: 'f1'}});
    const rows = await sql`SELECT user_id, profile_id, what, result, ip, detail, at FROM access_log WHERE profile_id = ${profileID}`;
    expect(rows).toEqual([
      expect.objectContaining({user_id: 'u-1', what: 'file', result: 'downloaded', ip: '127.0.0.1', detail: {fileID: 'f1'}}),
    ]);
    expect(Date.now() - (rows[0]!.at as Date).getTime()).toBeLessThan(60_000);
  });

  test('is append-only and keeps rows for at least 24 months', async () => {
    const profileID = `p-${nanoid(6)}`;
    await logAccess(sql, {userID: 'u-1', profileID, what: 'card', result: 'shown'});
    await expect(sql`UPDATE access_log SET result = 'x' WHERE profile_id = ${profileID}`).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM access_log WHERE profile_id = ${profileID}`).rejects.toThrow(/24 months/);
    // Older rows may be purged.
    await sql`INSERT INTO access_log (at, user_id, profile_id, what, result) VALUES (now() - interval '25 months', 'u-1', ${profileID}, 'card', 'shown')`;
    expect((await sql`DELETE FROM access_log WHERE profile_id = ${profileID} AND at < now() - interval '24 months'`).count).toBe(1);
  });
});

describe('rate limits in Postgres', () => {
  test('a key gets its points per window, other keys are counted apart', async () => {
    const limit = pgLimiter(sql, {name: `t-${nanoid(6)}`, points: 2, seconds: 60});
    expect(await limit.consume('a')).toBe(true);
    expect(await limit.consume('a')).toBe(true);
    expect(await limit.exhausted('a')).toBe(true);
    expect(await limit.consume('a')).toBe(false);
    expect(await limit.consume('b')).toBe(true);
    expect(await limit.used('b')).toBe(1);
    await limit.reset('a');
    expect(await limit.consume('a')).toBe(true);
  });

  test('the state is shared: a second limiter (another process) sees the same counts', async () => {
    const name = `t-${nanoid(6)}`;
    const other = connect(inject('databaseURL'), {max: 1});
    try {
      const here = pgLimiter(sql, {name, points: 1, seconds: 60});
      const there = pgLimiter(other, {name, points: 1, seconds: 60});
      expect(await here.consume('k')).toBe(true);
      expect(await there.consume('k')).toBe(false);
    } finally {
      await other.end();
    }
  });

  test('a window ends and the key is allowed again; a block outlasts the window', async () => {
    const name = `t-${nanoid(6)}`;
    const limit = pgLimiter(sql, {name, points: 1, seconds: 1});
    expect(await limit.consume('k')).toBe(true);
    expect(await limit.consume('k')).toBe(false);
    await sql`UPDATE rate_limit SET expire = ${Date.now() - 1} WHERE key = ${`${name}:k`}`;
    expect(await limit.consume('k')).toBe(true);

    const blocking = pgLimiter(sql, {name: `${name}-b`, points: 1, seconds: 1, blockSeconds: 3600});
    await blocking.consume('k');
    await blocking.consume('k');
    const [row] = await sql<{expire: string}[]>`SELECT expire FROM rate_limit WHERE key = ${`${name}-b:k`}`;
    expect(Number(row!.expire) - Date.now()).toBeGreaterThan(3500_000);
  });
});
