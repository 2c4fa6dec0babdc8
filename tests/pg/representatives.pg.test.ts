import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {effectivePermissions} from '../../permissions/roles.ts';
import {visibleProfilesSql} from '../../permissions/profiles-sql.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser, randomMobile} from '../support/fixtures.ts';
import {refusal, serverSide} from '../support/server-side.ts';

/** Representatives (issue 13, point 4) through the real server mutators, queries and Postgres. */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

const unique = (word: string) => `${word} ${nanoid(6)}`;
const row = async (id: string) => (await sql`SELECT * FROM representative WHERE id = ${id}`)[0];
const userRow = async (id: string) => (await sql`SELECT * FROM app_user WHERE id = ${id}`)[0];
const usersWithEmail = async (email: string) => (await sql`SELECT id FROM app_user WHERE lower(email) = ${email}`).length;

let coordinatorEditor: AuthContext, shadchan: AuthContext, editor: AuthContext;
let communityID: string, otherCommunityID: string;
const institution = {id: `i-${nanoid(8)}`, name: unique('סמינר'), type: 'seminary', variations: [unique('Seminar')]};
beforeAll(async () => {
  coordinatorEditor = await makeUser(sql, 'coordinator', ['editShadchanim']);
  shadchan = await makeUser(sql, 'shadchan', ['editTickets']);
  editor = await makeUser(sql, 'shadchan', ['editSchools']);
  [communityID, otherCommunityID] = [`c-${nanoid(6)}`, `c-${nanoid(6)}`];
  await sql`INSERT INTO community (id, name) VALUES (${communityID}, ${unique('קהילה')}), (${otherCommunityID}, ${unique('קהילה')})`;
  await mutate(editor, 'institutions.create', institution);
});

const representative = (over: Record<string, unknown> = {}) => ({
  id: `r-${nanoid(8)}`,
  name: unique('נציג'),
  role: 'community',
  gender: 'male',
  email: '',
  phone: '',
  formCoordinator: '',
  inquiryContact: '',
  phoneHours: '',
  placeID: communityID,
  ...over,
});
const asRepresentative = (userID: string): AuthContext => ({
  userID,
  role: 'representative',
  permissions: effectivePermissions('representative', []),
});

describe('representatives', () => {
  test('create stores every field and makes the account they sign in with', async () => {
    const email = `${nanoid(8)}@Example.org`;
    const phone = randomMobile();
    const args = representative({
      name: '  ' + unique('הרב כהן') + ' ',
      email,
      phone: `0${phone.slice(4)}`,
      formCoordinator: 'שרה',
      inquiryContact: 'המשרד',
      phoneHours: '10:00–12:00',
    });
    await mutate(coordinatorEditor, 'representatives.create', args);
    const stored = await row(args.id);
    expect(stored).toMatchObject({
      name: args.name.trim(),
      role: 'community',
      email: email.toLowerCase(),
      phone,
      form_coordinator: 'שרה',
      inquiry_contact: 'המשרד',
      phone_hours: '10:00–12:00',
      community_id: communityID,
      institution_id: null,
    });
    expect(await userRow(stored!.user_id)).toMatchObject({
      name: args.name.trim(),
      role: 'representative',
      email: email.toLowerCase(),
      phone,
      community_id: communityID,
      gender: 'male',
    });
  });

  test('no email and no phone: no account; adding an email later makes one, and edits follow it', async () => {
    const args = representative({role: 'seminary', placeID: institution.id, gender: ''});
    await mutate(coordinatorEditor, 'representatives.create', args);
    expect((await row(args.id))!.user_id).toBeNull();
    const email = `${nanoid(8)}@example.org`.toLowerCase();
    await mutate(coordinatorEditor, 'representatives.update', {...args, email, gender: 'female'});
    const userID = (await row(args.id))!.user_id as string;
    expect(await userRow(userID)).toMatchObject({email, role: 'representative', community_id: null});
    await mutate(coordinatorEditor, 'representatives.update', {...args, name: unique('שם חדש'), email, gender: 'female'});
    expect((await row(args.id))!.user_id).toBe(userID);
    expect((await userRow(userID))!.name).toBe((await row(args.id))!.name);
  });

  test.each([
    ['no name', {name: '  '}, 'name', 'required'],
    ['an unknown role', {role: 'kollel'}, 'role', 'required'],
    ['no place', {placeID: ''}, 'placeID', 'required'],
    ['a bad email', {email: 'not-an-email'}, 'email', 'invalidEmail'],
    ['a bad phone', {phone: '12'}, 'phone', 'invalidPhone'],
    ['an email without a gender', {email: 'x@example.org', gender: ''}, 'gender', 'required'],
  ])('bad input (%s) is refused by field, nothing written', async (_, over, field, message) => {
    const args = representative(over);
    await expect(mutate(coordinatorEditor, 'representatives.create', args)).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [expect.objectContaining({field, message})]},
    });
    expect(await row(args.id)).toBeUndefined();
  });

  test.each([
    ['a community role with an institution', () => ({role: 'community', placeID: institution.id})],
    ['a yeshiva role with a seminary', () => ({role: 'yeshiva', placeID: institution.id})],
    ['a seminary role with a community', () => ({role: 'seminary', placeID: communityID})],
  ])('the place must match the role: %s is refused, nothing written', async (_, over) => {
    const args = representative(over());
    expect(await refusal(mutate(coordinatorEditor, 'representatives.create', args))).toMatchObject({
      code: 'unknownOption',
      issues: [{field: 'placeID', message: 'unknownOption'}],
    });
    expect(await row(args.id)).toBeUndefined();
  });

  test("'nameExists' for another representative's name as folded; nothing written", async () => {
    const first = representative({name: unique("הרב פוניבז'")});
    await mutate(coordinatorEditor, 'representatives.create', first);
    const second = representative({name: first.name.replace("'", '').replace('הרב', 'הָרַב')});
    expect(await refusal(mutate(coordinatorEditor, 'representatives.create', second))).toMatchObject({
      code: 'nameExists',
      issues: [{field: 'name', message: 'nameExists'}],
    });
    expect(await row(second.id)).toBeUndefined();
  });

  test("a staff member's email or phone is refused on its field; neither the representative nor an account is written", async () => {
    const staffEmail = `${nanoid(8)}@example.org`;
    const staffPhone = randomMobile();
    await makeUser(sql, 'shadchan', [], {email: staffEmail, phone: staffPhone});
    const byEmail = representative({email: staffEmail});
    expect(await refusal(mutate(coordinatorEditor, 'representatives.create', byEmail))).toMatchObject({
      issues: [{field: 'email', message: 'emailExists'}],
    });
    const byPhone = representative({phone: staffPhone, email: `${nanoid(8)}@example.org`});
    expect(await refusal(mutate(coordinatorEditor, 'representatives.create', byPhone))).toMatchObject({
      issues: [{field: 'phone', message: 'phoneTaken'}],
    });
    expect(await row(byEmail.id)).toBeUndefined();
    expect(await row(byPhone.id)).toBeUndefined();
    expect(await usersWithEmail(byPhone.email)).toBe(0);
  });

  test('an account of role representative added on /users gets its representative row; another representative with its email is refused', async () => {
    const email = `${nanoid(8)}@example.org`.toLowerCase();
    const accountID = `u-${nanoid(8)}`;
    const admin = await makeUser(sql, 'admin', []);
    const name = unique('נציגה');
    await mutate(admin, 'staff.create', {
      id: accountID,
      name,
      phone: randomMobile(),
      landline: '',
      gender: 'female',
      role: 'representative',
      email,
      employment: 'external',
      printNotes: '',
      availableHours: '',
      place: `institution:${institution.id}`,
    });
    const [linked] = await sql`SELECT id, name, role, institution_id, email FROM representative WHERE user_id = ${accountID}`;
    expect(linked).toMatchObject({name, role: 'seminary', institution_id: institution.id, email});
    // The representatives screen edits the same row, and the account follows it.
    await mutate(coordinatorEditor, 'representatives.update', {
      ...representative({id: linked!.id, name, email, gender: 'female', formCoordinator: 'המזכירות'}),
    });
    expect((await row(linked!.id))!).toMatchObject({user_id: accountID, form_coordinator: 'המזכירות', community_id: communityID});
    expect((await sql`SELECT community_id, institution_id FROM app_user WHERE id = ${accountID}`)[0]).toEqual({
      community_id: communityID,
      institution_id: null,
    });
    expect(await usersWithEmail(email)).toBe(1);
    const second = representative({email, gender: 'female'});
    expect(await refusal(mutate(coordinatorEditor, 'representatives.create', second))).toMatchObject({
      issues: [{field: 'email', message: 'emailExists'}],
    });
    expect(await row(second.id)).toBeUndefined();
  });

  test('without editShadchanim: create, update, retire and the list are refused; nothing written', async () => {
    const args = representative({email: `${nanoid(8)}@example.org`});
    expect(await refusal(mutate(shadchan, 'representatives.create', args))).toMatchObject({code: 'forbidden'});
    expect(await row(args.id)).toBeUndefined();
    expect(await usersWithEmail(args.email)).toBe(0);
    await mutate(coordinatorEditor, 'representatives.create', args);
    expect(await refusal(mutate(shadchan, 'representatives.update', {...args, name: unique('אחר')}))).toMatchObject({
      code: 'forbidden',
    });
    expect(await refusal(mutate(shadchan, 'representatives.retire', {id: args.id, retired: true}))).toMatchObject({
      code: 'forbidden',
    });
    expect(await row(args.id)).toMatchObject({name: args.name, retired_at: null});
    const listAs = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.representatives.all.fn({args: undefined, ctx})));
    expect(await listAs(shadchan)).toEqual([]);
    expect((await listAs(coordinatorEditor)).map(r => r.id)).toContain(args.id);
  });
});

describe('profiles under a representative’s care', () => {
  const listAs = (ctx: AuthContext) =>
    db
      .transaction(tx => tx.run(queries.candidates.list.fn({args: {filters: {}, sort: 'name', dir: 'asc', limit: 1000}, ctx})))
      .then(rows => rows.map(r => r.id));
  const cardAs = (ctx: AuthContext, id: string) => db.transaction(tx => tx.run(queries.candidates.card.fn({args: {id}, ctx})));

  test('a representative sees exactly the general cards of their community or institution, and nothing else', async () => {
    const owner = await makeUser(sql, 'shadchan', ['editTickets']);
    const inCommunity = await makeProfile(sql, owner.userID, 'general');
    await sql`UPDATE profile SET community_id = ${communityID} WHERE id = ${inCommunity}`;
    // A shadchan's personal database is theirs (and the administrators'), whatever community its cards name.
    const personalInCommunity = await makeProfile(sql, owner.userID, 'personal');
    await sql`UPDATE profile SET community_id = ${communityID} WHERE id = ${personalInCommunity}`;
    const inOtherCommunity = await makeProfile(sql, owner.userID, 'general');
    await sql`UPDATE profile SET community_id = ${otherCommunityID} WHERE id = ${inOtherCommunity}`;
    const atSeminary = await makeProfile(sql, owner.userID, 'general');
    // Named by a variation, as typed: the database links the card to the institution.
    await sql`UPDATE profile_detail SET details = ${sql.json({institution: institution.variations[0]!.toUpperCase()})}
              WHERE profile_id = ${atSeminary}`;
    const elsewhere = await makeProfile(sql, owner.userID, 'general');
    const pendingInCommunity = await makeProfile(sql, owner.userID, 'general');
    await sql`UPDATE profile SET community_id = ${communityID}, state = 'pending' WHERE id = ${pendingInCommunity}`;

    const communityRep = representative({email: `${nanoid(8)}@example.org`});
    const seminaryRep = representative({role: 'seminary', placeID: institution.id, phone: randomMobile(), gender: 'female'});
    await mutate(coordinatorEditor, 'representatives.create', communityRep);
    await mutate(coordinatorEditor, 'representatives.create', seminaryRep);
    const community = asRepresentative((await row(communityRep.id))!.user_id);
    const seminary = asRepresentative((await row(seminaryRep.id))!.user_id);

    const mine = [inCommunity, personalInCommunity, inOtherCommunity, atSeminary, elsewhere, pendingInCommunity];
    expect((await listAs(community)).filter(id => mine.includes(id))).toEqual([inCommunity]);
    expect((await listAs(seminary)).filter(id => mine.includes(id))).toEqual([atSeminary]);
    expect(await cardAs(community, inCommunity)).toMatchObject({id: inCommunity});
    for (const id of [personalInCommunity, inOtherCommunity, atSeminary, elsewhere, pendingInCommunity]) {
      expect(await cardAs(community, id)).toBeUndefined();
    }
    expect(await cardAs(seminary, inCommunity)).toBeUndefined();
    // Nothing outside their care at all: every card the list gives is in the community or at the seminary.
    const everything = await sql`SELECT id, community_id, database FROM profile WHERE id IN ${sql(await listAs(community))}`;
    expect(everything.every(r => r.community_id === communityID && r.database === 'general')).toBe(true);
    // The counts, exports and reports read the rule's SQL twin: the same cards.
    const counted = await sql<{id: string}[]>`SELECT p.id FROM profile p WHERE ${visibleProfilesSql(sql, community)}`;
    expect(counted.map(r => r.id).filter(id => mine.includes(id))).toEqual([inCommunity]);

    // Renaming the institution so the card's text no longer names it takes the card out of care.
    await mutate(editor, 'institutions.update', {...institution, variations: []});
    expect((await listAs(seminary)).filter(id => mine.includes(id))).toEqual([]);
    await mutate(editor, 'institutions.update', institution);
    expect((await listAs(seminary)).filter(id => mine.includes(id))).toEqual([atSeminary]);

    // A retired representative's account sees nothing.
    await mutate(coordinatorEditor, 'representatives.retire', {id: communityRep.id, retired: true});
    expect(await listAs(community)).toEqual([]);
  });
});
