import {Hono} from 'hono';
import {nanoid} from 'nanoid';
import {afterAll, afterEach, beforeAll, describe, expect, inject, test, vi} from 'vitest';
import type {ApiEnv} from '../../server/http/env.ts';
import {connect} from '../../server/db/sql.ts';
import {forumFromEnv, type ForumOptions} from '../../server/forum/nodebb.ts';
import {mountForumRoutes} from '../../server/forum/routes.ts';
import type {Permission} from '../../permissions/labels.ts';
import type {Role} from '../../permissions/roles.ts';
import {makeUser} from '../support/fixtures.ts';
import {startTestApi} from '../support/api.ts';
import {NODEBB_TOKEN, startNodebbStandIn} from '../support/nodebb-stand-in.ts';

/**
 * The forum badge and news (spec §1, §6) through the real API app and Postgres, against a local NodeBB
 * stand-in that checks the master token and records which user each call acted as.
 */
const sql = connect(inject('databaseURL'));
let nodebb: Awaited<ReturnType<typeof startNodebbStandIn>>;
let forum: ForumOptions;
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  nodebb = await startNodebbStandIn();
  forum = forumFromEnv({FORUM_URL: nodebb.url, FORUM_API_TOKEN: NODEBB_TOKEN})!;
  api = await startTestApi(sql, {forum});
});
afterAll(async () => {
  await api.close();
  await nodebb.close();
  await sql.end();
});
afterEach(() => {
  nodebb.fail(undefined);
  nodebb.stall(0);
  nodebb.setRecent([]);
  vi.restoreAllMocks();
});

let nextUID = 100;
/** A staff user with an email, known to the forum (under a fresh uid) unless told otherwise. */
async function forumUser(role: Role, grants: Permission[] = [], {inForum = true, email = true} = {}) {
  const address = `forum-${nanoid(8).toLowerCase()}@kesher.test`;
  const ctx = await makeUser(sql, role, grants, email ? {email: address} : {});
  const uid = nextUID++;
  if (inForum) nodebb.users.set(address, uid);
  return {...ctx, email: address, uid};
}

async function signIn(app: Hono<ApiEnv>, userID: string) {
  const res = await app.request('/api/dev/sign-in', {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({userID}),
  });
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

const get = (app: Hono<ApiEnv>, what: 'unread' | 'news', cookie?: string) =>
  app.request(`/api/forum/${what}`, {headers: cookie ? {cookie} : {}});

/** Starts one more API app (its own adapter and cache) for a differently configured forum. */
async function withApi(options: ForumOptions | undefined, run: (app: Hono<ApiEnv>) => Promise<void>) {
  const other = await startTestApi(sql, {forum: options});
  try {
    await run(other.app);
  } finally {
    await other.close();
  }
}

const TOPICS = [
  {tid: 41, title: 'Shabbos &amp; Yom Tov: &quot;hours&quot;', timestamp: 1_760_000_000_000, unread: true, slug: '41/x', cid: 3},
  {tid: 40, title: 'It&#39;s &lt;new&gt; &#x27;here&#x27; &#8211; a&#x2F;b &amp;lt;', timestamp: 1_750_000_000_000},
  {tid: 39, title: 'Without a timestamp'},
];

describe('who may ask', () => {
  test('signed out: 401, and the forum is not asked', async () => {
    const before = nodebb.requests.length;
    for (const what of ['unread', 'news'] as const) {
      const res = await get(api.app, what);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({error: 'notLoggedIn'});
    }
    expect(nodebb.requests.length).toBe(before);
  });

  // Every role's defaults include showTickets today, so no real session lacks all three permissions:
  // the rule is checked on the routes themselves, with a session of exactly the permissions given.
  const asSession = async (permissions: Permission[]) => {
    const user = await forumUser('shadchan');
    nodebb.setUnread(user.uid, 2);
    const app = new Hono<ApiEnv>();
    app.use('*', async (c, next) => {
      c.set('session', {
        ctx: {userID: user.userID, role: 'shadchan', permissions},
        user: {ID: user.userID, Name: 'בודק', Gender: 'male', role: 'shadchan', permissions},
        declarationDue: false,
        agreementDue: false,
        tokenHash: 'not-a-stored-session',
        lastActiveAt: Date.now(),
      });
      await next();
    });
    mountForumRoutes(app, sql, forum);
    return app;
  };

  test('without showTickets, editTickets or forumAccess: 403, and the forum is not asked', async () => {
    for (const permissions of [[], ['viewFiles', 'exportToExcel']] as Permission[][]) {
      const app = await asSession(permissions);
      const before = nodebb.requests.length;
      for (const what of ['unread', 'news'] as const) {
        const res = await get(app, what);
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({error: 'forbidden'});
      }
      expect(nodebb.requests.length).toBe(before);
    }
  });

  test.each(['showTickets', 'editTickets', 'forumAccess'] as const)('%s alone is enough', async permission => {
    const res = await get(await asSession([permission]), 'unread');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({count: 2});
  });
});

describe('the badge and the news, as the signed-in user', () => {
  test('an administrator gets their own unread count and the recent topics, the forum asked as them', async () => {
    const admin = await forumUser('admin');
    nodebb.setUnread(admin.uid, 7);
    nodebb.setRecent(TOPICS);
    const cookie = await signIn(api.app, admin.userID);
    const before = nodebb.requests.length;

    const unread = await get(api.app, 'unread', cookie);
    expect(unread.status).toBe(200);
    expect(await unread.json()).toEqual({count: 7});
    const news = await get(api.app, 'news', cookie);
    expect(news.status).toBe(200);
    expect((await news.json()).topics).toEqual([
      {tid: 41, title: 'Shabbos & Yom Tov: "hours"', unread: true, timestamp: 1_760_000_000_000},
      {tid: 40, title: "It's <new> 'here' – a/b &lt;", unread: false, timestamp: 1_750_000_000_000},
      {tid: 39, title: 'Without a timestamp', unread: false, timestamp: null},
    ]);

    // The email lookup acts as the forum's administrator (only they see emails), the rest as the user;
    // the mapping is remembered, so the second call asks no more about the email.
    expect(nodebb.requests.slice(before)).toEqual([
      {path: `/api/user/email/${encodeURIComponent(admin.email)}`, uid: '1', authorization: `Bearer ${NODEBB_TOKEN}`},
      {path: '/api/unread/total', uid: String(admin.uid), authorization: `Bearer ${NODEBB_TOKEN}`},
      {path: '/api/recent', uid: String(admin.uid), authorization: `Bearer ${NODEBB_TOKEN}`},
    ]);
  });

  test('a shadchan with forumAccess gets theirs, not someone else’s', async () => {
    const other = await forumUser('shadchan', ['forumAccess']);
    const user = await forumUser('shadchan', ['forumAccess']);
    nodebb.setUnread(other.uid, 99);
    nodebb.setUnread(user.uid, 3);
    const cookie = await signIn(api.app, user.userID);
    expect(await (await get(api.app, 'unread', cookie)).json()).toEqual({count: 3});
    expect(nodebb.requests.at(-1)).toMatchObject({path: '/api/unread/total', uid: String(user.uid)});

    // The count is read live: a change in the forum shows on the next call.
    nodebb.setUnread(user.uid, 0);
    expect(await (await get(api.app, 'unread', cookie)).json()).toEqual({count: 0});
  });

  test('at most ten news items, without deleted topics', async () => {
    const user = await forumUser('shadchan');
    const many = Array.from({length: 14}, (_, i) => ({
      tid: 200 - i,
      title: `topic ${i}`,
      timestamp: i,
      deleted: i === 0 ? 1 : 0,
    }));
    nodebb.setRecent(many);
    const res = await get(api.app, 'news', await signIn(api.app, user.userID));
    const {topics} = (await res.json()) as {topics: {tid: number}[]};
    expect(topics.map(t => t.tid)).toEqual([199, 198, 197, 196, 195, 194, 193, 192, 191, 190]);
  });

  test('with FORUM_NEWS_CATEGORY the news come from that category', async () => {
    nodebb.categories.set(7, [{tid: 5, title: 'הודעה &amp; עדכון', timestamp: 1}]);
    nodebb.setRecent(TOPICS);
    const options = forumFromEnv({FORUM_URL: nodebb.url, FORUM_API_TOKEN: NODEBB_TOKEN, FORUM_NEWS_CATEGORY: '7'});
    await withApi(options, async app => {
      const user = await forumUser('coordinator');
      const res = await get(app, 'news', await signIn(app, user.userID));
      expect(await res.json()).toEqual({topics: [{tid: 5, title: 'הודעה & עדכון', unread: false, timestamp: 1}]});
      expect(nodebb.requests.at(-1)).toEqual({
        path: '/api/category/7',
        uid: String(user.uid),
        authorization: `Bearer ${NODEBB_TOKEN}`,
      });
    });
  });

  test('a user the forum does not know, or without an email, has nothing unread and no news', async () => {
    nodebb.setRecent(TOPICS);
    const stranger = await forumUser('shadchan', [], {inForum: false});
    let cookie = await signIn(api.app, stranger.userID);
    let before = nodebb.requests.length;
    expect(await (await get(api.app, 'unread', cookie)).json()).toEqual({count: 0});
    expect(await (await get(api.app, 'news', cookie)).json()).toEqual({topics: []});
    // "Not found" is remembered too: one lookup, and nothing read as anyone.
    expect(nodebb.requests.slice(before).map(r => r.path)).toEqual([`/api/user/email/${encodeURIComponent(stranger.email)}`]);

    const noEmail = await forumUser('shadchan', [], {email: false});
    cookie = await signIn(api.app, noEmail.userID);
    before = nodebb.requests.length;
    expect(await (await get(api.app, 'unread', cookie)).json()).toEqual({count: 0});
    expect(await (await get(api.app, 'news', cookie)).json()).toEqual({topics: []});
    expect(nodebb.requests.length).toBe(before);
  });
});

describe('when there is no forum', () => {
  test('the site’s forum option off: 404 forumDisabled, and the forum is not asked', async () => {
    const user = await forumUser('admin');
    const cookie = await signIn(api.app, user.userID);
    await sql`UPDATE site_setting SET forum = false WHERE id = 'site'`;
    try {
      const before = nodebb.requests.length;
      for (const what of ['unread', 'news'] as const) {
        const res = await get(api.app, what, cookie);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({error: 'forumDisabled'});
      }
      expect(nodebb.requests.length).toBe(before);
    } finally {
      await sql`UPDATE site_setting SET forum = true WHERE id = 'site'`;
    }
    expect((await get(api.app, 'unread', cookie)).status).toBe(200);
  });

  test('the forum API not configured: 404 forumDisabled', async () => {
    expect(forumFromEnv({FORUM_URL: nodebb.url})).toBeUndefined();
    await withApi(undefined, async app => {
      const cookie = await signIn(app, (await forumUser('admin')).userID);
      for (const what of ['unread', 'news'] as const) {
        const res = await get(app, what, cookie);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({error: 'forumDisabled'});
      }
    });
  });
});

describe('when the forum fails', () => {
  /** Expects 502 forumUnavailable and one log line that names neither the user's email nor the token. */
  async function expectUnavailable(app: Hono<ApiEnv>, what: 'unread' | 'news', cookie: string, email: string) {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await get(app, what, cookie);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({error: 'forumUnavailable'});
    expect(log).toHaveBeenCalledOnce();
    const line = String(log.mock.calls[0]![0]);
    expect(line).not.toContain(email);
    expect(line).not.toContain(NODEBB_TOKEN);
    log.mockRestore();
    return line;
  }

  test('an error answer: 502 forumUnavailable', async () => {
    const user = await forumUser('shadchan');
    const cookie = await signIn(api.app, user.userID);
    nodebb.fail(500);
    expect(await expectUnavailable(api.app, 'unread', cookie, user.email)).toContain('HTTP 500');
    expect(await expectUnavailable(api.app, 'news', cookie, user.email)).toContain('HTTP 500');
    nodebb.fail(undefined);
    expect(await (await get(api.app, 'unread', cookie)).json()).toEqual({count: 0});
  });

  test('a wrong master token: 502 (NodeBB refuses it)', async () => {
    await withApi({...forum, token: 'wrong'}, async app => {
      const user = await forumUser('shadchan');
      expect(await expectUnavailable(app, 'unread', await signIn(app, user.userID), user.email)).toContain('HTTP 401');
    });
  });

  test('the forum down: 502', async () => {
    const gone = await startNodebbStandIn();
    await gone.close();
    await withApi({...forum, url: gone.url}, async app => {
      const user = await forumUser('shadchan');
      expect(await expectUnavailable(app, 'news', await signIn(app, user.userID), user.email)).toContain('ECONNREFUSED');
    });
  });

  test('no answer within 3 seconds: 502', async () => {
    const user = await forumUser('shadchan');
    const cookie = await signIn(api.app, user.userID);
    nodebb.stall(5_000);
    const started = Date.now();
    expect(await expectUnavailable(api.app, 'unread', cookie, user.email)).toMatch(/timeout/i);
    expect(Date.now() - started).toBeLessThan(4_500);
  });
});
