import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {connect} from '../../server/db/sql.ts';
import {composeContactNote} from '../../app/contact/schema.ts';
import {makeTicket, makeUser} from '../support/fixtures.ts';
import {startTestApi} from '../support/api.ts';

/** The contact dialog's call (spec §7 send-mail-dental) through the real app and an in-process SMTP server. */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
let cookie: string;
let name: string;
beforeAll(async () => {
  api = await startTestApi(sql);
  const user = await makeUser(sql, 'shadchan');
  name = `בודק ${user.userID}`;
  const res = await api.app.request('/api/dev/sign-in', {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({userID: user.userID}),
  });
  cookie = res.headers.get('set-cookie')!.split(';')[0]!;
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

const send = (body: unknown, withCookie = true) =>
  api.app.request('/api/users/send-mail-dental', {
    method: 'POST',
    headers: {'content-type': 'application/json', ...(withCookie ? {cookie} : {})},
    body: JSON.stringify(body),
  });
const task = (over: Record<string, unknown> = {}) => ({
  task: {UserID: 'someone-else', ShadchanName: 'מתחזה', NoteText: 'שלום', Type: 'contactUs', ...over},
});

describe('send-mail-dental', () => {
  test('emails the office in the signed-in shadchan’s name, whatever the body claims', async () => {
    const note = composeContactNote('  אשמח להדרכה על המערכת  ', 'יום שני בבוקר');
    expect(note).toBe('אשמח להדרכה על המערכת\n\nתיאום הדרכה:\nיום שני בבוקר');
    const res = await send(task({NoteText: note}));
    expect(res.status).toBe(200);
    await api.delivered();
    const mail = api.smtp.mails.at(-1)!;
    expect(mail.to).toEqual(['office@kesher.test']);
    expect(mail.text).toContain('תיאום הדרכה:\nיום שני בבוקר');
    expect(mail.text).toContain(name);
    expect(mail.text).not.toContain('מתחזה');
  });

  test("from a card: the card's number and its name as stored go with it; a card the sender may not see is not found", async () => {
    const owner = await makeUser(sql, 'shadchan');
    const card = await makeTicket(sql, owner.userID);
    expect((await send(task({PeopleID: card.id, PeopleName: 'שם שהדפדפן המציא'}))).status).toBe(200);
    await api.delivered();
    const mail = api.smtp.mails.at(-1)!;
    expect(mail.text).toContain(`שרה לוי (${card.id})`);
    expect(mail.text).not.toContain('שם שהדפדפן המציא');
    // Another shadchan's personal card: refused like a card that does not exist, and nothing is sent.
    await sql`UPDATE profile SET database = 'personal' WHERE id = ${card.id}`;
    const before = api.smtp.mails.length;
    const hidden = await send(task({PeopleID: card.id}));
    const missing = await send(task({PeopleID: 'p-no-such-card'}));
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual(await missing.json());
    await api.delivered();
    expect(api.smtp.mails.length).toBe(before);
  });

  test('a message that is empty after trimming is refused and nothing is sent', async () => {
    const before = api.smtp.mails.length;
    const res = await send(task({NoteText: '   '}));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({error: 'invalidInput', issues: [{field: 'task.NoteText', message: 'required'}]});
    expect(api.smtp.mails.length).toBe(before);
  });

  test('wrong types, oversized text and a wrong task type are refused', async () => {
    expect((await send(task({NoteText: 42}))).status).toBe(400);
    expect((await send(task({NoteText: 'x'.repeat(5001)}))).status).toBe(400);
    expect((await send(task({Type: 'other'}))).status).toBe(400);
    expect((await send({})).status).toBe(400);
  });

  test('only signed-in users may send', async () => {
    expect((await send(task(), false)).status).toBe(401);
  });
});
