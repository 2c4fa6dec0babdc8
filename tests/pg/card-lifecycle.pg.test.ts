import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeUser} from '../support/fixtures.ts';
import {cardAccess} from '../support/card-access.ts';

/**
 * A card's life after it is made (spec §4), through the real server mutators and Postgres: closing and
 * reopening, active / engaged / blocked, approving or discarding temporary cards, and the database it
 * lives in (who may see it: card-visibility; restoring a value: card-history-restore). Each refusal
 * leaves the card as it was.
 */
const sql = connect(inject('databaseURL'));
const {mutate, rowOf, historyOf, pendingAs, binAs, sees, expectRefused, makeCard} = cardAccess(sql);
afterAll(() => sql.end());

let owner: AuthContext, shadchan: AuthContext, viewer: AuthContext, admin: AuthContext;
let curator: AuthContext, deleter: AuthContext, approver: AuthContext;
beforeAll(async () => {
  owner = await makeUser(sql, 'shadchan', ['editTickets', 'temporaryGeneralDatabase']);
  shadchan = await makeUser(sql, 'shadchan', ['editTickets']);
  viewer = await makeUser(sql, 'shadchan');
  admin = await makeUser(sql, 'admin');
  // Sees closed, deleted and blocked cards (and so may reopen), but may not block or delete.
  curator = await makeUser(sql, 'shadchan', ['editTickets', 'showDeletedProfiles']);
  deleter = await makeUser(sql, 'shadchan', ['editTickets', 'deleteProfiles']);
  approver = await makeUser(sql, 'shadchan', ['authorizeTemporaryProfiles']);
});

describe('closing and reopening', () => {
  test('a closed card leaves a shadchan’s list and card, stays with the administrator and showDeletedProfiles, and reopens', async () => {
    const id = await makeCard(owner);
    await mutate(owner, 'cards.close', {id});
    const closed = await rowOf(id);
    expect(closed.closed_at).toBeInstanceOf(Date);
    expect(closed.revision).toBe(1);
    expect(await historyOf(id)).toEqual([
      expect.objectContaining({revision: 1, field: 'closedAt', user_id: owner.userID, old_value: null}),
    ]);
    expect((await historyOf(id))[0]!.new_value).toEqual(expect.any(Number));

    expect(await sees(shadchan, id)).toBe(false);
    expect(await sees(owner, id)).toBe(false);
    expect(await sees(admin, id)).toBe(true);
    expect(await sees(curator, id)).toBe(true);

    // Reopening needs to see closed cards at all.
    await expectRefused(owner, 'cards.reopen', {id}, 'forbidden', [id]);
    await mutate(curator, 'cards.reopen', {id});
    expect(await rowOf(id)).toMatchObject({closed_at: null, revision: 2});
    expect((await historyOf(id)).at(-1)).toMatchObject({
      revision: 2,
      field: 'closedAt',
      user_id: curator.userID,
      new_value: null,
    });
    expect(await sees(shadchan, id)).toBe(true);
  });

  test('closing needs editTickets and a card the user sees; closing twice changes nothing', async () => {
    const id = await makeCard(owner);
    await expectRefused(viewer, 'cards.close', {id}, 'forbidden', [id]);
    const personal = await makeCard(owner, 'personal');
    await expectRefused(shadchan, 'cards.close', {id: personal}, 'notFound', [personal]);
    await mutate(admin, 'cards.close', {id});
    const once = await rowOf(id);
    await mutate(admin, 'cards.close', {id});
    expect(await rowOf(id)).toEqual(once);
  });
});

describe('state: active, engaged, blocked', () => {
  test('engaged is a revision of its own and stays in everyone’s list', async () => {
    const id = await makeCard(owner);
    await mutate(owner, 'cards.setState', {id, state: 'engaged'});
    expect(await rowOf(id)).toMatchObject({state: 'engaged', revision: 1});
    expect(await historyOf(id)).toEqual([
      expect.objectContaining({revision: 1, field: 'state', user_id: owner.userID, old_value: 'active', new_value: 'engaged'}),
    ]);
    expect(await sees(shadchan, id)).toBe(true);
    await mutate(owner, 'cards.setState', {id, state: 'active'});
    expect(await rowOf(id)).toMatchObject({state: 'active', revision: 2});
  });

  test('blocking needs deleteProfiles; a blocked card is hidden from a shadchan; unblocking needs it too', async () => {
    const id = await makeCard(owner);
    await expectRefused(owner, 'cards.setState', {id, state: 'blocked'}, 'forbidden', [id]);
    await expectRefused(viewer, 'cards.setState', {id, state: 'engaged'}, 'forbidden', [id]);

    await mutate(deleter, 'cards.setState', {id, state: 'blocked'});
    expect(await rowOf(id)).toMatchObject({state: 'blocked', revision: 1});
    expect(await sees(shadchan, id)).toBe(false);
    expect(await sees(owner, id)).toBe(false);
    expect(await sees(admin, id)).toBe(true);
    expect(await sees(curator, id)).toBe(true);

    // The curator sees the blocked card but may not lift the block.
    await expectRefused(curator, 'cards.setState', {id, state: 'active'}, 'forbidden', [id]);
    await mutate(admin, 'cards.setState', {id, state: 'active'});
    expect(await rowOf(id)).toMatchObject({state: 'active', revision: 2});
    expect(await sees(shadchan, id)).toBe(true);
  });

  test('a pending card is approved, not switched; pending is no state to set', async () => {
    const id = await makeCard(owner, 'general', 'pending');
    await expectRefused(owner, 'cards.setState', {id, state: 'engaged'}, 'forbidden', [id]);
    await expectRefused(admin, 'cards.setState', {id, state: 'active'}, 'forbidden', [id]);
    const active = await makeCard(owner);
    await expectRefused(owner, 'cards.setState', {id: active, state: 'pending'}, 'invalidInput', [active], {field: 'state'});
  });
});

describe('approving and discarding temporary cards', () => {
  test('approving in bulk makes each card active with its own history row', async () => {
    const ids = [
      await makeCard(owner, 'general', 'pending'),
      await makeCard(owner, 'general', 'pending'),
      await makeCard(owner, 'general', 'pending'),
    ];
    for (const id of ids) expect(await sees(shadchan, id)).toBe(false);
    expect(await pendingAs(approver)).toEqual(expect.arrayContaining(ids));

    await mutate(approver, 'cards.approve', {ids});
    for (const id of ids) {
      expect(await rowOf(id)).toMatchObject({state: 'active', revision: 1, deleted_at: null});
      expect(await historyOf(id)).toEqual([
        {id: `${id}:1:state`, revision: 1, field: 'state', user_id: approver.userID, old_value: 'pending', new_value: 'active'},
      ]);
      expect(await sees(shadchan, id)).toBe(true);
    }
    const pending = await pendingAs(approver);
    for (const id of ids) expect(pending).not.toContain(id);

    // Approving again (or an active card) changes nothing.
    await mutate(approver, 'cards.approve', {ids: [ids[0]!, ids[0]!]});
    expect((await rowOf(ids[0]!)).revision).toBe(1);
  });

  test('discarding in bulk moves the cards to the recycling bin', async () => {
    const ids = [await makeCard(owner, 'general', 'pending'), await makeCard(owner, 'general', 'pending')];
    await mutate(approver, 'cards.discard', {ids});
    for (const id of ids) {
      const row = await rowOf(id);
      expect(row.deleted_at).toBeInstanceOf(Date);
      expect(row.revision).toBe(1);
      expect(await historyOf(id)).toEqual([
        expect.objectContaining({revision: 1, field: 'deletedAt', user_id: approver.userID, old_value: null}),
      ]);
    }
    expect(await binAs(admin)).toEqual(expect.arrayContaining(ids));
    // A discarded card stays pending underneath, so the bin shows it to those who also approve.
    const binKeeper = await makeUser(sql, 'shadchan', ['showDeletedProfiles', 'authorizeTemporaryProfiles']);
    expect(await binAs(binKeeper)).toEqual(expect.arrayContaining(ids));
    expect(await binAs(shadchan)).toEqual([]);
    const pending = await pendingAs(approver);
    for (const id of ids) expect(pending).not.toContain(id);
  });

  test('without authorizeTemporaryProfiles nothing is approved or discarded', async () => {
    const ids = [await makeCard(owner, 'general', 'pending'), await makeCard(owner, 'general', 'pending')];
    await expectRefused(owner, 'cards.approve', {ids}, 'forbidden', ids);
    await expectRefused(shadchan, 'cards.discard', {ids}, 'forbidden', ids);
    expect(await pendingAs(owner)).toEqual([]);
  });

  test('a batch holding a card the approver may not see is refused whole', async () => {
    const visible = await makeCard(owner, 'general', 'pending');
    const hidden = await makeCard(shadchan, 'personal', 'pending');
    await expectRefused(approver, 'cards.approve', {ids: [visible, hidden]}, 'notFound', [visible, hidden]);
  });

  test('an empty batch is invalid', async () => {
    await expect(mutate(approver, 'cards.approve', {ids: []})).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [{field: 'ids', message: 'required'}]},
    });
  });
});

describe('the database a card lives in', () => {
  test('only its shadchan (or an administrator) moves it', async () => {
    const id = await makeCard(owner);
    expect(await sees(shadchan, id)).toBe(true);
    await expectRefused(shadchan, 'cards.setDatabase', {id, database: 'personal'}, 'forbidden', [id]);
    await expectRefused(owner, 'cards.setDatabase', {id, database: 'secret'}, 'invalidInput', [id], {field: 'database'});
  });

  test('from personal to general by its owner: another shadchan now sees it', async () => {
    const id = await makeCard(owner, 'personal');
    expect(await sees(shadchan, id)).toBe(false);
    await mutate(owner, 'cards.setDatabase', {id, database: 'general'});
    expect(await rowOf(id)).toMatchObject({database: 'general', revision: 1});
    expect(await historyOf(id)).toEqual([
      expect.objectContaining({field: 'database', old_value: 'personal', new_value: 'general', user_id: owner.userID}),
    ]);
    expect(await sees(shadchan, id)).toBe(true);

    // An administrator may move anyone’s card back.
    await mutate(admin, 'cards.setDatabase', {id, database: 'personal'});
    expect(await sees(shadchan, id)).toBe(false);
    expect(await sees(owner, id)).toBe(true);
  });
});
