import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {connect} from '../../server/db/sql.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {startTestApi} from '../support/api.ts';
import {browser, signedIn as signedInAs} from '../support/browser.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';

/** The card's shadchan's phone and email reach only users with showShadchanDetails, for cards they may see. */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
let owner: AuthContext, general: string, personal: string;
const phone = `05${String(Date.now()).slice(-8)}`;
const email = `owner-${nanoid(6)}@kesher.test`;

beforeAll(async () => {
  api = await startTestApi(sql);
  owner = await makeUser(sql, 'representative', [], {phone, email});
  general = await makeProfile(sql, owner.userID, 'general');
  personal = await makeProfile(sql, owner.userID, 'personal');
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

const signedIn = (user: AuthContext) => signedInAs(api.app, user.userID);
const contactOf = (b: ReturnType<typeof browser>, id: string) => b.get(`/api/profiles/${id}/owner-contact`);

describe('GET /api/profiles/:id/owner-contact', () => {
  test('with showShadchanDetails: the owner’s name, phone and email', async () => {
    const b = await signedIn(await makeUser(sql, 'shadchan', ['showShadchanDetails']));
    const res = await contactOf(b, general);
    expect(res).toMatchObject({status: 200, body: {name: expect.any(String), phone, email}});
  });

  test('without it: refused, and nothing of the owner in the answer', async () => {
    const b = await signedIn(await makeUser(sql, 'shadchan'));
    const res = await contactOf(b, general);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(phone);
    expect(JSON.stringify(res.body)).not.toContain(email);
  });

  test('a card the user may not see is not found, like one that does not exist', async () => {
    const b = await signedIn(await makeUser(sql, 'coordinator'));
    expect((await contactOf(b, general)).status).toBe(200); // coordinators hold it by their role
    const hidden = await contactOf(b, personal);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual((await contactOf(b, 'p-nothing')).body);
  });

  test('signed out: 401', async () => {
    expect((await contactOf(browser(api.app), general)).status).toBe(401);
  });

  test('revoking the permission takes effect on the next request', async () => {
    const user = await makeUser(sql, 'shadchan', ['showShadchanDetails']);
    const b = await signedIn(user);
    expect((await contactOf(b, general)).status).toBe(200);
    await sql`UPDATE app_user SET permissions = '[]' WHERE id = ${user.userID}`;
    expect((await contactOf(b, general)).status).toBe(403);
  });
});
