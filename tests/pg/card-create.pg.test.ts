import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import {schema} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {runServerMutator} from '../../server/zero/endpoints.ts';
import {makeIsraeliID, makeUser, newCard} from '../support/fixtures.ts';

/**
 * The new-profile screen's write (cards.create) through the real server mutator and Postgres: the
 * shared schema, the server's checks against the database (options, ID numbers), the owner and the
 * state it sets, the sign-in numbers it derives, and temporary cards awaiting approval.
 */
const sql = connect(inject('databaseURL'));
const db = zeroPostgresJS(schema, sql);
afterAll(() => sql.end());

type Card = ReturnType<typeof newCard>;
const create = (ctx: AuthContext, card: Record<string, unknown>) =>
  db.transaction(tx => runServerMutator(tx, 'cards.create', card as ReadonlyJSONObject, ctx));
const rowOf = async (id: string) =>
  (await sql`SELECT * FROM profile LEFT JOIN profile_detail ON profile_id = id WHERE id = ${id}`)[0];
const countProfiles = async () => Number((await sql`SELECT count(*) FROM profile`)[0]!.count);
const countRevisions = async () => Number((await sql`SELECT count(*) FROM profile_revision`)[0]!.count);
const countDetails = async () => Number((await sql`SELECT count(*) FROM profile_detail`)[0]!.count);
/** Rows of the tables a create writes, to show a refusal wrote nothing. */
const counts = async () => ({profiles: await countProfiles(), details: await countDetails(), revisions: await countRevisions()});
const withDetails = (card: Card, change: Record<string, unknown>) => ({
  ...card,
  details: {...(card.details as object), ...change},
});
const without = (obj: object, key: string) => Object.fromEntries(Object.entries(obj).filter(([k]) => k !== key));

const listAs = (ctx: AuthContext, search: string) =>
  db
    .transaction(tx => tx.run(queries.candidates.list.fn({args: {filters: {search}, sort: 'name', dir: 'asc', limit: 100}, ctx})))
    .then(rows => rows.map(r => r.id));
const cardAs = (ctx: AuthContext, id: string) => db.transaction(tx => tx.run(queries.candidates.card.fn({args: {id}, ctx})));
const pendingAs = (ctx: AuthContext) =>
  db.transaction(tx => tx.run(queries.candidates.pending.fn({args: undefined, ctx}))).then(rows => rows.map(r => r.id));

let editor: AuthContext, other: AuthContext, viewer: AuthContext, shadchan: AuthContext;
let temporaryGeneral: AuthContext, temporaryPersonal: AuthContext, approver: AuthContext;
beforeAll(async () => {
  editor = await makeUser(sql, 'shadchan', ['editTickets']);
  other = await makeUser(sql, 'shadchan', ['editTickets']);
  viewer = await makeUser(sql, 'shadchan');
  shadchan = await makeUser(sql, 'shadchan', ['editTickets']);
  temporaryGeneral = await makeUser(sql, 'shadchan', ['editTickets', 'temporaryGeneralDatabase']);
  temporaryPersonal = await makeUser(sql, 'shadchan', ['editTickets', 'temporaryPersonalDatabase']);
  approver = await makeUser(sql, 'shadchan', ['authorizeTemporaryProfiles']);
});

/** A refusal: the error's code (and an issue of the field, when given), and not a row written anywhere. */
async function expectRefused(
  ctx: AuthContext,
  card: Record<string, unknown>,
  code: string,
  issue?: {field: string; message?: string},
) {
  const before = await counts();
  const error = await create(ctx, card).then(
    () => undefined,
    (e: {details?: {code?: string; issues?: unknown[]; profileID?: string}}) => e,
  );
  expect(error, 'the create was refused').toBeDefined();
  expect(error!.details?.code).toBe(code);
  if (issue) expect(error!.details?.issues).toContainEqual(expect.objectContaining(issue));
  expect(await counts()).toEqual(before);
  if (typeof card.id === 'string') expect(await rowOf(card.id)).toBeUndefined();
  return error!.details!;
}

describe('cards.create: a valid card', () => {
  test('is owned by the session user whatever the client sends, active, with a “created” history row', async () => {
    const card = newCard({ownerID: other.userID, state: 'blocked', revision: 7, colour: 'green', openFrom: '2027-01-01'});
    const before = Date.now();
    await create(editor, card);
    const row = await rowOf(card.id);
    expect(row).toMatchObject({
      forename: 'רבקה',
      surname: 'פרידמן',
      gender: 'female',
      city: 'בית שמש',
      sector_id: 'chassidish',
      status_id: 'available',
      owner_id: editor.userID,
      database: 'general',
      state: 'active',
      visibility: 'all',
      source: 'staff',
      colour: 'green',
      revision: 0,
      deleted_at: null,
      closed_at: null,
    });
    expect(row!.created_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.details).toMatchObject({
      occupation: 'אברך',
      suggestionsPhone: '+972501234567',
      inquiryPhones: ['+97236123456'],
    });
    expect(
      await sql`SELECT revision, field, user_id, old_value, new_value FROM profile_revision WHERE profile_id = ${card.id}`,
    ).toEqual([{revision: 0, field: 'created', user_id: editor.userID, old_value: null, new_value: null}]);
    expect(await cardAs(other, card.id)).toMatchObject({id: card.id, ownerID: editor.userID});
  });

  test('stores the ID number as nine digits and the listed numbers, in E.164, as the sign-in phones', async () => {
    const idNumber = makeIsraeliID();
    const card = withDetails(newCard({idNumber: `${idNumber.slice(0, 8)}-${idNumber.slice(8)}`}), {
      candidatePhone: '052-7654321',
      fatherPhone: '+44 20 7946 0958',
      motherPhone: '054 111 2233',
      // Not a number of the candidate's own: never a sign-in number.
      friendsPhones: ['058-9998877'],
    });
    await create(editor, card);
    const row = await rowOf(card.id);
    expect(row!.id_number).toBe(idNumber);
    expect(row!.phones).toEqual(['+972527654321', '+442079460958', '+972541112233']);
    expect(row!.details).toMatchObject({candidatePhone: '+972527654321', friendsPhones: ['+972589998877']});
  });

  test('a card without any listed number has no sign-in phones', async () => {
    const card = newCard();
    await create(editor, card);
    expect((await rowOf(card.id))!.phones).toEqual([]);
  });

  test('a personal card is its creator’s alone', async () => {
    const card = newCard({database: 'personal'});
    await create(editor, card);
    expect(await cardAs(editor, card.id)).toBeDefined();
    expect(await cardAs(other, card.id)).toBeUndefined();
  });
});

describe('cards.create: invalid input is refused with the field and nothing is written', () => {
  test.each(['forename', 'surname', 'city', 'birthDate', 'sectorID', 'statusID', 'gender'])('an empty %s', async field => {
    await expectRefused(editor, newCard({[field]: ''}), 'invalidInput', {field, message: 'required'});
  });

  // Over the wire a field left out is absent (not undefined): still refused, naming the field.
  test.each(['forename', 'surname', 'city', 'birthDate', 'sectorID', 'statusID', 'gender'])('a missing %s', async field => {
    await expectRefused(editor, without(newCard(), field), 'invalidInput', {field});
  });

  test('a name of spaces only is empty', async () => {
    await expectRefused(editor, newCard({forename: '   '}), 'invalidInput', {field: 'forename', message: 'required'});
  });

  test.each([
    ['occupation', {occupation: ''}],
    ['suggestionsContact', {suggestionsContact: '  '}],
    ['suggestionsPhone', {suggestionsPhone: ''}],
    ['inquiryPhones', {inquiryPhones: []}],
  ])('an empty details.%s', async (key, change) => {
    await expectRefused(editor, withDetails(newCard(), change), 'invalidInput', {field: `details.${key}`, message: 'required'});
  });

  test.each(['occupation', 'suggestionsContact', 'suggestionsPhone', 'inquiryPhones'])('a missing details.%s', async key => {
    const card = newCard();
    await expectRefused(editor, {...card, details: without(card.details as object, key)}, 'invalidInput', {
      field: `details.${key}`,
    });
  });

  test.each([
    ['gender', {gender: 'other'}],
    ['database', {database: 'secret'}],
    ['temporary', {temporary: 'yes'}],
  ])('a wrong %s', async (field, change) => {
    await expectRefused(editor, newCard(change), 'invalidInput', {field});
  });

  test('a wrong colour, or a wrong option in the details, is an unknown option', async () => {
    await expectRefused(editor, newCard({colour: 'pink'}), 'invalidInput', {field: 'colour', message: 'unknownOption'});
    await expectRefused(editor, withDetails(newCard(), {build: 'huge'}), 'invalidInput', {
      field: 'details.build',
      message: 'unknownOption',
    });
    await expectRefused(editor, withDetails(newCard(), {degrees: ['ba', 'mba']}), 'invalidInput', {
      field: 'details.degrees.1',
      message: 'unknownOption',
    });
  });

  test('an unknown detail is refused', async () => {
    await expectRefused(editor, withDetails(newCard(), {shoeSize: 44}), 'invalidInput', {field: 'details.shoeSize'});
  });

  test('an ID number with a wrong check digit, all zeros, or not digits', async () => {
    const valid = makeIsraeliID();
    const wrong = `${valid.slice(0, 8)}${(Number(valid[8]) + 1) % 10}`;
    await expectRefused(editor, newCard({idNumber: wrong}), 'invalidInput', {field: 'idNumber', message: 'invalidId'});
    await expectRefused(editor, newCard({idNumber: '000000000'}), 'invalidInput', {field: 'idNumber', message: 'invalidId'});
    await expectRefused(editor, newCard({idNumber: '12345678x'}), 'invalidInput', {field: 'idNumber', message: 'digitsOnly'});
  });

  test('an invalid phone, single or in a list', async () => {
    await expectRefused(editor, withDetails(newCard(), {candidatePhone: '12'}), 'invalidInput', {
      field: 'details.candidatePhone',
      message: 'invalidPhone',
    });
    await expectRefused(editor, withDetails(newCard(), {inquiryPhones: ['03-6123456', 'טלפון']}), 'invalidInput', {
      field: 'details.inquiryPhones.1',
      message: 'invalidPhone',
    });
  });

  test('a birth date that is not a date, or of an age out of range', async () => {
    await expectRefused(editor, newCard({birthDate: '2001-02-30'}), 'invalidInput', {field: 'birthDate', message: 'invalidDate'});
    await expectRefused(editor, newCard({birthDate: '1900-01-01'}), 'invalidInput', {
      field: 'birthDate',
      message: 'ageOutOfRange',
    });
  });

  test.each([
    ['forename', 'א'.repeat(51)],
    ['surname', 'א'.repeat(51)],
    ['city', 'א'.repeat(61)],
    ['id', 'x'.repeat(41)],
  ])('an oversized %s', async (field, value) => {
    await expectRefused(editor, newCard({[field]: value}), 'invalidInput', {field, message: 'tooLong'});
  });

  test('oversized text and too many numbers in the details', async () => {
    await expectRefused(editor, withDetails(newCard(), {aboutMe: 'א'.repeat(2001)}), 'invalidInput', {
      field: 'details.aboutMe',
      message: 'tooLong',
    });
    await expectRefused(editor, withDetails(newCard(), {inquiryPhones: Array(7).fill('03-6123456')}), 'invalidInput', {
      field: 'details.inquiryPhones',
      message: 'tooLong',
    });
  });
});

describe('cards.create: checks against the database', () => {
  test('an unknown sector, status or community is refused', async () => {
    for (const field of ['sectorID', 'statusID', 'communityID']) {
      await expectRefused(editor, newCard({[field]: 'no-such-option'}), 'unknownOption', {field, message: 'unknownOption'});
    }
  });

  test('an ID number already on a card the user may open: a different birth date, then gender, else a duplicate', async () => {
    const idNumber = makeIsraeliID();
    // (A card the user may not open gets one generic refusal: id-number-refusals.pg.test.ts.)
    const first = newCard({idNumber, birthDate: '1999-09-09', gender: 'female'});
    await create(other, first);
    expect((await rowOf(first.id))!.id_number).toBe(idNumber);

    const same = {idNumber, birthDate: '1999-09-09', gender: 'female'};
    const issue = (code: string) => ({field: 'idNumber', message: code});
    const refusals = [
      await expectRefused(editor, newCard({...same, birthDate: '1999-09-10'}), 'birthDateMismatch', issue('birthDateMismatch')),
      await expectRefused(editor, newCard({...same, gender: 'male'}), 'genderMismatch', issue('genderMismatch')),
      await expectRefused(editor, newCard(same), 'idExists', issue('idExists')),
    ];
    // Each names the card, so the form can link to it.
    expect(refusals.map(r => r.profileID)).toEqual([first.id, first.id, first.id]);
    // The same number typed with a dash is the same number.
    await expectRefused(editor, newCard({...same, idNumber: `${idNumber.slice(0, 8)}-${idNumber.slice(8)}`}), 'idExists');
  });

  test('a new card with the id of an existing one is refused and that card (its sign-in phones too) is unchanged', async () => {
    const card = withDetails(newCard({database: 'personal'}), {candidatePhone: '052-7654321'});
    await create(editor, card);
    const before = await counts();
    // Another shadchan, who may not even see the card, sends its id with their own number.
    const taken = withDetails(newCard({id: card.id, surname: 'אחר'}), {candidatePhone: '053-3334444'});
    await expect(create(other, taken)).rejects.toBeDefined();
    expect(await counts()).toEqual(before);
    expect(await rowOf(card.id)).toMatchObject({surname: 'פרידמן', owner_id: editor.userID, phones: ['+972527654321']});
  });
});

describe('cards.create: who may create', () => {
  test('without editTickets: forbidden', async () => {
    await expectRefused(viewer, newCard(), 'forbidden');
    await expectRefused(viewer, newCard({temporary: true}), 'forbidden');
  });

  test('a temporary card needs the temporary permission of its own database', async () => {
    await expectRefused(editor, newCard({temporary: true}), 'forbidden');
    await expectRefused(editor, newCard({temporary: true, database: 'personal'}), 'forbidden');
    await expectRefused(temporaryPersonal, newCard({temporary: true, database: 'general'}), 'forbidden');
    await expectRefused(temporaryGeneral, newCard({temporary: true, database: 'personal'}), 'forbidden');
  });

  test('a temporary card is pending: hidden from a shadchan, listed for approval to an approver', async () => {
    const surname = `זמני${Math.random().toString(36).slice(2, 8)}`;
    const card = newCard({temporary: true, surname});
    await create(temporaryGeneral, card);
    expect(await rowOf(card.id)).toMatchObject({state: 'pending', owner_id: temporaryGeneral.userID, revision: 0});
    expect(await sql`SELECT field FROM profile_revision WHERE profile_id = ${card.id}`).toEqual([{field: 'created'}]);

    expect(await listAs(shadchan, surname)).toEqual([]);
    expect(await cardAs(shadchan, card.id)).toBeUndefined();
    expect(await pendingAs(shadchan)).toEqual([]);

    expect(await pendingAs(approver)).toContain(card.id);
    expect(await cardAs(approver, card.id)).toMatchObject({id: card.id, state: 'pending'});
    // Awaiting approval is a page of its own, not the list, even for those who approve.
    expect(await listAs(approver, surname)).toEqual([]);
    // Its creator still opens it.
    expect(await cardAs(temporaryGeneral, card.id)).toMatchObject({state: 'pending'});
  });

  test('a temporary personal card with its permission is pending too', async () => {
    const card = newCard({temporary: true, database: 'personal'});
    await create(temporaryPersonal, card);
    expect(await rowOf(card.id)).toMatchObject({state: 'pending', database: 'personal', owner_id: temporaryPersonal.userID});
  });
});
