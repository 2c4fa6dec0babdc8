import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {IdeaListArgs} from '../../app/ideas/schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {refusal, serverSide} from '../support/server-side.ts';

/** The ideas bank (issue 17) through the real server mutators, read rule and Postgres. */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

const bank = (ctx: AuthContext, args: Partial<IdeaListArgs> = {}) =>
  db.transaction(tx => tx.run(queries.ideas.bank.fn({args: {box: 'all', limit: 100, ...args}, ctx})));
const ideaRow = async (id: string) => (await sql`SELECT * FROM shidduch_idea WHERE id = ${id}`)[0];
const answers = (id: string) =>
  sql<{user_id: string; status: string; reason: string | null; activity_id: string | null}[]>`
    SELECT user_id, status, reason, activity_id FROM shidduch_idea_recipient WHERE idea_id = ${id} ORDER BY user_id`;

async function femaleCard(ownerID: string, database: 'general' | 'personal' = 'general', surname = 'רעיונות') {
  const id = await makeProfile(sql, ownerID, database, surname, 'שרה');
  await sql`UPDATE profile SET gender = 'female' WHERE id = ${id}`;
  return id;
}

let sender: AuthContext, manOwner: AuthContext, womanOwner: AuthContext, outsider: AuthContext;
let noBank: AuthContext, plain: AuthContext, admin: AuthContext;
let man: string, woman: string, sendersMan: string, hiddenWoman: string, noBankWoman: string, chosenWoman: string;
beforeAll(async () => {
  sender = await makeUser(sql, 'shadchan', ['ideasBank']);
  manOwner = await makeUser(sql, 'shadchan', ['ideasBank', 'editTickets']);
  womanOwner = await makeUser(sql, 'shadchan', ['ideasBank']);
  outsider = await makeUser(sql, 'shadchan', ['ideasBank', 'editTickets']);
  noBank = await makeUser(sql, 'shadchan', ['editTickets']);
  plain = await makeUser(sql, 'shadchan');
  admin = await makeUser(sql, 'admin');
  man = await makeProfile(sql, manOwner.userID, 'general', 'רעיונות', 'יוסף');
  sendersMan = await makeProfile(sql, sender.userID, 'general', 'רעיונות', 'משה');
  woman = await femaleCard(womanOwner.userID);
  hiddenWoman = await femaleCard(womanOwner.userID, 'personal'); // her owner's alone
  noBankWoman = await femaleCard(noBank.userID);
  // Shown only to its owner and the sender: the other recipient sees that it is there, not who.
  chosenWoman = await femaleCard(womanOwner.userID, 'general', 'נבחרת');
  await sql`UPDATE profile SET visibility = 'chosen' WHERE id = ${chosenWoman}`;
  await sql`INSERT INTO profile_viewer (profile_id, user_id) VALUES (${chosenWoman}, ${sender.userID})`;
  await sql`UPDATE site_setting SET idea_bank = true`;
});

const idea = (over: Record<string, unknown> = {}) => ({
  id: `i-${nanoid(8)}`,
  maleProfileID: man,
  femaleProfileID: woman,
  note: 'שניהם אוהבים ללמוד',
  ...over,
});
const accept = (ideaID: string, activityID = `a-${nanoid(8)}`) => ({ideaID, activityID, title: 'רעיון שידוך'});

describe('ideas.send', () => {
  test('goes to the owner of each card, stamped with the sender and time; the sender is never their own recipient', async () => {
    const args = idea({note: '  שניהם אוהבים ללמוד  '});
    const before = Date.now();
    await mutate(sender, 'ideas.send', args);
    const row = await ideaRow(args.id);
    expect(row).toMatchObject({
      sent_by: sender.userID,
      note: 'שניהם אוהבים ללמוד',
      male_profile_id: man,
      female_profile_id: woman,
    });
    expect(row!.created_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const open = (user_id: string) => ({user_id, status: 'open', reason: null, activity_id: null});
    const sent = await answers(args.id);
    expect(sent).toHaveLength(2);
    expect(sent).toEqual(expect.arrayContaining([open(manOwner.userID), open(womanOwner.userID)]));

    const own = idea({maleProfileID: sendersMan});
    await mutate(sender, 'ideas.send', own);
    expect((await answers(own.id)).map(a => a.user_id)).toEqual([womanOwner.userID]);
  });

  test.each([
    ['no note', {note: '   '}, 'note', 'required'],
    ['a note too long', {note: 'א'.repeat(2001)}, 'note', 'tooLong'],
    ['no man', {maleProfileID: ''}, 'maleProfileID', 'required'],
    ['no woman', {femaleProfileID: ''}, 'femaleProfileID', 'required'],
  ])('%s is refused with a field issue, and nothing is written', async (_, over, field, message) => {
    const args = idea(over);
    expect(await refusal(mutate(sender, 'ideas.send', args))).toMatchObject({
      code: 'invalidInput',
      issues: [expect.objectContaining({field, message})],
    });
    expect(await ideaRow(args.id)).toBeUndefined();
  });

  test('a card on the wrong side, unseen or missing is refused as the activities are; nothing is written', async () => {
    const cases = [
      [idea({maleProfileID: woman}), {code: 'invalidInput', issues: [{field: 'maleProfileID', message: 'wrongSide'}]}],
      [idea({femaleProfileID: hiddenWoman}), {code: 'notFound', issues: [{field: 'femaleProfileID', message: 'notFound'}]}],
      [idea({femaleProfileID: 'p-missing'}), {code: 'notFound', issues: [{field: 'femaleProfileID', message: 'notFound'}]}],
    ] as const;
    for (const [args, refused] of cases) {
      expect(await refusal(mutate(sender, 'ideas.send', args))).toEqual(refused);
      expect(await ideaRow(args.id)).toBeUndefined();
    }
  });

  test('an idea nobody could receive is refused: the sender owns the one card and the other owner has no ideas bank', async () => {
    const args = idea({maleProfileID: sendersMan, femaleProfileID: noBankWoman});
    expect(await refusal(mutate(sender, 'ideas.send', args))).toEqual({
      code: 'invalidInput',
      issues: [{field: 'pair', message: 'ideaNoRecipient'}],
    });
    expect(await ideaRow(args.id)).toBeUndefined();
  });

  test('without ideasBank it is forbidden; an id already used is refused', async () => {
    const args = idea();
    expect(await refusal(mutate(noBank, 'ideas.send', args))).toMatchObject({code: 'forbidden'});
    expect(await refusal(mutate(plain, 'ideas.send', args))).toMatchObject({code: 'forbidden'});
    expect(await ideaRow(args.id)).toBeUndefined();
    await mutate(sender, 'ideas.send', args);
    expect(await refusal(mutate(sender, 'ideas.send', {...args, note: 'שוב'}))).toMatchObject({code: 'unableToSave'});
    expect(await ideaRow(args.id)).toMatchObject({note: args.note});
  });

  test('while the site’s idea-bank switch is off the server refuses new ideas, even to an administrator', async () => {
    await mutate(admin, 'site.update', {ideaBank: false});
    try {
      for (const who of [sender, admin]) {
        const args = idea();
        expect(await refusal(mutate(who, 'ideas.send', args))).toMatchObject({code: 'forbidden'});
        expect(await ideaRow(args.id)).toBeUndefined();
      }
    } finally {
      await mutate(admin, 'site.update', {ideaBank: true});
    }
    const args = idea();
    await mutate(sender, 'ideas.send', args);
    expect(await ideaRow(args.id)).toBeDefined();
  });
});

describe('accepting and declining', () => {
  test('a recipient accepts: exactly one idea activity for the pair, theirs, linked from their answer; never twice', async () => {
    const args = idea();
    await mutate(sender, 'ideas.send', args);
    const first = accept(args.id);
    await mutate(manOwner, 'ideas.accept', first);
    const made = await sql`SELECT * FROM activity WHERE id IN (
      SELECT activity_id FROM shidduch_idea_recipient WHERE idea_id = ${args.id} AND activity_id IS NOT NULL)`;
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      id: first.activityID,
      type: 'idea',
      status: 'in_progress',
      title: 'רעיון שידוך',
      summary: args.note,
      male_profile_id: man,
      female_profile_id: woman,
      created_by: manOwner.userID,
    });
    const mine = (await answers(args.id)).find(a => a.user_id === manOwner.userID);
    expect(mine).toMatchObject({status: 'accepted', activity_id: first.activityID});

    // A second answer, accepting or declining, is refused and makes nothing.
    const again = accept(args.id);
    expect(await refusal(mutate(manOwner, 'ideas.accept', again))).toEqual({
      code: 'invalidInput',
      issues: [{field: 'status', message: 'ideaAnswered'}],
    });
    expect(await refusal(mutate(manOwner, 'ideas.decline', {ideaID: args.id, reason: 'התחרטתי'}))).toMatchObject({
      code: 'invalidInput',
    });
    expect(await sql`SELECT id FROM activity WHERE id = ${again.activityID}`).toHaveLength(0);
    expect(await sql`SELECT id FROM activity WHERE created_by = ${manOwner.userID} AND summary = ${args.note}`).toHaveLength(1);
    // The other recipient's answer is still their own to give.
    expect((await answers(args.id)).find(a => a.user_id === womanOwner.userID)).toMatchObject({status: 'open'});
  });

  test('a recipient declines with a reason the sender reads; a missing or overlong reason is refused', async () => {
    const args = idea();
    await mutate(sender, 'ideas.send', args);
    for (const [reason, message] of [
      ['  ', 'required'],
      ['א'.repeat(501), 'tooLong'],
    ] as const) {
      expect(await refusal(mutate(womanOwner, 'ideas.decline', {ideaID: args.id, reason}))).toMatchObject({
        code: 'invalidInput',
        issues: [expect.objectContaining({field: 'reason', message})],
      });
    }
    expect((await answers(args.id)).every(a => a.status === 'open')).toBe(true);
    await mutate(womanOwner, 'ideas.decline', {ideaID: args.id, reason: '  היא כבר בשידוך אחר '});
    const [seen] = await bank(sender, {box: 'sent', status: 'declined'}).then(rows => rows.filter(r => r.id === args.id));
    expect(seen!.recipients.find(r => r.userID === womanOwner.userID)).toMatchObject({
      status: 'declined',
      reason: 'היא כבר בשידוך אחר',
    });
    expect(await sql`SELECT id FROM activity WHERE summary = ${args.note} AND created_by = ${womanOwner.userID}`).toHaveLength(0);
  });

  test('only a recipient answers: the sender, an outsider and an administrator get notFound; without ideasBank, forbidden', async () => {
    const args = idea();
    await mutate(sender, 'ideas.send', args);
    for (const who of [sender, outsider, admin]) {
      // The sender holds no editTickets: rights are checked before the idea is looked at.
      const code = who === sender ? 'forbidden' : 'notFound';
      expect(await refusal(mutate(who, 'ideas.accept', accept(args.id)))).toEqual({code});
      expect(await refusal(mutate(who, 'ideas.decline', {ideaID: args.id, reason: 'לא'}))).toEqual({code: 'notFound'});
    }
    expect(await refusal(mutate(plain, 'ideas.accept', accept(args.id)))).toEqual({code: 'forbidden'});
    expect(await refusal(mutate(manOwner, 'ideas.accept', accept('i-missing')))).toEqual({code: 'notFound'});
    expect(await refusal(mutate(manOwner, 'ideas.accept', {ideaID: args.id, activityID: '', title: ''}))).toMatchObject({
      code: 'invalidInput',
    });
    expect((await answers(args.id)).every(a => a.status === 'open')).toBe(true);
  });

  test('the database itself holds each answer to what it needs', async () => {
    const args = idea();
    await mutate(sender, 'ideas.send', args);
    const at = (status: string, reason: string | null, decided: Date | null) =>
      sql`UPDATE shidduch_idea_recipient SET status = ${status}, reason = ${reason}, decided_at = ${decided}
          WHERE idea_id = ${args.id} AND user_id = ${manOwner.userID}`;
    await expect(at('declined', null, new Date())).rejects.toThrow(/check/);
    await expect(at('accepted', null, null)).rejects.toThrow(/check/);
    await expect(at('open', 'סיבה', null)).rejects.toThrow(/check/);
    await expect(at('maybe', null, new Date())).rejects.toThrow(/check/);
  });

  test('accepting makes an activity, so it needs what activities.create needs: editTickets and both cards seen now', async () => {
    const withEdit = await makeUser(sql, 'shadchan', ['ideasBank', 'editTickets']);
    const withoutEdit = await makeUser(sql, 'shadchan', ['ideasBank']);
    const hisCard = await makeProfile(sql, withEdit.userID, 'general', 'רעיונות', 'אהרן');
    const herCard = await femaleCard(withoutEdit.userID);
    const args = idea({maleProfileID: hisCard, femaleProfileID: herCard});
    await mutate(sender, 'ideas.send', args);

    const refused = accept(args.id);
    expect(await refusal(mutate(withoutEdit, 'ideas.accept', refused))).toEqual({code: 'forbidden'});
    // Her card is hidden from him since the idea was sent: refused as activities.create refuses it.
    await sql`UPDATE profile SET database = 'personal' WHERE id = ${herCard}`;
    expect(await refusal(mutate(withEdit, 'ideas.accept', refused))).toEqual({
      code: 'notFound',
      issues: [{field: 'femaleProfileID', message: 'notFound'}],
    });
    expect(await sql`SELECT id FROM activity WHERE id = ${refused.activityID}`).toHaveLength(0);
    expect((await answers(args.id)).every(a => a.status === 'open')).toBe(true);
  });

  test('an activity id already taken is refused, and the answer stays open', async () => {
    const args = idea();
    await mutate(sender, 'ideas.send', args);
    const taken = accept(args.id);
    await mutate(outsider, 'activities.create', {
      id: taken.activityID,
      type: 'suggestion',
      status: 'in_progress',
      title: 'אחרת',
      summary: '',
      maleProfileID: man,
      femaleProfileID: null,
      reminderAt: null,
      callDurationSeconds: null,
      callerNumber: null,
    });
    expect(await refusal(mutate(manOwner, 'ideas.accept', taken))).toMatchObject({code: 'unableToSave'});
    expect((await answers(args.id)).find(a => a.user_id === manOwner.userID)).toMatchObject({status: 'open'});
  });
});

describe('ideas.bank (the read rule)', () => {
  let shared: ReturnType<typeof idea>, chosen: ReturnType<typeof idea>;
  beforeAll(async () => {
    shared = idea();
    chosen = idea({femaleProfileID: chosenWoman});
    await mutate(sender, 'ideas.send', shared);
    await mutate(sender, 'ideas.send', chosen);
  });
  const ids = async (ctx: AuthContext, args: Partial<IdeaListArgs> = {}) => (await bank(ctx, args)).map(r => r.id);

  test('an idea reaches its sender, its recipients and administrators; nobody else, nor anyone without ideasBank', async () => {
    for (const who of [sender, manOwner, womanOwner, admin]) expect(await ids(who)).toContain(shared.id);
    for (const who of [outsider, noBank, plain]) expect(await ids(who)).not.toContain(shared.id);
    // The rule reads the permissions the session holds: once ideasBank is taken away, nothing comes.
    const revoked = {...manOwner, permissions: manOwner.permissions.filter(p => p !== 'ideasBank')};
    expect(await ids(revoked)).not.toContain(shared.id);
  });

  test('the boxes, the answer filter and the name search', async () => {
    expect(await ids(sender, {box: 'sent'})).toEqual(expect.arrayContaining([shared.id, chosen.id]));
    expect(await ids(sender, {box: 'received'})).not.toContain(shared.id);
    expect(await ids(womanOwner, {box: 'received', status: 'open'})).toContain(shared.id);
    expect(await ids(womanOwner, {box: 'sent'})).not.toContain(shared.id);
    await mutate(womanOwner, 'ideas.decline', {ideaID: shared.id, reason: 'לא מתאים'});
    expect(await ids(womanOwner, {box: 'received', status: 'open'})).not.toContain(shared.id);
    expect(await ids(womanOwner, {box: 'received', status: 'declined'})).toContain(shared.id);
    expect(await ids(sender, {box: 'sent', status: 'accepted'})).not.toContain(shared.id);
    expect(await ids(sender, {box: 'sent', status: 'declined'})).toContain(shared.id);
    expect(await ids(sender, {search: 'נבחרת'})).toEqual([chosen.id]);
    expect(await ids(womanOwner, {search: 'נבחרת'})).toEqual([chosen.id]);
  });

  test('a card’s name only where the viewer may see the card', async () => {
    const rowFor = async (ctx: AuthContext) => (await bank(ctx)).find(r => r.id === chosen.id);
    expect((await rowFor(sender))!.femaleProfile).toMatchObject({id: chosenWoman, surname: 'נבחרת'});
    // The man's owner is a recipient (his card), but the woman's card was shown only to the sender.
    const theirs = await rowFor(manOwner);
    expect(theirs!.maleProfile).toMatchObject({id: man});
    expect(theirs!.femaleProfile ?? null).toBeNull();
    expect(await ids(manOwner, {search: 'נבחרת'})).toEqual([]);
  });

  test('the form’s “tried before” sees earlier ideas and activities on the pair the user may see', async () => {
    const pair = {id: 'i-new', maleProfileID: man, femaleProfileID: woman};
    const tried = await db.transaction(tx => tx.run(queries.ideas.pairIdeas.fn({args: pair, ctx: sender})));
    expect(tried.map(r => r.id)).toContain(shared.id);
    expect(tried.every(r => r.maleProfileID === man && r.femaleProfileID === woman)).toBe(true);
    expect(await db.transaction(tx => tx.run(queries.ideas.pairIdeas.fn({args: pair, ctx: outsider})))).toEqual([]);
    const activities = await db.transaction(tx => tx.run(queries.ideas.pairActivities.fn({args: pair, ctx: sender})));
    expect(activities.length).toBeGreaterThan(0); // the ideas accepted above
    expect(activities.every(a => a.type === 'idea' && a.status !== 'irrelevant')).toBe(true);
  });
});
