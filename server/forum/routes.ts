import type {Hono} from 'hono';
import {canUseForum} from '../../permissions/forum.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {fail} from '../http/body.ts';
import {nodebbClient, type ForumOptions, type NodebbClient} from './nodebb.ts';

/**
 * The forum button's unread badge and the settings panel's news list (spec §1, §2, §6), read from
 * NodeBB as the signed-in user's forum account, found by their email:
 *   GET /api/forum/unread → {count}
 *   GET /api/forum/news   → {topics: [{tid, title, timestamp}]}
 * A user the forum does not know (or without an email) simply has nothing unread and no news.
 */
export function mountForumRoutes(app: Hono<ApiEnv>, sql: Sql, options: ForumOptions | undefined) {
  const nodebb = options && nodebbClient(options);

  function forumRoute<T>(path: string, nothing: T, ask: (client: NodebbClient, uid: number) => Promise<T>) {
    app.get(path, async c => {
      const session = c.get('session');
      if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
      // The administrator's switch is read on every call, so turning the forum off takes effect at once.
      const [site] = await sql<{forum: boolean}[]>`SELECT forum FROM site_setting WHERE id = 'site'`;
      if (!nodebb || !site?.forum) return fail(c, 404, 'forumDisabled', 'The forum is not enabled');
      // The same rule shows the browser's forum button (spec §6).
      if (!canUseForum(session.ctx, site.forum)) {
        return fail(c, 403, 'forbidden', 'The forum needs the view profiles, edit profiles or forum access permission');
      }
      const [user] = await sql<{email: string | null}[]>`SELECT email FROM app_user WHERE id = ${session.ctx.userID}`;
      try {
        const uid = user?.email ? await nodebb.uidFor(user.email) : undefined;
        return c.json(uid === undefined ? nothing : await ask(nodebb, uid));
      } catch (error) {
        console.error(`forum ${path} for ${session.ctx.userID} failed: ${(error as Error).message}`);
        return fail(c, 502, 'forumUnavailable', 'The forum did not answer; try again later');
      }
    });
  }

  forumRoute('/api/forum/unread', {count: 0}, async (client, uid) => ({count: await client.unreadCount(uid)}));
  forumRoute('/api/forum/news', {topics: []}, async (client, uid) => ({topics: await client.news(uid)}));
}
