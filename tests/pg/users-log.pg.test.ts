import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import {nanoid} from 'nanoid';
import {beforeAll, describe, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import type {LogEntry} from '../../app/users-log/schema.ts';
import {schema} from '../../zero-schema.ts';
import {accessLogWritten} from '../../server/audit/in-background.ts';
import {connect} from '../../server/db/sql.ts';
import {runServerMutator} from '../../server/zero/endpoints.ts';
import {useTestApi} from '../support/api.ts';
import {browser, signedIn as signedInAs} from '../support/browser.ts';
import {cardValues, makeProfile, makeUser} from '../support/fixtures.ts';

/**
 * The users log (admin/logs, server/users-log/) through the real API app and Postgres: sign-ins and
 * their failures, card changes and the access log as one list; its filters, the usersLog permission,
 * the CSV export (itself in the access log), refusals of bad parameters, and the 24-month retention.
 */
const sql = connect(inject('databaseURL'));
const db = zeroPostgresJS(schema, sql);
const api = useTestApi(sql);

const signedIn = (user: AuthContext) => signedInAs(api.app, user.userID);
const logOf = async (b: ReturnType<typeof browser>, query: string) => {
  const res = await b.get(`/api/admin/users-log?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as LogEntry[];
};
const openCard = (b: ReturnType<typeof browser>, id: string) =>
  b.post('/api/zero/query?schema=kesher_0&appID=kesher', [
    'transform',
    [{id: `card-${nanoid(4)}`, name: 'candidates.card', args: [{id}]}],
  ]);

const PASSWORD = 'correct horse battery';
/** A shadchan who signs in by phone: a fresh Israeli mobile and a password. */
async function phoneUser() {
  const local = String(Date.now() % 10_000_000).padStart(7, '0');
  return {
    ...(await makeUser(sql, 'shadchan', ['editTickets'], {phone: `+97253${local}`, password: PASSWORD})),
    national: `053-${local}`,
  };
}

describe('the users log', () => {
  let admin: AuthContext;
  let logReader: ReturnType<typeof browser>;
  beforeAll(async () => {
    admin = await makeUser(sql, 'admin');
    logReader = await signedIn(admin);
  });

  test('only a user with usersLog reads it; others are refused before any data', async () => {
    const anonymous = browser(api.app);
    const shadchan = await signedIn(await makeUser(sql, 'shadchan', ['editTickets', 'viewChangeHistory']));
    const granted = await signedIn(await makeUser(sql, 'shadchan', ['usersLog']));
    for (const path of ['/api/admin/users-log', '/api/admin/users-log/users', '/api/admin/users-log/export']) {
      expect((await anonymous.get(path)).status, path).toBe(401);
      expect(await shadchan.get(path), path).toMatchObject({status: 403, body: {error: 'forbidden'}});
    }
    expect((await granted.get('/api/admin/users-log')).status).toBe(200);
    // Exporting it takes the general export's permission as well.
    expect(await granted.get('/api/admin/users-log/export'), 'export without exportToExcel').toMatchObject({status: 403});
    const exporter = await signedIn(await makeUser(sql, 'shadchan', ['usersLog', 'exportToExcel']));
    const csv = await api.app.request('/api/admin/users-log/export', {
      headers: {cookie: `kesher_session=${exporter.jar.get('kesher_session')}`},
    });
    expect(csv.status).toBe(200);
    await csv.body?.cancel();
    const users = (await granted.get('/api/admin/users-log/users')).body as Array<{id: string; name: string}>;
    expect(users).toContainEqual({id: admin.userID, name: expect.any(String)});
  });

  test('a card a shadchan opened appears with their name and the card’s', async () => {
    const shadchan = await makeUser(sql, 'shadchan');
    const surname = `יומן${nanoid(5)}`;
    const card = await makeProfile(sql, shadchan.userID, 'general', surname, 'רחל');
    expect((await openCard(await signedIn(shadchan), card)).status).toBe(200);
    await accessLogWritten();

    const entries = await logOf(logReader, `user=${shadchan.userID}&kind=card`);
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'card',
        userID: shadchan.userID,
        userName: `בודק ${shadchan.userID}`,
        profileID: card,
        profileName: `רחל ${surname}`,
        result: 'shown',
        ip: '127.0.0.1',
      }),
    ]);
    // Found by the card too: its id, or part of its name either way round.
    for (const record of [card, surname, `${surname} רחל`]) {
      expect(
        (await logOf(logReader, `record=${encodeURIComponent(record)}`)).map(e => e.kind),
        record,
      ).toContain('card');
    }
    expect(await logOf(logReader, `record=${encodeURIComponent(`${surname}x`)}`)).toEqual([]);
  });

  test('sign-ins, their failures and card changes; filtered by user, kind and dates; newest first, paged', async () => {
    const user = await phoneUser();
    const b = browser(api.app);
    // A failed sign-in (wrong password), then a card change, then a successful (development) sign-in.
    await b.post('/api/users/call-me', {phone: user.national, codeType: 'whatsapp'});
    await api.delivered();
    const code = api.provider.requests.at(-1)!.body.code!;
    expect((await b.post('/api/users/verify-number', {verifyCode: code, password: 'not the password'})).status).toBe(401);
    const card = await makeProfile(sql, user.userID, 'general');
    await db.transaction(tx => runServerMutator(tx, 'cards.save', {id: card, revision: 0, ...cardValues({city: 'צפת'})}, user));
    await signedIn(user);

    const all = await logOf(logReader, `user=${user.userID}`);
    const changes = all.filter(e => e.kind === 'change');
    expect(changes.map(e => e.action)).toContain('city'); // with the details the form filled in
    expect(all.filter(e => e.kind !== 'change').map(e => [e.kind, e.action, e.result])).toEqual([
      ['sign-in', 'dev-sign-in', 'signed-in'],
      ['sign-in-failed', 'verify-number', 'wrong'],
      ['sign-in', 'code-request', 'whatsapp: sent'],
    ]);
    // Newest first: the sign-in, every change, the failure, the code.
    expect(all.map(e => e.kind)).toEqual(['sign-in', ...changes.map(() => 'change'), 'sign-in-failed', 'sign-in']);
    expect(all.every(e => e.userID === user.userID)).toBe(true);
    const times = all.map(e => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    expect((await logOf(logReader, `user=${user.userID}&kind=sign-in-failed`)).map(e => e.result)).toEqual(['wrong']);
    const changed = await logOf(logReader, `user=${user.userID}&kind=change`);
    expect(changed.map(e => e.key)).toEqual(changes.map(e => e.key));
    expect(changed.every(e => e.profileID === card)).toBe(true);
    expect((await logOf(logReader, `user=${user.userID}&kind=sign-in`)).map(e => e.action)).toEqual([
      'dev-sign-in',
      'code-request',
    ]);

    const now = Date.now();
    expect(await logOf(logReader, `user=${user.userID}&from=${now + 60_000}`)).toEqual([]);
    expect(await logOf(logReader, `user=${user.userID}&until=${now - 3_600_000}`)).toEqual([]);
    expect(await logOf(logReader, `user=${user.userID}&from=${now - 3_600_000}&until=${now + 60_000}`)).toHaveLength(all.length);

    // Pages of three, one after another, give the whole list in the same order, each entry once.
    const paged: LogEntry[] = [];
    let page: LogEntry[];
    do {
      page = await logOf(logReader, `user=${user.userID}&limit=3&offset=${paged.length}`);
      paged.push(...page);
    } while (page.length === 3);
    expect(paged.map(e => e.key)).toEqual(all.map(e => e.key));
  });

  test('bad parameters are refused with 400, naming the parameter', async () => {
    for (const [query, field] of [
      ['kind=nope', 'kind'],
      ['from=yesterday', 'from'],
      ['until=-5', 'until'],
      ['limit=1000', 'limit'],
      ['limit=0', 'limit'],
      ['offset=1.5', 'offset'],
      ['record=', 'record'],
      ['colour=red', 'colour'],
    ]) {
      const res = await logReader.get(`/api/admin/users-log?${query}`);
      expect(res, query).toMatchObject({status: 400, body: {error: 'invalidInput', issues: [expect.objectContaining({field})]}});
      const csv = await logReader.get(`/api/admin/users-log/export?${query}`);
      expect(csv.status, `export ${query}`).toBe(400);
    }
  });

  test('CSV export: UTF-8 with a byte order mark, the filtered entries, and the export itself in the access log', async () => {
    const shadchan = await makeUser(sql, 'shadchan');
    const surname = `ייצוא${nanoid(5)}`;
    const card = await makeProfile(sql, shadchan.userID, 'general', surname, 'שרה');
    await openCard(await signedIn(shadchan), card);
    await accessLogWritten();

    const res = await api.app.request(`/api/admin/users-log/export?user=${shadchan.userID}&kind=card`, {
      headers: {cookie: `kesher_session=${logReader.jar.get('kesher_session')}`},
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="users-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe('"time (Asia/Jerusalem)","kind","user","user id","card","card id","action","result","ip","detail"');
    expect(lines).toHaveLength(3); // the header, one entry, and the empty rest after the last line break
    expect(lines[1]).toMatch(
      new RegExp(
        `^"\\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2}:\\d{2}","card","בודק ${shadchan.userID}","${shadchan.userID}","שרה ${surname}","${card}","","shown","127.0.0.1",""$`,
      ),
    );

    const [written] = await sql<{what: string; result: string; detail: unknown}[]>`
      SELECT what, result, detail FROM access_log WHERE user_id = ${admin.userID} ORDER BY id DESC LIMIT 1`;
    expect(written).toEqual({
      what: 'export',
      result: 'exported',
      detail: {export: 'users-log', user: shadchan.userID, kind: 'card'},
    });
    // …and so it is in the log itself.
    expect((await logOf(logReader, `user=${admin.userID}&kind=export`))[0]).toMatchObject({kind: 'export', result: 'exported'});
  });
});

describe('retention: nothing younger than 24 months is deleted', () => {
  test('auth_event and profile_revision refuse to delete young rows, and allow old ones', async () => {
    const user = await makeUser(sql, 'shadchan');
    const card = await makeProfile(sql, user.userID, 'general');
    await sql`INSERT INTO auth_event (kind, result, user_id, at) VALUES ('logout', 'signed-out', ${user.userID}, now()),
                ('logout', 'signed-out', ${user.userID}, now() - interval '25 months')`;
    await sql`INSERT INTO profile_revision (id, profile_id, revision, user_id, field, created_at)
              VALUES (${nanoid()}, ${card}, 1, ${user.userID}, 'city', now()),
                     (${nanoid()}, ${card}, 1, ${user.userID}, 'city', now() - interval '25 months')`;
    await expect(sql`DELETE FROM auth_event WHERE user_id = ${user.userID}`).rejects.toThrow(/24 months/);
    await expect(sql`DELETE FROM profile_revision WHERE profile_id = ${card}`).rejects.toThrow(/24 months/);
    // Deleting the card would take its history with it: refused too.
    await expect(sql`DELETE FROM profile WHERE id = ${card}`).rejects.toThrow(/24 months/);

    const old = sql`now() - interval '24 months'`;
    expect((await sql`DELETE FROM auth_event WHERE user_id = ${user.userID} AND at < ${old}`).count).toBe(1);
    expect((await sql`DELETE FROM profile_revision WHERE profile_id = ${card} AND created_at < ${old}`).count).toBe(1);
    expect(await sql`SELECT 1 FROM auth_event WHERE user_id = ${user.userID}`).toHaveLength(1);
    expect(await sql`SELECT 1 FROM profile_revision WHERE profile_id = ${card}`).toHaveLength(1);
  });
});
