import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {CHOSEN_CARDS_NAMED, createSession, readSession} from '../../server/auth/session.ts';
import {makeUser} from '../support/fixtures.ts';
import {cardAccess} from '../support/card-access.ts';

/**
 * Who may see a card (spec §4), through the real read rule, server mutators and Postgres: open to all or
 * to chosen parties, the session's word on whether any card is open to the user, and who chooses. Each
 * refusal leaves the card as it was.
 */
const sql = connect(inject('databaseURL'));
const {mutate, rowOf, historyOf, sees, viewersAs, viewersOf, expectRefused, makeCard} = cardAccess(sql);
afterAll(() => sql.end());

let owner: AuthContext, shadchan: AuthContext, viewer: AuthContext, admin: AuthContext, blockedUser: AuthContext;
beforeAll(async () => {
  owner = await makeUser(sql, 'shadchan', ['editTickets', 'temporaryGeneralDatabase']);
  shadchan = await makeUser(sql, 'shadchan', ['editTickets']);
  viewer = await makeUser(sql, 'shadchan');
  admin = await makeUser(sql, 'admin');
  blockedUser = await makeUser(sql, 'blocked');
});

describe('who may see a card', () => {
  let chosen: AuthContext, notChosen: AuthContext;
  beforeAll(async () => {
    chosen = await makeUser(sql, 'shadchan', ['editTickets']);
    notChosen = await makeUser(sql, 'shadchan', ['editTickets']);
  });

  test('chosen visibility: only the chosen, the owner and administrators see it; back to all opens it again', async () => {
    const id = await makeCard(owner);
    await mutate(owner, 'cards.setVisibility', {id, visibility: 'chosen', viewerIDs: [chosen.userID]});
    expect(await rowOf(id)).toMatchObject({visibility: 'chosen', revision: 1});
    expect(await viewersOf(id)).toEqual([chosen.userID]);
    expect(await historyOf(id)).toEqual([
      expect.objectContaining({field: 'visibility', old_value: 'all', new_value: 'chosen', user_id: owner.userID}),
    ]);

    expect(await sees(notChosen, id)).toBe(false);
    expect(await sees(chosen, id)).toBe(true);
    expect(await sees(owner, id)).toBe(true);
    expect(await sees(admin, id)).toBe(true);

    await mutate(owner, 'cards.setVisibility', {id, visibility: 'all', viewerIDs: [chosen.userID]});
    expect(await rowOf(id)).toMatchObject({visibility: 'all', revision: 2});
    expect(await viewersOf(id)).toEqual([]);
    expect(await sees(notChosen, id)).toBe(true);
  });

  test('the session names the cards open to the user as a chosen party; without it the rule asks the viewers of each card', async () => {
    const newcomer = await makeUser(sql, 'shadchan', ['editTickets']);
    const {token} = await createSession(sql, newcomer.userID, 'test');
    const ctxNow = async () => (await readSession(sql, token))!.ctx;
    expect(await ctxNow()).toMatchObject({userID: newcomer.userID, chosenCards: []});
    const id = await makeCard(owner);
    await mutate(owner, 'cards.setVisibility', {id, visibility: 'chosen', viewerIDs: [newcomer.userID]});
    const before = {...newcomer, chosenCards: []};
    // A context read before the card was opened to them: zero-cache transforms the open queries again
    // within seconds with the session as it is then (server/stack/zero-cache.ts), which finds the card.
    expect(await sees(before, id)).toBe(false);
    const after = await ctxNow();
    expect(after.chosenCards).toEqual([id]);
    expect(await sees(after, id)).toBe(true);
    // The same answer from the viewers themselves, for a context without the list.
    expect(await sees({...newcomer, chosenCards: undefined}, id)).toBe(true);
    expect(await sees({...notChosen, chosenCards: undefined}, id)).toBe(false);
    // Never wider: a list names only cards open to chosen parties, and an empty one shows the cards open to
    // all and nothing chosen.
    const openToAll = await makeCard(owner);
    expect(await sees({...notChosen, chosenCards: []}, id)).toBe(false);
    expect(await sees({...notChosen, chosenCards: []}, openToAll)).toBe(true);
    const personal = await makeCard(owner, 'personal');
    await sql`UPDATE profile SET visibility = 'chosen' WHERE id = ${personal}`;
    expect(await sees({...notChosen, chosenCards: [personal]}, personal)).toBe(false);
    // Taken off the card: the next read of the session no longer names it.
    await mutate(owner, 'cards.setVisibility', {id, visibility: 'chosen', viewerIDs: [notChosen.userID]});
    expect(await ctxNow()).toMatchObject({chosenCards: []});
    expect(await sees(await ctxNow(), id)).toBe(false);
  });

  test('a user chosen for more cards than the session names is found through the viewers', async () => {
    const many = await makeUser(sql, 'shadchan', ['editTickets']);
    const {token} = await createSession(sql, many.userID, 'test');
    const ids = [];
    for (let i = 0; i <= CHOSEN_CARDS_NAMED; i++) ids.push(await makeCard(owner));
    await sql`UPDATE profile SET visibility = 'chosen' WHERE id IN ${sql(ids)}`;
    await sql`INSERT INTO profile_viewer ${sql(ids.map(profile_id => ({profile_id, user_id: many.userID})))}`;
    const ctx = (await readSession(sql, token))!.ctx;
    expect(ctx.chosenCards).toBeUndefined();
    expect(await sees(ctx, ids.at(-1)!)).toBe(true);
  });

  test('the chosen viewers are listed only to the owner and administrators', async () => {
    const id = await makeCard(owner);
    const viewerIDs = [chosen.userID, notChosen.userID].sort();
    await mutate(owner, 'cards.setVisibility', {id, visibility: 'chosen', viewerIDs});
    expect(await viewersAs(owner, id)).toEqual(viewerIDs);
    expect(await viewersAs(admin, id)).toEqual(viewerIDs);
    expect(await viewersAs(chosen, id)).toEqual([]);
    expect(await viewersAs(shadchan, id)).toEqual([]);

    // Choosing again replaces the list.
    await mutate(owner, 'cards.setVisibility', {id, visibility: 'chosen', viewerIDs: [notChosen.userID]});
    expect(await viewersOf(id)).toEqual([notChosen.userID]);
    expect(await sees(chosen, id)).toBe(false);
  });

  test('an unknown or blocked user cannot be chosen, and nothing is written', async () => {
    const id = await makeCard(owner);
    const issue = {field: 'viewerIDs'};
    await expectRefused(
      owner,
      'cards.setVisibility',
      {id, visibility: 'chosen', viewerIDs: [chosen.userID, 'u-nobody']},
      'userUnknown',
      [id],
      issue,
    );
    await expectRefused(
      owner,
      'cards.setVisibility',
      {id, visibility: 'chosen', viewerIDs: [blockedUser.userID]},
      'userUnknown',
      [id],
      issue,
    );
  });

  test('only its shadchan or an administrator chooses', async () => {
    const id = await makeCard(owner);
    await expectRefused(shadchan, 'cards.setVisibility', {id, visibility: 'chosen', viewerIDs: [shadchan.userID]}, 'forbidden', [
      id,
    ]);
    await expectRefused(viewer, 'cards.setVisibility', {id, visibility: 'chosen', viewerIDs: []}, 'forbidden', [id]);
    await mutate(admin, 'cards.setVisibility', {id, visibility: 'chosen', viewerIDs: []});
    expect(await sees(shadchan, id)).toBe(false);
    expect(await sees(owner, id)).toBe(true);
  });
});
