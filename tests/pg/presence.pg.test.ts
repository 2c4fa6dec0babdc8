import {beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {useTestApi} from '../support/api.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * Presence on a card through the server's own mutators and query definition (what /api/zero/mutate
 * and zero-cache run for each client): a beat is seen by whoever may see the card and by nobody else,
 * leave removes it, the server stamps and sweeps, bad arguments are refused.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
const api = useTestApi(sql);

const presenceSeenBy = async (ctx: AuthContext, profileID: string) =>
  (await db.transaction(tx => tx.run(queries.candidates.presence.fn({args: {id: profileID}, ctx})))).map(r => ({
    userID: r.userID,
    name: r.user?.name,
    mode: r.mode,
  }));
const rowsOf = (profileID: string) =>
  sql<
    {user_id: string; mode: string}[]
  >`SELECT user_id, mode FROM card_presence WHERE profile_id = ${profileID} ORDER BY user_id`;

let alice: AuthContext, bob: AuthContext, viewer: AuthContext, admin: AuthContext;
let card: string, bobPersonal: string;
beforeAll(async () => {
  alice = await makeUser(sql, 'shadchan', ['editTickets']);
  bob = await makeUser(sql, 'shadchan', ['editTickets']);
  viewer = await makeUser(sql, 'shadchan');
  admin = await makeUser(sql, 'admin');
  card = await makeProfile(sql, bob.userID, 'general', 'נוכחות');
  bobPersonal = await makeProfile(sql, bob.userID, 'personal', 'נוכחות');
});

describe('card presence', () => {
  test('a beat is seen, with the name, by another user who may see the card; a second beat changes the mode', async () => {
    await mutate(alice, 'presence.beat', {profileID: card, mode: 'view'});
    const name = `בודק ${alice.userID}`;
    expect(await presenceSeenBy(bob, card)).toEqual([{userID: alice.userID, name, mode: 'view'}]);
    expect(await presenceSeenBy(viewer, card)).toEqual([{userID: alice.userID, name, mode: 'view'}]);

    await mutate(alice, 'presence.beat', {profileID: card, mode: 'edit'});
    expect(await presenceSeenBy(bob, card)).toEqual([{userID: alice.userID, name, mode: 'edit'}]);
    expect(await rowsOf(card)).toEqual([{user_id: alice.userID, mode: 'edit'}]);
  });

  test('the user’s viewing tab does not turn their editing tab, still beating, into viewing (issue 31)', async () => {
    const other = await makeProfile(sql, bob.userID, 'general', 'נוכחות');
    await mutate(alice, 'presence.beat', {profileID: other, mode: 'edit'});
    await mutate(alice, 'presence.beat', {profileID: other, mode: 'view'});
    expect(await rowsOf(other)).toEqual([{user_id: alice.userID, mode: 'edit'}]);
    // The editing tab has stopped beating (closed without a word): viewing shows again.
    await sql`UPDATE card_presence SET seen_at = now() - interval '30 seconds' WHERE profile_id = ${other}`;
    await mutate(alice, 'presence.beat', {profileID: other, mode: 'view'});
    expect(await rowsOf(other)).toEqual([{user_id: alice.userID, mode: 'view'}]);
  });

  test('seen_at is the server’s clock, not anything the browser sends', async () => {
    await mutate(bob, 'presence.beat', {profileID: card, mode: 'view'});
    const [row] = await sql<{drift: number}[]>`
      SELECT abs(extract(epoch FROM now() - seen_at)) AS drift FROM card_presence
      WHERE profile_id = ${card} AND user_id = ${bob.userID}`;
    expect(Number(row!.drift)).toBeLessThan(5);
    await expect(mutate(bob, 'presence.beat', {profileID: card, mode: 'view', seenAt: 0})).resolves.toBeUndefined();
    const [again] = await sql<{seen_at: Date}[]>`
      SELECT seen_at FROM card_presence WHERE profile_id = ${card} AND user_id = ${bob.userID}`;
    expect(Date.now() - again!.seen_at.getTime()).toBeLessThan(5_000);
  });

  test('presence on a card the user may not see never reaches them, and they cannot announce themselves there', async () => {
    await mutate(bob, 'presence.beat', {profileID: bobPersonal, mode: 'edit'});
    expect(await presenceSeenBy(alice, bobPersonal)).toEqual([]);
    expect(await presenceSeenBy(viewer, bobPersonal)).toEqual([]);
    expect((await presenceSeenBy(admin, bobPersonal)).map(r => r.userID)).toEqual([bob.userID]);
    await expect(mutate(alice, 'presence.beat', {profileID: bobPersonal, mode: 'view'})).rejects.toMatchObject({
      details: {code: 'notFound'},
    });
    await expect(mutate(alice, 'presence.beat', {profileID: 'p-no-such-card', mode: 'view'})).rejects.toMatchObject({
      details: {code: 'notFound'},
    });
    expect((await rowsOf(bobPersonal)).map(r => r.user_id)).toEqual([bob.userID]);
  });

  test('only a user who may edit is shown as editing', async () => {
    await expect(mutate(viewer, 'presence.beat', {profileID: card, mode: 'edit'})).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
    await mutate(viewer, 'presence.beat', {profileID: card, mode: 'view'});
    expect((await presenceSeenBy(alice, card)).find(r => r.userID === viewer.userID)?.mode).toBe('view');
  });

  test('leave removes the user’s own row only, and leaving twice is harmless', async () => {
    await mutate(alice, 'presence.beat', {profileID: card, mode: 'view'});
    await mutate(bob, 'presence.beat', {profileID: card, mode: 'view'});
    await mutate(alice, 'presence.leave', {profileID: card});
    await mutate(alice, 'presence.leave', {profileID: card});
    const seen = (await presenceSeenBy(bob, card)).map(r => r.userID);
    expect(seen).not.toContain(alice.userID);
    expect(seen).toContain(bob.userID);
  });

  test('a beat sweeps rows nobody has refreshed for minutes, and keeps recent ones', async () => {
    const crashed = await makeUser(sql, 'shadchan');
    const idle = await makeUser(sql, 'shadchan');
    const other = await makeProfile(sql, bob.userID, 'general', 'נטושה');
    await sql`INSERT INTO card_presence (profile_id, user_id, mode, seen_at) VALUES
      (${other}, ${crashed.userID}, 'view', now() - interval '10 minutes'),
      (${other}, ${idle.userID}, 'view', now() - interval '1 minute')`;
    await mutate(alice, 'presence.beat', {profileID: card, mode: 'view'});
    expect((await rowsOf(other)).map(r => r.user_id)).toEqual([idle.userID]);
  });

  test('bad arguments are refused and nothing is written', async () => {
    const user = await makeUser(sql, 'shadchan', ['editTickets']);
    for (const args of [
      {profileID: card, mode: 'peek'},
      {profileID: card},
      {profileID: '', mode: 'view'},
      {profileID: 'x'.repeat(41), mode: 'view'},
      {profileID: 7, mode: 'view'},
    ]) {
      await expect(mutate(user, 'presence.beat', args)).rejects.toMatchObject({details: {code: 'invalidInput'}});
    }
    await expect(mutate(user, 'presence.leave', {profileID: ''})).rejects.toMatchObject({details: {code: 'invalidInput'}});
    expect(await sql`SELECT 1 FROM card_presence WHERE user_id = ${user.userID}`).toHaveLength(0);
  });

  test('while the site is in maintenance a non-admin’s beat is refused (the browser stays quiet about it)', async () => {
    await mutate(admin, 'site.update', {maintenance: true});
    try {
      await expect(mutate(viewer, 'presence.beat', {profileID: card, mode: 'view'})).rejects.toMatchObject({
        details: {code: 'maintenance'},
      });
      await mutate(admin, 'presence.beat', {profileID: card, mode: 'view'});
    } finally {
      await mutate(admin, 'site.update', {maintenance: false});
    }
  });

  test('rows go with their card and their user', async () => {
    const gone = await makeProfile(sql, bob.userID, 'general', 'נמחקת');
    const leaving = await makeUser(sql, 'shadchan');
    await mutate(alice, 'presence.beat', {profileID: gone, mode: 'view'});
    await mutate(leaving, 'presence.beat', {profileID: card, mode: 'view'});
    await sql`DELETE FROM profile WHERE id = ${gone}`;
    await sql`DELETE FROM app_user WHERE id = ${leaving.userID}`;
    expect(await sql`SELECT 1 FROM card_presence WHERE profile_id = ${gone} OR user_id = ${leaving.userID}`).toHaveLength(0);
  });

  test('the query endpoint serves candidates.presence by name, filtered by the server-built context', async () => {
    const signIn = await api.app.request('/api/dev/sign-in', {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({userID: alice.userID}),
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const res = await api.app.request('/api/zero/query?schema=kesher_0&appID=kesher', {
      method: 'POST',
      headers: {cookie, 'content-type': 'application/json'},
      body: JSON.stringify(['transform', [{id: 'q1', name: 'candidates.presence', args: [{id: card}]}]]),
    });
    expect(res.status).toBe(200);
    const body = JSON.stringify(await res.json());
    expect(body).toContain('card_presence');
    // The profile's visibility (general database or the user's own personal one) is part of the AST.
    expect(body).toContain(alice.userID);
    expect(body).toContain('"general"');
  });
});
