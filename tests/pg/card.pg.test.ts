import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import {schema} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {runServerMutator} from '../../server/zero/endpoints.ts';
import {cardValues, makeProfile, makeUser} from '../support/fixtures.ts';

/** The full card's save through the real server mutator and Postgres: validation, conflicts, history. */
const sql = connect(inject('databaseURL'));
const db = zeroPostgresJS(schema, sql);
afterAll(() => sql.end());

const save = (ctx: AuthContext, args: ReadonlyJSONObject) => db.transaction(tx => runServerMutator(tx, 'cards.save', args, ctx));
const rowOf = async (id: string) =>
  (await sql`SELECT * FROM profile LEFT JOIN profile_detail ON profile_id = id WHERE id = ${id}`)[0]!;

let editor: AuthContext, viewer: AuthContext, historian: AuthContext, other: AuthContext;
beforeAll(async () => {
  editor = await makeUser(sql, 'shadchan', ['editTickets']);
  historian = await makeUser(sql, 'shadchan', ['editTickets', 'viewChangeHistory']);
  viewer = await makeUser(sql, 'shadchan');
  other = await makeUser(sql, 'shadchan', ['editTickets']);
});

/** A complete, valid card for a profile at revision 0, with a few optional details too. */
async function freshCard(): Promise<Record<string, unknown> & {id: string}> {
  const id = await makeProfile(sql, other.userID, 'general', 'כרטיס');
  const {details} = cardValues() as {details: object};
  return {
    id,
    revision: 0,
    ...cardValues({surname: 'כרטיס', details: {...details, height: 178, build: 'average', degrees: ['ba'], smoker: false}}),
  };
}

describe('cards.save', () => {
  test('saves every field, phones in E.164, bumps the revision and records each changed field', async () => {
    const card = await freshCard();
    await save(editor, {...card, city: 'ירושלים', colour: 'blue', openFrom: '2026-12-01'} as ReadonlyJSONObject);
    const row = await rowOf(card.id);
    expect(row).toMatchObject({city: 'ירושלים', colour: 'blue', revision: 1});
    expect(row.details).toMatchObject({suggestionsPhone: '+972501234567', inquiryPhones: ['+97236123456'], height: 178});
    const fields = (await sql`SELECT field FROM profile_revision WHERE profile_id = ${card.id} ORDER BY field`).map(r => r.field);
    expect(fields).toContain('city');
    expect(fields).toContain('colour');
    expect(fields).toContain('details.occupation');
    expect(fields).not.toContain('forename');
    const [city] =
      await sql`SELECT old_value, new_value, user_id FROM profile_revision WHERE profile_id = ${card.id} AND field = 'city'`;
    expect(city).toEqual({old_value: 'בני ברק', new_value: 'ירושלים', user_id: editor.userID});
  });

  test('an edit begun on an older revision merges: what others saved since in other fields stays', async () => {
    const card = await freshCard();
    await save(editor, card as ReadonlyJSONObject);
    // A's form showed revision 1; B saves the languages (revision 2); A then sends the workplace only.
    await save(other, {id: card.id, revision: 1, details: {languages: 'עברית, אנגלית'}});
    await save(editor, {id: card.id, revision: 1, details: {workplace: 'גן ילדים'}});
    const row = await rowOf(card.id);
    expect(row).toMatchObject({
      revision: 3,
      details: expect.objectContaining({languages: 'עברית, אנגלית', workplace: 'גן ילדים'}),
    });
    expect(row.details.occupation).toBe((card.details as {occupation: string}).occupation);
    expect(
      await sql`SELECT revision, field, user_id FROM profile_revision WHERE profile_id = ${card.id} AND revision > 1 ORDER BY revision`,
    ).toEqual([
      {revision: 2, field: 'details.languages', user_id: other.userID},
      {revision: 3, field: 'details.workplace', user_id: editor.userID},
    ]);
  });

  test('a field someone else changed since the edit began is refused, naming it, and nothing is written', async () => {
    const card = await freshCard();
    await save(editor, card as ReadonlyJSONObject);
    await save(other, {id: card.id, revision: 1, city: 'צפת', details: {languages: 'עברית'}});
    await expect(save(editor, {id: card.id, revision: 1, city: 'חיפה', details: {workplace: 'גן'}})).rejects.toMatchObject({
      details: {code: 'editConflict', issues: [{field: 'city', message: 'editConflict'}]},
    });
    expect(await rowOf(card.id)).toMatchObject({city: 'צפת', revision: 2});
    // The same value as theirs is no conflict; and once the form shows revision 2, the choice is saved.
    await save(editor, {id: card.id, revision: 1, city: 'צפת'});
    await save(editor, {id: card.id, revision: 2, city: 'חיפה', details: {workplace: 'גן'}});
    expect(await rowOf(card.id)).toMatchObject({city: 'חיפה', revision: 3, details: expect.objectContaining({workplace: 'גן'})});
  });

  test('an optional detail sent as null is cleared; fields left out are not touched', async () => {
    const card = await freshCard();
    await save(editor, card as ReadonlyJSONObject);
    await save(editor, {id: card.id, revision: 1, details: {height: null}});
    const row = await rowOf(card.id);
    expect(row.details).not.toHaveProperty('height');
    expect(row).toMatchObject({city: card.city, details: expect.objectContaining({build: 'average'})});
  });

  test.each([
    ['a cleared occupation', {occupation: null}, 'details.occupation', 'required'],
    ['no inquiry number', {inquiryPhones: []}, 'details.inquiryPhones', 'required'],
    ['an invalid phone', {suggestionsPhone: '12'}, 'details.suggestionsPhone', 'invalidPhone'],
    ['a wrong option', {build: 'huge'}, 'details.build', 'unknownOption'],
    ['a height out of range', {height: 400}, 'details.height', 'outOfRange'],
    ['oversized text', {aboutMe: 'א'.repeat(2001)}, 'details.aboutMe', 'tooLong'],
  ])('%s is refused with a field issue and nothing is written', async (_, change, field, message) => {
    const card = await freshCard();
    const details = {...(card.details as object), ...change};
    await expect(save(editor, {...card, details} as ReadonlyJSONObject)).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [{field, message}]},
    });
    expect(await rowOf(card.id)).toMatchObject({revision: 0, details: {}});
  });

  test('an unknown detail is refused', async () => {
    const card = await freshCard();
    await expect(
      save(editor, {...card, details: {...(card.details as object), shoeSize: 44}} as ReadonlyJSONObject),
    ).rejects.toMatchObject({details: {code: 'invalidInput'}});
  });

  test('an ID number with a wrong check digit is refused; a valid one is stored as nine digits', async () => {
    const card = await freshCard();
    await expect(save(editor, {...card, idNumber: '123456789'} as ReadonlyJSONObject)).rejects.toMatchObject({
      details: {issues: [{field: 'idNumber', message: 'invalidId'}]},
    });
    await save(editor, {...card, idNumber: '12345678-2'} as ReadonlyJSONObject);
    expect((await rowOf(card.id)).id_number).toBe('123456782');
  });

  test('an ID number already on another profile: birth date, then gender must match, else it is a duplicate', async () => {
    const first = await freshCard();
    await save(editor, {...first, idNumber: '000000018'} as ReadonlyJSONObject);
    const second = await freshCard();
    const withID = {...second, idNumber: '000000018'};
    // The editor may open the first card: the precise refusal, naming it for the form's link.
    await expect(save(editor, {...withID, birthDate: '2001-02-03'} as ReadonlyJSONObject)).rejects.toMatchObject({
      details: {code: 'birthDateMismatch', issues: [{field: 'idNumber'}], profileID: first.id},
    });
    await expect(save(editor, {...withID, gender: 'female'} as ReadonlyJSONObject)).rejects.toMatchObject({
      details: {code: 'genderMismatch', profileID: first.id},
    });
    await expect(save(editor, withID as ReadonlyJSONObject)).rejects.toMatchObject({
      details: {code: 'idExists', profileID: first.id},
    });
    expect((await rowOf(second.id)).revision).toBe(0);
  });

  test('without editTickets, or on another shadchan’s personal card, nothing is saved', async () => {
    const card = await freshCard();
    await expect(save(viewer, card as ReadonlyJSONObject)).rejects.toMatchObject({details: {code: 'forbidden'}});
    const personal = await makeProfile(sql, other.userID, 'personal', 'פרטי');
    await expect(save(editor, {...card, id: personal} as ReadonlyJSONObject)).rejects.toMatchObject({
      details: {code: 'notFound'},
    });
  });
});

describe('recycling bin', () => {
  test('deleting needs deleteProfiles; a deleted card leaves the shadchan’s view, waits in the bin and comes back', async () => {
    const card = await freshCard();
    const move = (ctx: AuthContext, name: 'cards.delete' | 'cards.restore') =>
      db.transaction(tx => runServerMutator(tx, name, {id: card.id}, ctx));
    const seen = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.candidates.card.fn({args: {id: card.id}, ctx})));
    const bin = (ctx: AuthContext) =>
      db.transaction(tx => tx.run(queries.candidates.bin.fn({args: undefined, ctx}))).then(rows => rows.map(r => r.id));
    const admin = await makeUser(sql, 'admin');

    await expect(move(editor, 'cards.delete')).rejects.toMatchObject({details: {code: 'forbidden'}});
    await move(admin, 'cards.delete');
    expect(await seen(editor)).toBeUndefined();
    expect(await bin(editor)).not.toContain(card.id);
    expect(await bin(admin)).toContain(card.id);
    expect(await sql`SELECT field, new_value IS NOT NULL AS deleted FROM profile_revision WHERE profile_id = ${card.id}`).toEqual(
      [{field: 'deletedAt', deleted: true}],
    );

    await move(admin, 'cards.restore');
    expect(await seen(editor)).toBeDefined();
    expect(await bin(admin)).not.toContain(card.id);
    expect((await rowOf(card.id)).revision).toBe(2);
  });
});

describe('card queries', () => {
  test('the history is read only with viewChangeHistory', async () => {
    const card = await freshCard();
    await save(editor, {...card, city: 'אלעד'} as ReadonlyJSONObject);
    const history = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.candidates.history.fn({args: {id: card.id}, ctx})));
    expect(await history(editor)).toEqual([]);
    const rows = await history(historian);
    expect(rows.find(r => r.field === 'city')).toMatchObject({oldValue: 'בני ברק', newValue: 'אלעד', revision: 1});
  });

  test('deleted and closed profiles are hidden from a shadchan', async () => {
    const card = await freshCard();
    const read = () => db.transaction(tx => tx.run(queries.candidates.card.fn({args: {id: card.id}, ctx: editor})));
    expect(await read()).toBeDefined();
    await sql`UPDATE profile SET deleted_at = now() WHERE id = ${card.id}`;
    expect(await read()).toBeUndefined();
    await sql`UPDATE profile SET deleted_at = NULL, closed_at = now() WHERE id = ${card.id}`;
    expect(await read()).toBeUndefined();
  });
});
