import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {schema} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {runAuditedMutator, runServerMutator} from '../../server/zero/endpoints.ts';
import {makeIsraeliID, makeUser, newCard} from '../support/fixtures.ts';

/**
 * No oracle on ID numbers (issue 10, item 4): every write of a card checks the user's rights and the
 * card's visibility before it looks at other cards' ID numbers; the precise §5 refusals (with the other
 * card's id) only to a user who may open that card; anyone else one generic refusal, the same whatever
 * that card holds, recorded in the access log. Through the mutate endpoint's own runner
 * (runAuditedMutator), against the real Postgres.
 */
const sql = connect(inject('databaseURL'));
const db = zeroPostgresJS(schema, sql);
afterAll(() => sql.end());

const IP = '203.0.113.7';
const run = (ctx: AuthContext, name: string, args: Record<string, unknown>) =>
  db.transaction(tx => runAuditedMutator(sql, tx, name, args as ReadonlyJSONObject, ctx, IP));
/** The refusal's details, exactly as they travel to the client. */
const refusal = (ctx: AuthContext, name: string, args: Record<string, unknown>) =>
  run(ctx, name, args).then(
    () => expect.unreachable('the write was refused'),
    (e: {details?: unknown}) => e.details,
  );

const count = async (table: string) => Number((await sql`SELECT count(*) FROM ${sql(table)}`)[0]!.count);
/** Rows of every table a card write touches, to show a refusal wrote nothing. */
const written = async () => ({
  profiles: await count('profile'),
  details: await count('profile_detail'),
  revisions: await count('profile_revision'),
});
const logOf = (userID: string) =>
  sql`SELECT user_id, profile_id, what, result, ip, detail FROM access_log WHERE user_id = ${userID} ORDER BY id`;

const GENERIC = {code: 'idNumberUnavailable', issues: [{field: 'idNumber', message: 'idNumberUnavailable'}]};
const PERSON = {birthDate: '1999-09-09', gender: 'female'};
/** Another birth date, another gender, the same person: three things a refusal could give away. */
const VARIANTS = [{...PERSON, birthDate: '1999-09-10'}, {...PERSON, gender: 'male'}, PERSON];
const REASONS = ['birthDateMismatch', 'genderMismatch', 'idExists'];

let owner: AuthContext, editor: AuthContext, viewer: AuthContext, historian: AuthContext;
/** ID numbers of a card only its owner sees (personal database) and of one everyone sees (general). */
let hidden: {id: string; idNumber: string}, open: {id: string; idNumber: string};
beforeAll(async () => {
  owner = await makeUser(sql, 'shadchan', ['editTickets']);
  editor = await makeUser(sql, 'shadchan', ['editTickets']);
  viewer = await makeUser(sql, 'shadchan');
  historian = await makeUser(sql, 'shadchan', ['editTickets', 'viewChangeHistory']);
  const make = async (database: 'personal' | 'general') => {
    const card = newCard({...PERSON, idNumber: makeIsraeliID(), database});
    await db.transaction(tx => runServerMutator(tx, 'cards.create', card as ReadonlyJSONObject, owner));
    return {id: card.id, idNumber: card.idNumber as string};
  };
  hidden = await make('personal');
  open = await make('general');
});

describe('a view-only user', () => {
  test('gets forbidden whatever the ID number, and nothing is logged or written', async () => {
    const before = await written();
    const answers = [];
    for (const idNumber of [hidden.idNumber, open.idNumber, makeIsraeliID()]) {
      for (const variant of VARIANTS) answers.push(await refusal(viewer, 'cards.create', newCard({...variant, idNumber})));
    }
    expect(answers).toEqual(answers.map(() => ({code: 'forbidden'})));
    // Saving a card it sees with someone else's number: the same.
    const {database: _, temporary: __, ...values} = newCard(PERSON);
    const save = {...values, id: open.id, revision: 0, idNumber: hidden.idNumber};
    expect(await refusal(viewer, 'cards.save', save)).toEqual({code: 'forbidden'});
    expect(await written()).toEqual(before);
    expect(await logOf(viewer.userID)).toEqual([]);
  });
});

describe('an editor and a card they may not see', () => {
  test('a new card: one generic refusal for another birth date, another gender and the same person, each logged', async () => {
    const before = await written();
    const answers = [];
    for (const variant of VARIANTS)
      answers.push(await refusal(editor, 'cards.create', newCard({...variant, idNumber: hidden.idNumber})));
    expect(answers).toEqual([GENERIC, GENERIC, GENERIC]);
    expect(await written()).toEqual(before);
    expect(await logOf(editor.userID)).toEqual(
      REASONS.map(reason => ({
        user_id: editor.userID,
        profile_id: hidden.id,
        what: 'id-number',
        result: 'refused',
        ip: IP,
        detail: {reason, mutator: 'cards.create'},
      })),
    );
  });

  test('an edited card: the same generic refusal, logged, and the card unchanged', async () => {
    const user = await makeUser(sql, 'shadchan', ['editTickets']);
    const card = newCard(PERSON);
    await run(user, 'cards.create', card);
    const {database: _, temporary: __, ...values} = card;
    const before = await written();
    expect(await refusal(user, 'cards.save', {...values, revision: 0, idNumber: hidden.idNumber})).toEqual(GENERIC);
    expect(await written()).toEqual(before);
    expect(await sql`SELECT id_number FROM profile_detail WHERE profile_id = ${card.id}`).toEqual([{id_number: null}]);
    expect(await logOf(user.userID)).toEqual([
      expect.objectContaining({profile_id: hidden.id, result: 'refused', detail: {reason: 'idExists', mutator: 'cards.save'}}),
    ]);
  });

  test('a value restored from the history: the same generic refusal, logged', async () => {
    const mine = newCard({...PERSON, idNumber: makeIsraeliID()});
    await run(historian, 'cards.create', mine);
    const {database: _, temporary: __, ...values} = mine;
    await run(historian, 'cards.save', {...values, revision: 0, idNumber: makeIsraeliID()});
    // Meanwhile the old number went to a card the historian may not see.
    await sql`UPDATE profile_detail SET id_number = ${mine.idNumber as string} WHERE profile_id = ${hidden.id}`;
    try {
      const before = await written();
      expect(await refusal(historian, 'cards.restoreValue', {revisionID: `${mine.id}:1:idNumber`})).toEqual(GENERIC);
      expect(await written()).toEqual(before);
      expect(await logOf(historian.userID)).toEqual([
        expect.objectContaining({profile_id: hidden.id, detail: {reason: 'idExists', mutator: 'cards.restoreValue'}}),
      ]);
    } finally {
      await sql`UPDATE profile_detail SET id_number = ${hidden.idNumber} WHERE profile_id = ${hidden.id}`;
    }
  });
});

describe('an editor and a card they may open', () => {
  test('gets the precise refusal with that card’s id, for the form’s link', async () => {
    const user = await makeUser(sql, 'shadchan', ['editTickets']);
    const before = await written();
    const answers = [];
    for (const variant of VARIANTS)
      answers.push(await refusal(user, 'cards.create', newCard({...variant, idNumber: open.idNumber})));
    expect(answers).toEqual(REASONS.map(code => ({code, issues: [{field: 'idNumber', message: code}], profileID: open.id})));
    expect(await written()).toEqual(before);
    // Told which card: recorded too, as named.
    expect((await logOf(user.userID)).map(r => [r.profile_id, r.result])).toEqual(REASONS.map(() => [open.id, 'named']));
  });
});
