import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * Chats (issue 17) through the real server mutators, named queries and Postgres: a conversation reaches
 * its members only (nobody else, the administrator included, even by its id), one about a card only
 * those who may see the card; unread counts per member, cleared by opening; every mutator refused with
 * bad input and without the right, with nothing written.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

let ann: AuthContext, ben: AuthContext, outsider: AuthContext, admin: AuthContext, blocked: AuthContext;
let pendingUser: AuthContext, rep: AuthContext;
let openCard: string, annsPersonalCard: string;
beforeAll(async () => {
  ann = await makeUser(sql, 'shadchan');
  ben = await makeUser(sql, 'shadchan');
  outsider = await makeUser(sql, 'shadchan');
  admin = await makeUser(sql, 'admin');
  blocked = await makeUser(sql, 'blocked');
  pendingUser = await makeUser(sql, 'shadchan', [], {approved: false});
  // A representative sees only the cards in their care: none here.
  rep = await makeUser(sql, 'representative');
  openCard = await makeProfile(sql, ann.userID, 'general', `פתוח-${nanoid(4)}`);
  await sql`UPDATE profile SET visibility = 'all' WHERE id = ${openCard}`;
  annsPersonalCard = await makeProfile(sql, ann.userID, 'personal', `אישי-${nanoid(4)}`);
});

const listOf = async (ctx: AuthContext) =>
  (await db.transaction(tx => tx.run(queries.chats.list.fn({args: undefined, ctx})))).map(c => c.id);
const chatAs = (ctx: AuthContext, id: string) => db.transaction(tx => tx.run(queries.chats.chat.fn({args: {id}, ctx})));
const forCardAs = async (ctx: AuthContext, profileID: string) =>
  (await db.transaction(tx => tx.run(queries.chats.forCard.fn({args: {profileID}, ctx})))).map(c => c.id);
const unreadOf = async (ctx: AuthContext) =>
  Object.fromEntries(
    (await db.transaction(tx => tx.run(queries.chats.unread.fn({args: undefined, ctx})))).map(r => [r.chatID, r.unreadCount]),
  );
const stored = async (chatID: string) => ({
  chats: await sql`SELECT id FROM chat WHERE id = ${chatID}`,
  members: await sql`SELECT user_id, unread_count FROM chat_member WHERE chat_id = ${chatID} ORDER BY user_id`,
  messages: await sql`SELECT body FROM chat_message WHERE chat_id = ${chatID} ORDER BY created_at, id`,
});

const newChat = (over: Record<string, unknown> = {}): ReadonlyJSONObject => ({
  id: `c-${nanoid(8)}`,
  title: null,
  memberIDs: [ben.userID],
  profileID: null,
  messageID: `m-${nanoid(8)}`,
  body: 'שלום, יש לי הצעה',
  ...over,
});
const message = (chatID: string, body = 'תשובה') => ({id: `m-${nanoid(8)}`, chatID, body});

describe('who receives a conversation', () => {
  let chatID: string;
  beforeAll(async () => {
    const args = newChat();
    chatID = args.id as string;
    await mutate(ann, 'chats.create', args);
  });

  test('its members read it with its first message; the others are unread for the one it was sent to', async () => {
    expect(await listOf(ann)).toContain(chatID);
    expect(await listOf(ben)).toContain(chatID);
    const seen = await chatAs(ben, chatID);
    expect(seen?.messages.map(m => [m.body, m.author?.name])).toEqual([['שלום, יש לי הצעה', `בודק ${ann.userID}`]]);
    expect(seen?.members.map(m => m.userID).sort()).toEqual([ann.userID, ben.userID].sort());
    expect((await unreadOf(ben))[chatID]).toBe(1);
    expect((await unreadOf(ann))[chatID]).toBeUndefined();
  });

  test('anyone else gets nothing, not even by its id: another shadchan, the administrator, a blocked user', async () => {
    for (const ctx of [outsider, admin, blocked]) {
      expect(await listOf(ctx)).not.toContain(chatID);
      expect(await chatAs(ctx, chatID)).toBeUndefined();
      expect(await unreadOf(ctx)).not.toHaveProperty(chatID);
    }
  });

  test('a non-member may neither write to it nor mark it read, and learns nothing of it', async () => {
    const before = await stored(chatID);
    await expect(mutate(outsider, 'chats.send', message(chatID))).rejects.toMatchObject({details: {code: 'notFound'}});
    await expect(mutate(outsider, 'chats.markRead', {chatID})).rejects.toMatchObject({details: {code: 'notFound'}});
    await expect(mutate(admin, 'chats.send', message(chatID))).rejects.toMatchObject({details: {code: 'notFound'}});
    // The same answer as for a conversation that does not exist.
    await expect(mutate(outsider, 'chats.send', message(`c-none-${nanoid(6)}`))).rejects.toMatchObject({
      details: {code: 'notFound'},
    });
    expect(await stored(chatID)).toEqual(before);
  });
});

describe('unread counts and marking read', () => {
  test('each message counts for the other members; opening clears the reader’s own count only', async () => {
    const args = newChat({memberIDs: [ben.userID, outsider.userID], title: 'צוות בני ברק'});
    const chatID = args.id as string;
    await mutate(ann, 'chats.create', args);
    await mutate(ben, 'chats.send', message(chatID, 'ראיתי'));
    expect((await unreadOf(ann))[chatID]).toBe(1);
    expect((await unreadOf(outsider))[chatID]).toBe(2);
    // Writing is reading: the sender's count is cleared.
    expect((await unreadOf(ben))[chatID]).toBeUndefined();

    await mutate(outsider, 'chats.markRead', {chatID});
    expect((await unreadOf(outsider))[chatID]).toBeUndefined();
    expect((await unreadOf(ann))[chatID]).toBe(1);
    const [pointer] = await sql<{last_read_at: Date | null}[]>`
      SELECT last_read_at FROM chat_member WHERE chat_id = ${chatID} AND user_id = ${outsider.userID}`;
    expect(pointer?.last_read_at).toBeInstanceOf(Date);
    expect((await chatAs(outsider, chatID))?.title).toBe('צוות בני ברק');
  });

  test('messages sent at the same moment all count', async () => {
    const args = newChat();
    const chatID = args.id as string;
    await mutate(ann, 'chats.create', args);
    await mutate(ben, 'chats.markRead', {chatID});
    await Promise.all(Array.from({length: 6}, (_, i) => mutate(ben, 'chats.send', message(chatID, `הודעה ${i}`))));
    expect((await unreadOf(ann))[chatID]).toBe(6);
    expect((await stored(chatID)).messages).toHaveLength(7);
  });

  test('a one-to-one conversation keeps no name; a group its own', async () => {
    const args = newChat({title: 'שם'});
    await mutate(ann, 'chats.create', args);
    expect((await chatAs(ann, args.id as string))?.title ?? null).toBeNull();
  });
});

describe('a conversation about a card', () => {
  test('the creator must see the card (else not found); whether each member may see it is never told', async () => {
    const byBen = newChat({profileID: annsPersonalCard, memberIDs: [ann.userID]});
    await expect(mutate(ben, 'chats.create', byBen)).rejects.toMatchObject({details: {code: 'notFound'}});
    expect((await stored(byBen.id as string)).chats).toEqual([]);
    // Ben may not see Ann's personal card, the representative sees no card here: both are members all the
    // same, exactly as a member who sees it; the conversation reaches them without the card.
    const args = newChat({profileID: annsPersonalCard, memberIDs: [ben.userID, rep.userID], title: 'קבוצה'});
    const chatID = args.id as string;
    await mutate(ann, 'chats.create', args);
    expect((await stored(chatID)).members.map(m => m.user_id).sort()).toEqual([ann.userID, ben.userID, rep.userID].sort());
    for (const member of [ben, rep]) {
      expect(await listOf(member)).toContain(chatID);
      const seen = await chatAs(member, chatID);
      expect(seen?.messages.map(m => m.body)).toEqual([args.body]);
      expect(seen?.profile ?? null).toBeNull();
    }
    expect((await chatAs(ann, chatID))?.profile?.id).toBe(annsPersonalCard);
    await mutate(ben, 'chats.send', message(chatID, 'קיבלתי'));
  });

  test('the card’s panel lists it; a member who may no longer see the card keeps the conversation, not the card', async () => {
    const args = newChat({profileID: openCard});
    const chatID = args.id as string;
    await mutate(ann, 'chats.create', args);
    expect(await forCardAs(ben, openCard)).toEqual([chatID]);
    expect((await chatAs(ben, chatID))?.profile?.id).toBe(openCard);
    expect(await forCardAs(outsider, openCard)).toEqual([]);

    await sql`UPDATE profile SET database = 'personal' WHERE id = ${openCard}`;
    try {
      expect(await listOf(ben)).toContain(chatID);
      expect((await chatAs(ben, chatID))?.profile ?? null).toBeNull();
      expect(await unreadOf(ben)).toHaveProperty(chatID);
      // Its owner still has it, with the card.
      expect((await chatAs(ann, chatID))?.profile?.id).toBe(openCard);
    } finally {
      await sql`UPDATE profile SET database = 'general' WHERE id = ${openCard}`;
    }
  });
});

describe('refusals write nothing', () => {
  test('members must be approved, unblocked users other than oneself', async () => {
    for (const [memberIDs, code, issue] of [
      [[`u-none-${nanoid(6)}`], 'userUnknown', 'unknownOption'],
      [[blocked.userID], 'userUnknown', 'unknownOption'],
      [[pendingUser.userID], 'userUnknown', 'unknownOption'],
      [[ann.userID], 'invalidInput', 'chooseMembers'],
    ] as const) {
      const args = newChat({memberIDs: [...memberIDs]});
      await expect(mutate(ann, 'chats.create', args)).rejects.toMatchObject({
        details: {code, issues: [{field: 'memberIDs', message: issue}]},
      });
      expect((await stored(args.id as string)).chats).toEqual([]);
    }
  });

  test('a blocked user may do nothing', async () => {
    const args = newChat();
    await expect(mutate(blocked, 'chats.create', args)).rejects.toMatchObject({details: {code: 'notLoggedIn'}});
    expect((await stored(args.id as string)).chats).toEqual([]);
  });

  test('an id already taken is refused', async () => {
    const args = newChat();
    await mutate(ann, 'chats.create', args);
    const again = newChat({id: args.id});
    await expect(mutate(ann, 'chats.create', again)).rejects.toMatchObject({details: {code: 'invalidInput'}});
    const reused = {...message(args.id as string), id: args.messageID as string};
    await expect(mutate(ben, 'chats.send', reused)).rejects.toMatchObject({details: {code: 'invalidInput'}});
    expect((await stored(args.id as string)).messages).toHaveLength(1);
  });

  const long = 'א'.repeat(2001);
  const BAD: Array<[string, () => Promise<ReadonlyJSONObject>, string, string]> = [
    ['chats.create', async () => newChat({body: '   '}), 'body', 'required'],
    ['chats.create', async () => newChat({body: long}), 'body', 'tooLong'],
    ['chats.create', async () => newChat({memberIDs: []}), 'memberIDs', 'chooseMembers'],
    ['chats.create', async () => newChat({memberIDs: 'everyone'}), 'memberIDs', 'invalidInput'],
    ['chats.create', async () => newChat({title: 'ש'.repeat(81), memberIDs: [ben.userID, outsider.userID]}), 'title', 'tooLong'],
    ['chats.create', async () => newChat({profileID: 7}), 'profileID', 'required'],
    ['chats.send', async () => message(`c-${nanoid(6)}`, ''), 'body', 'required'],
    ['chats.send', async () => message(`c-${nanoid(6)}`, long), 'body', 'tooLong'],
    ['chats.send', async () => ({id: `m-${nanoid(6)}`, chatID: 5, body: 'היי'}), 'chatID', 'required'],
    ['chats.markRead', async () => ({chatID: ''}), 'chatID', 'required'],
  ];
  test.each(BAD)('%s with bad input (%s: %s)', async (name, args, field, issue) => {
    const before = await sql`SELECT count(*)::int AS n FROM chat_message`;
    await expect(mutate(ann, name, await args())).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: expect.arrayContaining([{field, message: issue}])},
    });
    expect(await sql`SELECT count(*)::int AS n FROM chat_message`).toEqual(before);
  });
});

describe('whom a conversation can be with', () => {
  test('approved users who are not blocked', async () => {
    const ids = (await db.transaction(tx => tx.run(queries.chats.people.fn({args: undefined, ctx: ann})))).map(p => p.id);
    expect(ids).toEqual(expect.arrayContaining([ben.userID, admin.userID, rep.userID]));
    expect(ids).not.toContain(blocked.userID);
    expect(ids).not.toContain(pendingUser.userID);
  });
});
