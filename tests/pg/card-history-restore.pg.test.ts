import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {cardValues, makeUser} from '../support/fixtures.ts';
import {cardAccess} from '../support/card-access.ts';

/**
 * Restoring a value from a card's history (spec §4), through the real server mutators and Postgres: a new
 * revision with the old value, refused without the rights, for a hidden card, or for a move.
 */
const sql = connect(inject('databaseURL'));
const {mutate, rowOf, historyOf, expectRefused, makeCard} = cardAccess(sql);
afterAll(() => sql.end());

let owner: AuthContext, shadchan: AuthContext, historian: AuthContext;
beforeAll(async () => {
  owner = await makeUser(sql, 'shadchan', ['editTickets', 'temporaryGeneralDatabase']);
  shadchan = await makeUser(sql, 'shadchan', ['editTickets']);
  historian = await makeUser(sql, 'shadchan', ['editTickets', 'viewChangeHistory']);
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
