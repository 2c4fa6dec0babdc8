import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {createSession, readSession} from '../../server/auth/session.ts';
import {cardValues, makeProfile, makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * A card's life after it is made (spec §4), through the real server mutators and Postgres: closing and
 * reopening, active / engaged / blocked, approving or discarding temporary cards, the database it lives
 * in, who may see it, and restoring a value from its history. Each refusal leaves the card as it was.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

const rowOf = async (id: string) =>
  (await sql`SELECT * FROM profile LEFT JOIN profile_detail ON profile_id = id WHERE id = ${id}`)[0]!;
const historyOf = (id: string) =>
  sql`SELECT id, revision, field, user_id, old_value, new_value FROM profile_revision
      WHERE profile_id = ${id} ORDER BY revision, field`;
const viewersOf = async (id: string) =>
  (await sql`SELECT user_id FROM profile_viewer WHERE profile_id = ${id} ORDER BY user_id`).map(r => r.user_id as string);

const cardAs = (ctx: AuthContext, id: string) => db.transaction(tx => tx.run(queries.candidates.card.fn({args: {id}, ctx})));
const listAs = (ctx: AuthContext, search: string) =>
  db
    .transaction(tx => tx.run(queries.candidates.list.fn({args: {filters: {search}, sort: 'name', dir: 'asc', limit: 100}, ctx})))
    .then(rows => rows.map(r => r.id));
const pendingAs = (ctx: AuthContext) =>
  db.transaction(tx => tx.run(queries.candidates.pending.fn({args: undefined, ctx}))).then(rows => rows.map(r => r.id));
const binAs = (ctx: AuthContext) =>
  db.transaction(tx => tx.run(queries.candidates.bin.fn({args: undefined, ctx}))).then(rows => rows.map(r => r.id));
const viewersAs = (ctx: AuthContext, id: string) =>
  db.transaction(tx => tx.run(queries.candidates.viewers.fn({args: {id}, ctx}))).then(rows => rows.map(r => r.userID).sort());
/** Whether the card is in this user's list and opens for them. */
const sees = async (ctx: AuthContext, id: string) => {
  const {surname} = await rowOf(id);
  const inList = (await listAs(ctx, surname as string)).includes(id);
  const opens = (await cardAs(ctx, id)) !== undefined;
  expect(inList, 'the list and the card agree').toBe(opens);
  return opens;
};

/** A refusal with this code, and the card's row and history exactly as before. */
async function expectRefused(
  ctx: AuthContext,
  name: string,
  args: ReadonlyJSONObject,
  code: string,
  cardIDs: string[],
  issue?: {field: string; message?: string},
) {
  const before = await Promise.all(
    cardIDs.map(async id => ({row: await rowOf(id), history: await historyOf(id), viewers: await viewersOf(id)})),
  );
  const error = await mutate(ctx, name, args).then(
    () => undefined,
    (e: {details?: {code?: string; issues?: unknown[]}}) => e,
  );
  expect(error, `${name} was refused`).toBeDefined();
  expect(error!.details?.code).toBe(code);
  if (issue) expect(error!.details?.issues).toContainEqual(expect.objectContaining(issue));
  const after = await Promise.all(
    cardIDs.map(async id => ({row: await rowOf(id), history: await historyOf(id), viewers: await viewersOf(id)})),
  );
  expect(after).toEqual(before);
}

let owner: AuthContext, shadchan: AuthContext, viewer: AuthContext, admin: AuthContext, blockedUser: AuthContext;
let curator: AuthContext, deleter: AuthContext, approver: AuthContext, historian: AuthContext;
beforeAll(async () => {
  owner = await makeUser(sql, 'shadchan', ['editTickets', 'temporaryGeneralDatabase']);
  shadchan = await makeUser(sql, 'shadchan', ['editTickets']);
  viewer = await makeUser(sql, 'shadchan');
  admin = await makeUser(sql, 'admin');
  blockedUser = await makeUser(sql, 'blocked');
  // Sees closed, deleted and blocked cards (and so may reopen), but may not block or delete.
  curator = await makeUser(sql, 'shadchan', ['editTickets', 'showDeletedProfiles']);
  deleter = await makeUser(sql, 'shadchan', ['editTickets', 'deleteProfiles']);
  approver = await makeUser(sql, 'shadchan', ['authorizeTemporaryProfiles']);
  historian = await makeUser(sql, 'shadchan', ['editTickets', 'viewChangeHistory']);
});

/** A card of `ctx` with a surname of its own (so a list search finds it alone), written directly. */
async function makeCard(ctx: AuthContext, database: 'general' | 'personal' = 'general', state = 'active') {
  const id = await makeProfile(sql, ctx.userID, database, `מחזור${Math.random().toString(36).slice(2, 10)}`);
  if (state !== 'active') await sql`UPDATE profile SET state = ${state} WHERE id = ${id}`;
  return id;
}

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

  test('the session says whether any card is open to the user as a chosen party; the rule leaves the viewers out only when none is', async () => {
    const newcomer = await makeUser(sql, 'shadchan', ['editTickets']);
    const {token} = await createSession(sql, newcomer.userID, 'test');
    const ctxNow = async () => (await readSession(sql, token))!.ctx;
    expect(await ctxNow()).toMatchObject({userID: newcomer.userID, chosenViewer: false});
    const id = await makeCard(owner);
    await mutate(owner, 'cards.setVisibility', {id, visibility: 'chosen', viewerIDs: [newcomer.userID]});
    const before = {...newcomer, chosenViewer: false};
    // A context read before the card was opened to them: zero-cache transforms the open queries again
    // within seconds with the session as it is then (server/stack/zero-cache.ts), which finds the card.
    expect(await sees(before, id)).toBe(false);
    const after = await ctxNow();
    expect(after.chosenViewer).toBe(true);
    expect(await sees(after, id)).toBe(true);
    // Never wider: false for someone chosen still shows the cards open to all, and nothing chosen.
    expect(await sees({...notChosen, chosenViewer: false}, id)).toBe(false);
    expect(await sees({...notChosen, chosenViewer: false}, await makeCard(owner))).toBe(true);
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

describe('restoring a value from the history', () => {
  /** The card's edit form, as cards.save takes it, at `revision`. */
  const saved = (id: string, revision: number, city: string, height: number) => {
    const {details} = cardValues() as {details: object};
    return {id, revision, ...cardValues({surname: 'שחזור', city, details: {...details, height}})} as ReadonlyJSONObject;
  };

  /** A card saved twice: first complete (height 170), then with the city and the height changed. */
  async function editedCard(ctx: AuthContext = owner, database: 'general' | 'personal' = 'general') {
    const id = await makeCard(ctx, database);
    await mutate(ctx, 'cards.save', saved(id, 0, 'בני ברק', 170));
    await mutate(ctx, 'cards.save', saved(id, 1, 'ירושלים', 180));
    expect(await rowOf(id)).toMatchObject({city: 'ירושלים', revision: 2, details: expect.objectContaining({height: 180})});
    return id;
  }

  test('the city set back to its old value as a new revision, the other change kept', async () => {
    const id = await editedCard();
    await mutate(historian, 'cards.restoreValue', {revisionID: `${id}:2:city`});
    expect(await rowOf(id)).toMatchObject({city: 'בני ברק', revision: 3, details: expect.objectContaining({height: 180})});
    expect((await historyOf(id)).filter(r => r.revision === 3)).toEqual([
      {id: `${id}:3:city`, revision: 3, field: 'city', user_id: historian.userID, old_value: 'ירושלים', new_value: 'בני ברק'},
    ]);

    await mutate(historian, 'cards.restoreValue', {revisionID: `${id}:2:details.height`});
    expect(await rowOf(id)).toMatchObject({city: 'בני ברק', revision: 4, details: expect.objectContaining({height: 170})});
  });

  test('refused without viewChangeHistory or editTickets', async () => {
    const id = await editedCard();
    await expectRefused(shadchan, 'cards.restoreValue', {revisionID: `${id}:2:city`}, 'forbidden', [id]);
    const reader = await makeUser(sql, 'shadchan', ['viewChangeHistory']);
    await expectRefused(reader, 'cards.restoreValue', {revisionID: `${id}:2:city`}, 'forbidden', [id]);
  });

  test('a row of a card the user may not see, or no such row: notFound', async () => {
    const hidden = await editedCard(shadchan, 'personal');
    await expectRefused(historian, 'cards.restoreValue', {revisionID: `${hidden}:2:city`}, 'notFound', [hidden]);
    const id = await makeCard(owner);
    await expectRefused(historian, 'cards.restoreValue', {revisionID: `${id}:9:city`}, 'notFound', [id]);
  });

  test('a move (state, bin, database) is not a value to restore', async () => {
    const id = await makeCard(owner);
    await mutate(owner, 'cards.setState', {id, state: 'engaged'});
    await expectRefused(historian, 'cards.restoreValue', {revisionID: `${id}:1:state`}, 'forbidden', [id]);
  });
});
