import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import {schema, zql} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {runServerMutator} from '../../server/zero/endpoints.ts';
import {zqlReader} from '../../server/zero/read.ts';
import {cardValues, makeIsraeliID, makeUser, newCard} from '../support/fixtures.ts';

/**
 * Minimum data on the wire (issue 10): the queries the server defines for a user, run as the query
 * endpoint runs them, against the real Postgres. Lists (the candidate list, the recycling bin, the
 * approvals page, the reminders) carry a card's list columns only; its ID number, details and phone
 * numbers come only with the card query of a card the user may open.
 */
const sql = connect(inject('databaseURL'));
const read = zqlReader(sql);
const db = zeroPostgresJS(schema, sql);
afterAll(() => sql.end());

// Its first letter puts the card at the front of the unsearched list, whatever other files left behind.
const SURNAME = `אפיצול${Math.random().toString(36).slice(2, 8)}`;
const PHONE = '052-7123456';
const PHONE_E164 = '+972527123456';
const HEALTH = 'פרט רפואי שאסור שיגיע לרשימה';
const idNumber = makeIsraeliID();
/** What must never be in a list's rows, in any form. */
const SECRETS = [idNumber, PHONE_E164, HEALTH];

let owner: AuthContext, viewer: AuthContext, approver: AuthContext, admin: AuthContext, stranger: AuthContext;
let cardID: string, pendingID: string, deletedID: string, hiddenID: string;
beforeAll(async () => {
  owner = await makeUser(sql, 'shadchan', ['editTickets', 'temporaryGeneralDatabase', 'deleteProfiles']);
  viewer = await makeUser(sql, 'shadchan');
  approver = await makeUser(sql, 'shadchan', ['authorizeTemporaryProfiles']);
  admin = await makeUser(sql, 'admin');
  stranger = await makeUser(sql, 'shadchan', ['editTickets']);
  const create = async (ctx: AuthContext, over: Record<string, unknown>) => {
    const {details} = cardValues() as {details: object};
    const card = newCard({
      surname: SURNAME,
      ...over,
      details: {...details, candidatePhone: PHONE, health: HEALTH, address: 'רחוב הסוד 7'},
    });
    await db.transaction(tx => runServerMutator(tx, 'cards.create', card as ReadonlyJSONObject, ctx));
    return card.id;
  };
  cardID = await create(owner, {idNumber});
  pendingID = await create(owner, {temporary: true, idNumber: makeIsraeliID()});
  deletedID = await create(owner, {idNumber: makeIsraeliID()});
  await db.transaction(tx => runServerMutator(tx, 'cards.delete', {id: deletedID}, owner));
  hiddenID = await create(stranger, {database: 'personal', idNumber: makeIsraeliID()});
});

/** A list's rows carry none of the card's sensitive part: no such keys, and none of its values. */
function expectListColumnsOnly(rows: readonly object[], ids: string[]) {
  expect(rows.map(r => (r as {id: string}).id)).toEqual(expect.arrayContaining(ids));
  for (const row of rows) {
    for (const key of ['idNumber', 'details', 'detail', 'phones']) expect(row).not.toHaveProperty(key);
  }
  const wire = JSON.stringify(rows);
  for (const secret of SECRETS) expect(wire).not.toContain(secret);
}

describe('lists carry list columns only', () => {
  test('the candidate list, for a view-only user, whether searched or not', async () => {
    const searched = await read(
      queries.candidates.list.fn({args: {filters: {search: SURNAME}, sort: 'name', dir: 'asc', limit: 100}, ctx: viewer}),
    );
    expect(searched.map(r => r.id)).toEqual([cardID]);
    expectListColumnsOnly(searched, [cardID]);
    // The list shows these: they stay on the row.
    expect(searched[0]).toMatchObject({surname: SURNAME, gender: 'female', city: 'בית שמש', sectorID: 'chassidish'});
    expectListColumnsOnly(
      await read(queries.candidates.list.fn({args: {filters: {}, sort: 'name', dir: 'asc', limit: 2000}, ctx: admin})),
      [cardID],
    );
  });

  test('the recycling bin, the approvals page and the reminders alike', async () => {
    expectListColumnsOnly(await read(queries.candidates.bin.fn({args: undefined, ctx: admin})), [deletedID]);
    expectListColumnsOnly(await read(queries.candidates.pending.fn({args: undefined, ctx: approver})), [pendingID]);
    await sql`INSERT INTO activity (id, type, title, female_profile_id, reminder_at, created_by)
              VALUES (${`a-${cardID}`}, 'idea', 'רעיון', ${cardID}, now() + interval '1 day', ${viewer.userID})`;
    const reminders = await read(queries.activities.myReminders.fn({args: undefined, ctx: viewer}));
    expect(reminders.map(r => r.femaleProfile?.id)).toEqual([cardID]);
    expectListColumnsOnly(
      reminders.map(r => r.femaleProfile!),
      [cardID],
    );
  });
});

describe('the card query', () => {
  test('brings the opened card’s ID number and details to a user who may see it', async () => {
    const card = await read(queries.candidates.card.fn({args: {id: cardID}, ctx: viewer}));
    expect(card?.detail).toMatchObject({profileID: cardID, idNumber});
    expect(card?.detail?.details).toMatchObject({candidatePhone: PHONE_E164, health: HEALTH, address: 'רחוב הסוד 7'});
  });

  test('brings nothing of a card the user may not see', async () => {
    expect(await read(queries.candidates.card.fn({args: {id: hiddenID}, ctx: viewer}))).toBeUndefined();
    // The detail row exists: the card query's filter is what keeps it away.
    expect(await read(zql.profileDetail.where('profileID', hiddenID).one())).toMatchObject({profileID: hiddenID});
  });
});
