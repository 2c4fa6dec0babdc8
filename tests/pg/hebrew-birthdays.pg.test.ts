import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import {civilToday, hebrewBirthdaysWithin} from '../../app/lib/hebrew-birthdays.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * The cards whose Hebrew birthdays the bell and the dashboard follow (issue 37), through the real named
 * query: the user's own open cards with a birth date, and nothing they may not see.
 */
const sql = connect(inject('databaseURL'));
const {db} = serverSide(sql);
afterAll(() => sql.end());

const birthdaysAs = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.candidates.birthdays.fn({args: undefined, ctx})));

let owner: AuthContext, other: AuthContext, admin: AuthContext;
beforeAll(async () => {
  owner = await makeUser(sql, 'shadchan', ['editTickets']);
  other = await makeUser(sql, 'shadchan', ['editTickets']);
  admin = await makeUser(sql, 'admin');
});

describe('the cards of the Hebrew birthdays', () => {
  test('only the user’s own open cards: not another’s, nor a closed, deleted or engaged one', async () => {
    const mine = await makeProfile(sql, owner.userID, 'general');
    const personal = await makeProfile(sql, owner.userID, 'personal');
    const others = await makeProfile(sql, other.userID, 'general');
    const closed = await makeProfile(sql, owner.userID, 'general');
    await sql`UPDATE profile SET closed_at = now() WHERE id = ${closed}`;
    const deleted = await makeProfile(sql, owner.userID, 'general');
    await sql`UPDATE profile SET deleted_at = now() WHERE id = ${deleted}`;
    const engaged = await makeProfile(sql, owner.userID, 'general');
    await sql`UPDATE profile SET state = 'engaged' WHERE id = ${engaged}`;

    const ids = (await birthdaysAs(owner)).map(r => r.id);
    expect(ids).toEqual(expect.arrayContaining([mine, personal]));
    for (const id of [others, closed, deleted, engaged]) expect(ids).not.toContain(id);
    // An administrator sees every card, but the birthdays are of their own cards alone.
    expect((await birthdaysAs(admin)).map(r => r.id)).not.toContain(mine);
    // Another shadchan never gets the owner's personal card, nor their general one, as a birthday.
    const theirs = (await birthdaysAs(other)).map(r => r.id);
    expect(theirs).toContain(others);
    expect(theirs).not.toContain(personal);
    expect(theirs).not.toContain(mine);
  });

  test('a card moved to another shadchan leaves the old owner’s birthdays, and one born this week is found', async () => {
    const id = await makeProfile(sql, owner.userID, 'general');
    // A birth date thirty-odd years ago whose Hebrew birthday is today.
    const today = civilToday();
    let birth = today - 30 * 365 * 86_400_000;
    while (!hebrewBirthdaysWithin([{birthDate: birth}], today, 1).length) birth -= 86_400_000;
    await sql`UPDATE profile SET birth_date = ${new Date(birth).toISOString().slice(0, 10)} WHERE id = ${id}`;
    const rows = await birthdaysAs(owner);
    expect(hebrewBirthdaysWithin(rows, today, 7).map(b => b.card.id)).toContain(id);
    await sql`UPDATE profile SET owner_id = ${other.userID} WHERE id = ${id}`;
    expect((await birthdaysAs(owner)).map(r => r.id)).not.toContain(id);
  });
});
