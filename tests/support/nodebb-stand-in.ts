import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {setTimeout as sleep} from 'node:timers/promises';

/**
 * A real local stand-in for the parts of NodeBB's read API the forum adapter calls, installed under
 * /forum like a NodeBB with a relative path. Like NodeBB with a master token, it answers only with the
 * right bearer token and a `_uid` to act as, and only administrators may look users up by email.
 */

export type NodebbRequest = {path: string; uid: string | null; authorization: string | undefined};
/** A topic as NodeBB lists it; the extra fields are there because NodeBB sends many more than we use. */
export type NodebbTopic = {
  tid: number;
  title: string;
  timestamp?: number;
  unread?: boolean;
  deleted?: number;
  slug?: string;
  cid?: number;
};

export const NODEBB_TOKEN = 'nodebb-master-token';

export async function startNodebbStandIn(adminUID = 1) {
  const requests: NodebbRequest[] = [];
  /** email → uid */
  const users = new Map<string, number>();
  const unread = new Map<number, number>();
  const categories = new Map<number, NodebbTopic[]>();
  let recent: NodebbTopic[] = [];
  let failWith: number | undefined;
  let stallMs = 0;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://nodebb.test');
    const path = url.pathname.replace(/^\/forum(?=\/)/, '');
    const uid = url.searchParams.get('_uid');
    requests.push({path, uid, authorization: req.headers.authorization});
    const send = (status: number, body: unknown) =>
      res.writeHead(status, {'content-type': 'application/json'}).end(JSON.stringify(body));
    if (stallMs) await sleep(stallMs);
    if (failWith) return send(failWith, {status: {code: 'internal-server-error'}});
    if (req.headers.authorization !== `Bearer ${NODEBB_TOKEN}`) return send(401, {status: {code: 'not-authorised'}});
    if (!uid || !/^[1-9]\d*$/.test(uid)) return send(400, {status: {message: 'A master token was received without a _uid'}});
    const caller = Number(uid);

    const byEmail = path.match(/^\/api\/user\/email\/([^/]+)$/);
    const category = path.match(/^\/api\/category\/(\d+)$/);
    if (byEmail) {
      // NodeBB hides emails from regular users: to them every email is unknown.
      const found = caller === adminUID ? users.get(decodeURIComponent(byEmail[1]!).toLowerCase()) : undefined;
      return found ? send(200, {uid: found, username: `user${found}`, userslug: `user${found}`}) : send(404, {});
    }
    if (path === '/api/unread/total') return send(200, unread.get(caller) ?? 0);
    if (path === '/api/recent') return send(200, {topics: recent, nextStart: recent.length});
    if (category) {
      const topics = categories.get(Number(category[1]));
      return topics ? send(200, {cid: Number(category[1]), name: 'חדשות', topics}) : send(404, {});
    }
    send(404, {});
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));

  return {
    /** FORUM_URL as an administrator would write it, trailing slash included. */
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/forum/`,
    adminUID,
    requests,
    users,
    categories,
    setUnread: (uid: number, count: number) => unread.set(uid, count),
    setRecent: (topics: NodebbTopic[]) => (recent = topics),
    /** Every answer becomes this HTTP status (undefined: normal again). */
    fail: (status: number | undefined) => (failWith = status),
    /** Every answer waits this long first. */
    stall: (ms: number) => (stallMs = ms),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>(resolve => server.close(() => resolve()));
    },
  };
}
