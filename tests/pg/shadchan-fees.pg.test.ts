import {readFileSync} from 'node:fs';
import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser, newCard} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * The shadchan's fees as a sum with its currency (issue 30, spec §9): typed in any usual way, kept as
 * "1500 ILS"; what is no sum is refused at the field. Cards from before (free text) were converted by
 * migrations/0051, and text that is no sum moved, not lost.
 */
const sql = connect(inject('databaseURL'));
const {mutate} = serverSide(sql);
afterAll(() => sql.end());

let editor: AuthContext;
beforeAll(async () => {
  editor = await makeUser(sql, 'shadchan', ['editTickets']);
});
const feesOf = async (id: string) =>
  (await sql`SELECT details->'shadchanFees' AS fees FROM profile_detail WHERE profile_id = ${id}`)[0]!.fees;

describe('shadchan fees', () => {
  test.each([
    ['1,500 ₪', '1500 ILS'],
    ['$300', '300 USD'],
    ['250 יורו', '250 EUR'],
    ['2000', '2000 ILS'],
    ['1500 ILS', '1500 ILS'],
  ])('%s is kept as %s', async (typed, kept) => {
    const card = newCard();
    await mutate(editor, 'cards.create', {
      ...card,
      details: {...(card.details as object), shadchanFees: typed},
    } as ReadonlyJSONObject);
    expect(await feesOf(card.id)).toBe(kept);
  });

  test.each(['לפי המקובל', '5000 ₪ $', '-50', '2000000'])('%s is refused at its field, nothing written', async typed => {
    const card = newCard();
    await expect(
      mutate(editor, 'cards.create', {
        ...card,
        details: {...(card.details as object), shadchanFees: typed},
      } as ReadonlyJSONObject),
    ).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [{field: 'details.shadchanFees', message: 'invalidAmount'}]},
    });
    expect(await sql`SELECT id FROM profile WHERE id = ${card.id}`).toEqual([]);
  });

  test('migration 0051: free text that reads as a sum becomes one; other text moves to the financial expectations', async () => {
    const cards = {
      shekels: '3,000 ש"ח',
      dollars: '500 $',
      kept: '1500 ILS',
      words: 'לפי המקובל',
    } as const;
    const ids = {} as Record<keyof typeof cards, string>;
    for (const [name, fees] of Object.entries(cards) as [keyof typeof cards, string][]) {
      ids[name] = await makeProfile(sql, editor.userID, 'general');
      const details = name === 'words' ? {shadchanFees: fees, financialExpectations: 'דירה'} : {shadchanFees: fees};
      await sql`UPDATE profile_detail SET details = ${sql.json(details)} WHERE profile_id = ${ids[name]}`;
    }
    await sql.unsafe(readFileSync(new URL('../../migrations/0051_shadchan_fees_money.sql', import.meta.url), 'utf8'));
    expect(await feesOf(ids.shekels)).toBe('3000 ILS');
    expect(await feesOf(ids.dollars)).toBe('500 USD');
    expect(await feesOf(ids.kept)).toBe('1500 ILS');
    const [moved] = await sql`SELECT details FROM profile_detail WHERE profile_id = ${ids.words}`;
    expect(moved!.details).toEqual({financialExpectations: 'דירה\nדמי שדכנות: לפי המקובל'});
  });
});
