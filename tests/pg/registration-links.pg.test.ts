import {randomInt} from 'node:crypto';
import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser} from '../support/browser.ts';
import {makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';

/**
 * A community's registration link (issue 13, point 5): made and revoked through the real server
 * mutators, used through the real API's public form, into real Postgres.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
let api: Awaited<ReturnType<typeof startTestApi>>;
let editor: AuthContext, coordinator: AuthContext, otherCoordinator: AuthContext, shadchan: AuthContext;
let communityID: string, otherCommunityID: string;
beforeAll(async () => {
  api = await startTestApi(sql);
  [communityID, otherCommunityID] = [`c-${nanoid(6)}`, `c-${nanoid(6)}`];
  await sql`INSERT INTO community (id, name) VALUES (${communityID}, ${'קהילת ' + communityID}), (${otherCommunityID}, ${'קהילת ' + otherCommunityID})`;
  editor = await makeUser(sql, 'shadchan', ['editShadchanim', 'editTickets']);
  coordinator = await makeUser(sql, 'coordinator');
  await sql`UPDATE app_user SET community_id = ${communityID} WHERE id = ${coordinator.userID}`;
  otherCoordinator = await makeUser(sql, 'coordinator');
  await sql`UPDATE app_user SET community_id = ${otherCommunityID} WHERE id = ${otherCoordinator.userID}`;
  shadchan = await makeUser(sql, 'shadchan', ['editTickets']);
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

const link = (over: Record<string, unknown> = {}) => ({
  id: `l-${nanoid(8)}`,
  communityID,
  expiresAt: null,
  ...over,
});
const linkRow = async (id: string) => (await sql`SELECT * FROM registration_link WHERE id = ${id}`)[0];
/** Makes a link as `ctx`; returns its id and the token the server drew. */
async function made(ctx: AuthContext, over: Record<string, unknown> = {}) {
  const args = link(over);
  await mutate(ctx, 'registrationLinks.create', args);
  return {id: args.id, token: (await linkRow(args.id))!.token as string};
}
const listAs = (ctx: AuthContext) =>
  db.transaction(tx => tx.run(queries.registrationLinks.all.fn({args: undefined, ctx}))).then(rows => rows.map(r => r.token));

function candidateForm() {
  return {
    forename: 'חנה',
    surname: `נרשמת${randomInt(0, 1e9)}`,
    gender: 'female',
    city: 'אלעד',
    birthDate: '2002-02-02',
    sectorID: 'litvish',
    idNumber: null,
    communityID: null,
    details: {
      occupation: 'מורה',
      suggestionsContact: 'אמא',
      suggestionsPhone: '052-7000000',
      inquiryPhones: ['03-5000000'],
      candidatePhone: `054${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
    },
  };
}
const cardsNamed = (surname: string) => sql`SELECT * FROM profile WHERE surname = ${surname}`;

describe('making and revoking links', () => {
  test('editShadchanim and the community’s coordinator may make and revoke; each sees the links they may keep', async () => {
    const byEditor = await made(editor);
    const byCoordinator = await made(coordinator, {expiresAt: Date.now() + 86_400_000});
    expect(await linkRow(byCoordinator.id)).toMatchObject({community_id: communityID, created_by: coordinator.userID});
    expect((await linkRow(byCoordinator.id))!.expires_at).toBeInstanceOf(Date);
    await mutate(coordinator, 'registrationLinks.revoke', {id: byEditor.id});
    expect((await linkRow(byEditor.id))!.revoked_at).toBeInstanceOf(Date);
    expect(await listAs(coordinator)).toEqual(expect.arrayContaining([byEditor.token, byCoordinator.token]));
    expect(await listAs(otherCoordinator)).not.toContain(byEditor.token);
    expect(await listAs(shadchan)).toEqual([]);
  });

  test('another community’s coordinator and a shadchan are refused; nothing written', async () => {
    const args = link();
    for (const ctx of [otherCoordinator, shadchan]) {
      await expect(mutate(ctx, 'registrationLinks.create', args)).rejects.toMatchObject({details: {code: 'forbidden'}});
    }
    expect(await linkRow(args.id)).toBeUndefined();
    await mutate(coordinator, 'registrationLinks.create', args);
    await expect(mutate(otherCoordinator, 'registrationLinks.revoke', {id: args.id})).rejects.toMatchObject({
      details: {code: 'forbidden'},
    });
    expect((await linkRow(args.id))!.revoked_at).toBeNull();
  });

  test('the server draws the token: one the browser sends is ignored, and each link gets its own', async () => {
    const chosen = 'chosen-by-the-browser-0123456789';
    const first = await made(editor, {token: chosen});
    const second = await made(editor, {token: chosen});
    expect(first.token).not.toBe(chosen);
    expect(second.token).not.toBe(first.token);
    for (const {token} of [first, second]) expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await sql`SELECT id FROM registration_link WHERE token = ${chosen}`).toEqual([]);
  });

  test('no community is refused by field, nothing written', async () => {
    const args = link({communityID: ''});
    await expect(mutate(editor, 'registrationLinks.create', args)).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [expect.objectContaining({field: 'communityID', message: 'required'})]},
    });
    expect(await linkRow(args.id)).toBeUndefined();
  });

  test('an expiry in the past and an unknown community are refused', async () => {
    const past = link({expiresAt: Date.now() - 1000});
    await expect(mutate(editor, 'registrationLinks.create', past)).rejects.toMatchObject({
      details: {issues: [{field: 'expiresAt', message: 'linkExpiryPast'}]},
    });
    const unknown = link({communityID: 'c-nowhere'});
    await expect(mutate(editor, 'registrationLinks.create', unknown)).rejects.toMatchObject({
      details: {code: 'unknownOption'},
    });
    expect(await linkRow(past.id)).toBeUndefined();
    expect(await linkRow(unknown.id)).toBeUndefined();
  });
});

describe('the public form behind a link', () => {
  const API = (token: string) => `/api/register/${token}`;
  const pendingAs = (ctx: AuthContext) =>
    db.transaction(tx => tx.run(queries.candidates.pending.fn({args: undefined, ctx}))).then(rows => rows.map(r => r.id));

  test('a valid link presets the community and files a pending card in it', async () => {
    const args = await made(coordinator);
    const b = browser(api.app);
    expect(await b.get(`${API(args.token)}/form`)).toMatchObject({
      status: 200,
      body: {communityID, shadchanName: `קהילת ${communityID}`},
    });
    // Whatever community the sender picks, the card goes to the link's.
    const form = {...candidateForm(), communityID: otherCommunityID};
    expect(await b.post(API(args.token), form)).toMatchObject({status: 200, body: {ok: true}});
    const [card] = await cardsNamed(form.surname);
    expect(card).toMatchObject({
      community_id: communityID,
      state: 'pending',
      source: 'candidate',
      owner_id: coordinator.userID,
    });
    expect(await pendingAs(coordinator)).toContain(card!.id);
  });

  test("what arrives waits for that community's coordinator alone, who approves it without authorizeTemporaryProfiles", async () => {
    const args = await made(editor);
    const form = candidateForm();
    expect(await browser(api.app).post(API(args.token), form)).toMatchObject({status: 200});
    const [card] = await cardsNamed(form.surname);
    expect(card).toMatchObject({owner_id: editor.userID, community_id: communityID, state: 'pending'});
    expect(coordinator.permissions).not.toContain('authorizeTemporaryProfiles');
    expect(await pendingAs(coordinator)).toContain(card!.id);
    expect(await pendingAs(otherCoordinator)).not.toContain(card!.id);
    expect(await pendingAs(shadchan)).not.toContain(card!.id);

    for (const [outsider, code] of [
      [otherCoordinator, 'notFound'],
      [shadchan, 'forbidden'],
    ] as const) {
      await expect(mutate(outsider, 'cards.approve', {ids: [card!.id]})).rejects.toMatchObject({details: {code}});
    }
    expect((await cardsNamed(form.surname))[0]).toMatchObject({state: 'pending'});
    await mutate(coordinator, 'cards.approve', {ids: [card!.id]});
    expect((await cardsNamed(form.surname))[0]).toMatchObject({state: 'active'});
  });

  test.each([
    ['revoked', async (made: {id: string}) => void (await mutate(editor, 'registrationLinks.revoke', {id: made.id}))],
    [
      'expired',
      async (made: {id: string}) =>
        void (await sql`UPDATE registration_link SET expires_at = now() - interval '1 minute' WHERE id = ${made.id}`),
    ],
    ['unknown', async () => {}],
  ])('a %s link is refused (404) and nothing is written', async (kind, spoil) => {
    const args = kind === 'unknown' ? {id: `l-${nanoid(8)}`, token: nanoid(24)} : await made(editor);
    await spoil(args);
    const b = browser(api.app);
    expect(await b.get(`${API(args.token)}/form`)).toMatchObject({status: 404, body: {error: 'invalidLink'}});
    const form = candidateForm();
    expect(await b.post(API(args.token), form)).toMatchObject({status: 404, body: {error: 'invalidLink'}});
    expect(await cardsNamed(form.surname)).toHaveLength(0);
  });
});
