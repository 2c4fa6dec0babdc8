import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * Notes through the server's own query definition (what zero-cache runs for each client) and server
 * mutators: a personal note's row reaches its author and nobody else, the administrator included.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

const notesSeenBy = async (ctx: AuthContext, profileID: string) =>
  (await db.transaction(tx => tx.run(queries.candidates.notes.fn({args: {id: profileID}, ctx})))).map(n => n.body).sort();

let author: AuthContext, colleague: AuthContext, admin: AuthContext, viewer: AuthContext, card: string;
beforeAll(async () => {
  author = await makeUser(sql, 'shadchan', ['editTickets']);
  colleague = await makeUser(sql, 'shadchan', ['editTickets']);
  admin = await makeUser(sql, 'admin');
  viewer = await makeUser(sql, 'shadchan');
  card = await makeProfile(sql, colleague.userID, 'general', 'הערות');
  await mutate(author, 'notes.add', {id: 'n-shared', profileID: card, body: 'המשפחה ביקשה לחכות אחרי החגים', personal: false});
  await mutate(author, 'notes.add', {id: 'n-personal', profileID: card, body: 'לבדוק שוב עם הרב', personal: true});
});

describe('profile notes', () => {
  test('a personal note reaches its author only; shared notes reach everyone who sees the card', async () => {
    expect(await notesSeenBy(author, card)).toEqual(['המשפחה ביקשה לחכות אחרי החגים', 'לבדוק שוב עם הרב']);
    expect(await notesSeenBy(colleague, card)).toEqual(['המשפחה ביקשה לחכות אחרי החגים']);
    expect(await notesSeenBy(admin, card)).toEqual(['המשפחה ביקשה לחכות אחרי החגים']);
  });

  test('notes on a card the user may not see do not reach them', async () => {
    const personalCard = await makeProfile(sql, author.userID, 'personal', 'פרטי');
    await mutate(author, 'notes.add', {id: 'n-private-card', profileID: personalCard, body: 'גלוי רק לי', personal: false});
    expect(await notesSeenBy(colleague, personalCard)).toEqual([]);
    await expect(
      mutate(colleague, 'notes.add', {id: 'n-x', profileID: personalCard, body: 'ניסיון', personal: true}),
    ).rejects.toMatchObject({details: {code: 'notFound'}});
  });

  test('without editTickets a user may keep personal notes but not share one', async () => {
    await expect(
      mutate(viewer, 'notes.add', {id: 'n-v1', profileID: card, body: 'שיתוף', personal: false}),
    ).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
    await mutate(viewer, 'notes.add', {id: 'n-v2', profileID: card, body: 'לעצמי', personal: true});
    expect(await notesSeenBy(viewer, card)).toContain('לעצמי');
    expect(await notesSeenBy(author, card)).not.toContain('לעצמי');
  });

  test('an empty or oversized note is refused and nothing is written', async () => {
    for (const body of ['   ', 'א'.repeat(2001)]) {
      await expect(mutate(author, 'notes.add', {id: 'n-bad', profileID: card, body, personal: false})).rejects.toMatchObject({
        details: {code: 'invalidInput'},
      });
    }
    expect(await sql`SELECT 1 FROM profile_note WHERE id = 'n-bad'`).toHaveLength(0);
  });

  test('only the author removes a note; the administrator may remove shared ones but cannot reach personal ones', async () => {
    await expect(mutate(colleague, 'notes.remove', {id: 'n-shared'})).rejects.toMatchObject({details: {code: 'forbidden'}});
    await expect(mutate(admin, 'notes.remove', {id: 'n-personal'})).rejects.toMatchObject({details: {code: 'notFound'}});
    await mutate(admin, 'notes.remove', {id: 'n-shared'});
    await mutate(author, 'notes.remove', {id: 'n-personal'});
    expect(await sql`SELECT id FROM profile_note WHERE id IN ('n-shared', 'n-personal')`).toHaveLength(0);
  });

  test("undoing a removal brings the author's note back as it was: id, text, kind, author and time", async () => {
    await mutate(author, 'notes.add', {id: 'n-undo', profileID: card, body: 'לחזור אליהם אחרי שבת', personal: true});
    const [before] = await sql`SELECT * FROM profile_note WHERE id = 'n-undo'`;
    await mutate(author, 'notes.remove', {id: 'n-undo'});
    const note = {id: 'n-undo', profileID: card, body: before!.body, personal: true, createdAt: before!.created_at.getTime()};

    // A time that has not come yet is refused, and nothing is written.
    await expect(mutate(author, 'notes.restore', {...note, createdAt: Date.now() + 60_000})).rejects.toMatchObject({
      details: {code: 'invalidInput'},
    });
    expect(await sql`SELECT 1 FROM profile_note WHERE id = 'n-undo'`).toHaveLength(0);

    await mutate(author, 'notes.restore', note);
    expect(await sql`SELECT * FROM profile_note WHERE id = 'n-undo'`).toEqual([before]);
    expect(await notesSeenBy(author, card)).toContain('לחזור אליהם אחרי שבת');
    expect(await notesSeenBy(colleague, card)).not.toContain('לחזור אליהם אחרי שבת');
    // Once back, its id is taken: a second undo (or anyone else's) is refused and changes nothing.
    await expect(mutate(colleague, 'notes.restore', note)).rejects.toMatchObject({details: {code: 'invalidInput'}});
    expect(await sql`SELECT * FROM profile_note WHERE id = 'n-undo'`).toEqual([before]);
  });

  test('a restore is a write by the caller: their name on it, their rights and their cards', async () => {
    await mutate(author, 'notes.add', {id: 'n-gone', profileID: card, body: 'הערה משותפת', personal: false});
    const [before] = await sql`SELECT created_at FROM profile_note WHERE id = 'n-gone'`;
    await mutate(author, 'notes.remove', {id: 'n-gone'});
    const note = {id: 'n-gone', profileID: card, body: 'הערה משותפת', personal: false, createdAt: before!.created_at.getTime()};

    // Without editTickets no shared note, restored or not; on a card the user may not see, no note at all.
    await expect(mutate(viewer, 'notes.restore', note)).rejects.toMatchObject({details: {code: 'forbidden'}});
    const hidden = await makeProfile(sql, author.userID, 'personal', 'מוסתר');
    await expect(mutate(colleague, 'notes.restore', {...note, profileID: hidden})).rejects.toMatchObject({
      details: {code: 'notFound'},
    });
    // Someone else who restores it writes it as their own: nobody writes a note in another's name.
    await mutate(colleague, 'notes.restore', note);
    expect(await sql`SELECT author_id FROM profile_note WHERE id = 'n-gone'`).toEqual([{author_id: colleague.userID}]);
  });
});
