import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {CoupleListArgs} from '../../app/engaged-couples/schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {issueBenefitCard} from '../../server/benefit-cards/issue.ts';
import {connect} from '../../server/db/sql.ts';
import {makeIsraeliID, makeProfile, makeUser} from '../support/fixtures.ts';
import {refusal, serverSide} from '../support/server-side.ts';

/** Engaged couples (issue 15, spec §5) through the real server mutators, queries and Postgres. */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

let editor: AuthContext, shadchan: AuthContext, outsider: AuthContext;
beforeAll(async () => {
  editor = await makeUser(sql, 'shadchan', ['editEngagedCouples', 'showTickets', 'editTickets']);
  shadchan = await makeUser(sql, 'shadchan', ['showTickets', 'editTickets']);
  outsider = await makeUser(sql, 'shadchan', ['showTickets']);
});

/** A card of the given gender in the general database, open to all, with an ID number if given. */
async function card(gender: 'male' | 'female', idNumber: string | null = null) {
  const id = await makeProfile(sql, shadchan.userID, 'general', 'לוי', gender === 'male' ? 'דוד' : 'רחל');
  await sql`UPDATE profile SET gender = ${gender} WHERE id = ${id}`;
  if (idNumber) await sql`UPDATE profile_detail SET id_number = ${idNumber} WHERE profile_id = ${id}`;
  return id;
}
/** A card only its owner sees (the personal database). */
async function hiddenCard(gender: 'male' | 'female') {
  const id = await makeProfile(sql, shadchan.userID, 'personal');
  await sql`UPDATE profile SET gender = ${gender} WHERE id = ${id}`;
  return id;
}
async function openActivity(maleID: string | null, femaleID: string | null) {
  const id = `a-${nanoid(8)}`;
  await sql`INSERT INTO activity (id, type, title, male_profile_id, female_profile_id, created_by)
            VALUES (${id}, 'suggestion', 'הצעה', ${maleID}, ${femaleID}, ${shadchan.userID})`;
  return id;
}

const couple = (over: Record<string, unknown> = {}) => ({
  id: `c-${nanoid(8)}`,
  maleProfileID: null,
  maleName: 'דוד לוי',
  maleIDNumber: '',
  femaleProfileID: null,
  femaleName: 'רחל כהן',
  femaleIDNumber: '',
  fatherName: 'אברהם',
  shadchanID: shadchan.userID,
  rabbi: 'הרב שטיין',
  note: '',
  ...over,
});
const coupleRow = async (id: string) => (await sql`SELECT * FROM engaged_couple WHERE id = ${id}`)[0];
const stateOf = async (id: string) => (await sql`SELECT state FROM profile WHERE id = ${id}`)[0]!.state;
const cardsOf = async (coupleID: string) => sql`SELECT * FROM benefit_card WHERE couple_id = ${coupleID} ORDER BY id_number`;
const credit = async (shadchanID: string, ctx: AuthContext = editor) =>
  (await db.run(queries.engagedCouples.creditOf.fn({args: {shadchanID}, ctx}))).length;

describe('the §5 ID rule, re-validated by the server', () => {
  test('neither side with an ID number is refused, on the ID field', async () => {
    const args = couple({maleProfileID: await card('male'), femaleProfileID: await card('female')});
    const refused = await refusal(mutate(editor, 'engagedCouples.record', args));
    expect(refused?.issues).toContainEqual({field: 'maleIDNumber', message: 'coupleNeedsID'});
    expect(await coupleRow(args.id)).toBeUndefined();
  });

  test('a side with neither a card nor an ID number is refused', async () => {
    const args = couple({maleIDNumber: makeIsraeliID()});
    const refused = await refusal(mutate(editor, 'engagedCouples.record', args));
    expect(refused?.issues).toContainEqual({field: 'femaleIDNumber', message: 'coupleSideNeedsCard'});
  });

  test('a wrong check digit, letters, an empty name and a too long note are refused by field', async () => {
    const id = makeIsraeliID();
    const wrong = id.slice(0, 8) + String((Number(id[8]) + 1) % 10);
    const refused = await refusal(
      mutate(
        editor,
        'engagedCouples.record',
        couple({maleIDNumber: wrong, femaleIDNumber: '12ab', maleName: ' ', note: 'x'.repeat(2001)}),
      ),
    );
    expect(refused?.issues).toEqual(
      expect.arrayContaining([
        {field: 'maleIDNumber', message: 'invalidId'},
        {field: 'femaleIDNumber', message: 'digitsOnly'},
        {field: 'maleName', message: 'required'},
        {field: 'note', message: 'tooLong'},
      ]),
    );
  });

  test('a card on the wrong side, or one the user may not see, is refused without saying what it holds', async () => {
    const male = await card('male');
    const wrongSide = await refusal(
      mutate(editor, 'engagedCouples.record', couple({femaleProfileID: male, maleIDNumber: makeIsraeliID()})),
    );
    expect(wrongSide?.issues).toContainEqual({field: 'femaleProfileID', message: 'wrongSide'});
    const hidden = await hiddenCard('female');
    const notSeen = await refusal(
      mutate(editor, 'engagedCouples.record', couple({femaleProfileID: hidden, maleIDNumber: makeIsraeliID()})),
    );
    expect(notSeen).toMatchObject({code: 'notFound'});
    const noSuch = await refusal(
      mutate(editor, 'engagedCouples.record', couple({femaleProfileID: 'p-nosuch', maleIDNumber: makeIsraeliID()})),
    );
    expect(noSuch).toEqual(notSeen);
  });

  test('an unknown making shadchan is refused', async () => {
    const refused = await refusal(
      mutate(
        editor,
        'engagedCouples.record',
        couple({maleIDNumber: makeIsraeliID(), femaleIDNumber: makeIsraeliID(), shadchanID: 'u-nosuch'}),
      ),
    );
    expect(refused?.issues).toContainEqual({field: 'shadchanID', message: 'unknownOption'});
  });
});

describe('recording a couple closes the shidduch', () => {
  test('both cards engaged, open activities done with a vort, the shadchan credited, one card per side with an ID', async () => {
    const femaleID = makeIsraeliID();
    const male = await card('male');
    const female = await card('female', femaleID);
    const open = await openActivity(male, null);
    const other = await openActivity(null, female);
    const before = await credit(shadchan.userID);
    const revisionBefore = (await sql`SELECT revision FROM profile WHERE id = ${male}`)[0]!.revision;
    const maleID = makeIsraeliID();
    const args = couple({maleProfileID: male, femaleProfileID: female, maleIDNumber: maleID});
    await mutate(editor, 'engagedCouples.record', args);

    expect(await coupleRow(args.id)).toMatchObject({
      status: 'confirmed',
      submitted_by_user: editor.userID,
      decided_by: editor.userID,
    });
    expect(await stateOf(male)).toBe('engaged');
    expect(await stateOf(female)).toBe('engaged');
    const activities =
      await sql`SELECT id, type, status FROM activity WHERE id IN (${open}, ${other}) OR (type = 'vort' AND male_profile_id = ${male})`;
    expect(activities.map(a => [a.type, a.status]).sort()).toEqual([
      ['suggestion', 'done'],
      ['suggestion', 'done'],
      ['vort', 'done'],
    ]);
    expect(await credit(shadchan.userID)).toBe(before + 1);
    // The male side's ID is the couple's; the female side's comes from her card's detail.
    const cards = await cardsOf(args.id);
    expect(cards.map(c => [c.profile_id, c.id_number, c.full_name]).sort()).toEqual(
      [
        [male, maleID, 'דוד לוי'],
        [female, femaleID, 'רחל כהן'],
      ].sort(),
    );
    for (const c of cards) expect(c.code).toMatch(/^[A-Z0-9]{12}$/);
    // The change is a revision in the card's history.
    const [revision] = await sql`SELECT revision FROM profile WHERE id = ${male}`;
    expect(revision!.revision).toBe(revisionBefore + 1);
  });

  test("an engaged card is left out of the activity form's side search, offered to the couple and benefit-card pickers", async () => {
    const male = await card('male');
    const found = async (engaged: boolean) =>
      (await db.run(queries.activities.pick.fn({args: {gender: 'male', search: 'לוי דוד', engaged}, ctx: shadchan}))).map(
        p => p.id,
      );
    expect(await found(false)).toContain(male);
    await mutate(editor, 'engagedCouples.record', couple({maleProfileID: male, femaleIDNumber: makeIsraeliID()}));
    expect(await found(false)).not.toContain(male);
    expect(await found(true)).toContain(male);
  });

  test('an engaged card is no longer "open to suggestions now" in the candidate search', async () => {
    const male = await card('male');
    const openNow = async () =>
      (
        await db.run(
          queries.candidates.list.fn({
            args: {filters: {openNow: true, owners: [shadchan.userID]}, sort: 'name', dir: 'asc', limit: 2000},
            ctx: shadchan,
          }),
        )
      ).map(p => p.id);
    expect(await openNow()).toContain(male);
    await mutate(editor, 'engagedCouples.record', couple({maleProfileID: male, femaleIDNumber: makeIsraeliID()}));
    expect(await openNow()).not.toContain(male);
  });

  test('a typed side without a card gets its card too; confirming twice issues nothing more', async () => {
    const args = couple({maleIDNumber: makeIsraeliID(), femaleIDNumber: makeIsraeliID()});
    await mutate(shadchan, 'engagedCouples.report', args);
    expect(await cardsOf(args.id)).toHaveLength(0);
    await mutate(editor, 'engagedCouples.confirm', {id: args.id});
    await mutate(editor, 'engagedCouples.confirm', {id: args.id});
    expect(await cardsOf(args.id)).toHaveLength(2);
  });

  test('a side the office already gave a card by hand keeps that one: no one holds two', async () => {
    const brideID = makeIsraeliID();
    const bride = await card('female', brideID);
    await sql`UPDATE profile SET state = 'engaged' WHERE id = ${bride}`;
    await issueBenefitCard(sql, {profileID: bride, coupleID: null, fullName: 'רחל לוי', idNumber: brideID}, null);
    const args = couple({femaleProfileID: bride, maleIDNumber: makeIsraeliID()});
    await mutate(editor, 'engagedCouples.record', args);
    const live = await sql`SELECT couple_id FROM benefit_card WHERE id_number = ${brideID} AND revoked_at IS NULL`;
    expect(live).toEqual([{couple_id: null}]);
    expect(await cardsOf(args.id)).toHaveLength(1);
  });
});

describe('report, confirm, reject, edit, undo', () => {
  test('a shadchan reports a pending couple as its making shadchan; an editor confirms it', async () => {
    const male = await card('male', makeIsraeliID());
    const female = await card('female');
    const args = couple({maleProfileID: male, femaleProfileID: female, maleIDNumber: '', shadchanID: outsider.userID});
    // The card's own ID number does not count for §5's rule: the form says which side has one.
    expect(await refusal(mutate(shadchan, 'engagedCouples.report', args))).toMatchObject({code: 'invalidInput'});
    const reported = {...args, maleIDNumber: makeIsraeliID()};
    await mutate(shadchan, 'engagedCouples.report', reported);
    expect(await coupleRow(args.id)).toMatchObject({
      status: 'pending',
      shadchan_id: shadchan.userID,
      submitted_by_user: shadchan.userID,
    });
    expect(await stateOf(male)).toBe('active');
    // The reporter sees their own report; another shadchan does not.
    expect(await db.run(queries.engagedCouples.one.fn({args: {id: args.id}, ctx: shadchan}))).toMatchObject({status: 'pending'});
    expect(await db.run(queries.engagedCouples.one.fn({args: {id: args.id}, ctx: outsider}))).toBeUndefined();
    await mutate(editor, 'engagedCouples.confirm', {id: args.id});
    expect(await coupleRow(args.id)).toMatchObject({status: 'confirmed', decided_by: editor.userID});
    expect(await stateOf(male)).toBe('engaged');
    expect(await stateOf(female)).toBe('engaged');
  });

  test('a shadchan reports only about cards they can see', async () => {
    const hidden = await hiddenCard('male');
    const refused = await refusal(
      mutate(outsider, 'engagedCouples.report', couple({maleProfileID: hidden, femaleIDNumber: makeIsraeliID()})),
    );
    expect(refused).toMatchObject({code: 'notFound'});
  });

  test('reject keeps the row as rejected; a rejected couple cannot be undone', async () => {
    const args = couple({maleIDNumber: makeIsraeliID(), femaleIDNumber: makeIsraeliID()});
    await mutate(shadchan, 'engagedCouples.report', args);
    await mutate(editor, 'engagedCouples.reject', {id: args.id});
    expect(await coupleRow(args.id)).toMatchObject({status: 'rejected', decided_by: editor.userID});
    expect(await refusal(mutate(editor, 'engagedCouples.undo', {id: args.id}))).toMatchObject({code: 'editConflict'});
  });

  test("undo brings the cards back, revokes the couple's benefit cards and takes back the credit", async () => {
    const male = await card('male');
    const female = await card('female');
    const args = couple({
      maleProfileID: male,
      femaleProfileID: female,
      maleIDNumber: makeIsraeliID(),
      femaleIDNumber: makeIsraeliID(),
    });
    await mutate(editor, 'engagedCouples.record', args);
    const credited = await credit(shadchan.userID);
    await mutate(editor, 'engagedCouples.undo', {id: args.id});
    expect(await coupleRow(args.id)).toMatchObject({status: 'undone', decided_by: editor.userID});
    expect(await stateOf(male)).toBe('active');
    expect(await stateOf(female)).toBe('active');
    const cards = await cardsOf(args.id);
    expect(cards).toHaveLength(2);
    for (const c of cards) expect(c).toMatchObject({revoked_by: editor.userID, revoked_at: expect.any(Date)});
    expect(await credit(shadchan.userID)).toBe(credited - 1);
    const [vort] = await sql`SELECT status FROM activity WHERE id = ${'vort-' + args.id}`;
    expect(vort!.status).toBe('irrelevant');
    // Confirmed again: new live cards, one per side.
    await mutate(editor, 'engagedCouples.confirm', {id: args.id});
    expect((await cardsOf(args.id)).filter(c => c.revoked_at === null)).toHaveLength(2);
  });

  test('undo leaves a card that something else changed since', async () => {
    const male = await card('male');
    const args = couple({maleProfileID: male, femaleIDNumber: makeIsraeliID()});
    await mutate(editor, 'engagedCouples.record', args);
    await sql`UPDATE profile SET state = 'blocked' WHERE id = ${male}`;
    await mutate(editor, 'engagedCouples.undo', {id: args.id});
    expect(await stateOf(male)).toBe('blocked');
  });

  test('edit corrects the details; a confirmed couple keeps its cards', async () => {
    const male = await card('male');
    const args = couple({maleProfileID: male, femaleIDNumber: makeIsraeliID()});
    await mutate(editor, 'engagedCouples.record', args);
    await mutate(editor, 'engagedCouples.edit', {...args, fatherName: 'יעקב', rabbi: 'הרב גולד'});
    expect(await coupleRow(args.id)).toMatchObject({father_name: 'יעקב', rabbi: 'הרב גולד', status: 'confirmed'});
    const refused = await refusal(mutate(editor, 'engagedCouples.edit', {...args, maleProfileID: await card('male')}));
    expect(refused?.issues).toContainEqual({field: 'maleProfileID', message: 'coupleUndoFirst'});
    expect(await refusal(mutate(editor, 'engagedCouples.edit', {...args, femaleIDNumber: ''}))).toMatchObject({
      code: 'invalidInput',
    });
    expect(await refusal(mutate(editor, 'engagedCouples.edit', {...args, id: 'c-nosuch'}))).toMatchObject({code: 'notFound'});
  });

  test("without editEngagedCouples every editor's write is refused and nothing changes", async () => {
    const args = couple({maleIDNumber: makeIsraeliID(), femaleIDNumber: makeIsraeliID()});
    expect(await refusal(mutate(shadchan, 'engagedCouples.record', args))).toMatchObject({code: 'forbidden'});
    expect(await coupleRow(args.id)).toBeUndefined();
    await mutate(shadchan, 'engagedCouples.report', args);
    for (const name of ['confirm', 'reject', 'undo']) {
      expect(await refusal(mutate(shadchan, `engagedCouples.${name}`, {id: args.id}))).toMatchObject({code: 'forbidden'});
    }
    expect(await refusal(mutate(shadchan, 'engagedCouples.edit', {...args, rabbi: 'x'}))).toMatchObject({code: 'forbidden'});
    expect(await coupleRow(args.id)).toMatchObject({status: 'pending', rabbi: 'הרב שטיין'});
    const blocked = await makeUser(sql, 'blocked', []);
    expect(await refusal(mutate(blocked, 'engagedCouples.report', {...args, id: `c-${nanoid(8)}`}))).toMatchObject({
      code: 'notLoggedIn',
    });
    // Their list holds only their own reports, without benefit cards; the credit of another is nothing.
    const listed = await db.run(queries.engagedCouples.list.fn({args: {search: '', status: ''}, ctx: shadchan}));
    expect(listed.every(c => c.submittedByUser === shadchan.userID)).toBe(true);
    expect(await credit(editor.userID, outsider)).toBe(0);
  });

  test('the list searches names and ID numbers and filters by status', async () => {
    const idNumber = makeIsraeliID();
    const name = `פלוני ${nanoid(5)}`;
    const args = couple({maleName: name, maleIDNumber: idNumber, femaleIDNumber: makeIsraeliID()});
    await mutate(editor, 'engagedCouples.record', args);
    const list = (search: string, status: CoupleListArgs['status'] = '') =>
      db.run(queries.engagedCouples.list.fn({args: {search, status}, ctx: editor})).then(rows => rows.map(r => r.id));
    expect(await list(name)).toEqual([args.id]);
    expect(await list(idNumber.slice(2))).toEqual([args.id]);
    expect(await list(name, 'pending')).toEqual([]);
    const [row] = await db.run(queries.engagedCouples.list.fn({args: {search: name, status: 'confirmed'}, ctx: editor}));
    expect(row?.cards).toHaveLength(2);
  });
});
