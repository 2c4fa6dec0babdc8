import * as v from 'valibot';

/**
 * The forum is a NodeBB site (FORUM_URL). Its read API is called server to server with a master token
 * (FORUM_API_TOKEN) that acts as whichever NodeBB user `_uid` names, so nobody's forum password or
 * cookie ever reaches us. Off unless both are set; FORUM_URL alone still sends /forum to the site.
 */
export type ForumOptions = {
  url: string;
  token: string;
  /** The NodeBB administrator the email lookup acts as: only privileged users see others' emails. */
  adminUID: number;
  /** The category whose topics are the news list; without it, the forum's recent topics. */
  newsCategory?: number;
};

/** A news list item (spec §3): the shell links it to /forum/topic/{tid}. */
export type NewsTopic = {tid: number; title: string; unread: boolean; timestamp: number | null};

const NEWS_LIMIT = 10;
const TIMEOUT_MS = 3_000;
/** How long an email → uid answer (found or not) is trusted: accounts are rarely created or re-linked. */
const UID_TTL_MS = 5 * 60_000;

/** The forum options from the environment, undefined when the forum's API is not configured. */
export function forumFromEnv(env: NodeJS.ProcessEnv): ForumOptions | undefined {
  const url = env.FORUM_URL?.trim();
  const token = env.FORUM_API_TOKEN?.trim();
  if (!url || !token) return undefined;
  if (!URL.canParse(url)) throw new Error(`FORUM_URL=${url} is not a URL`);
  const adminUID = positiveInteger(env, 'FORUM_ADMIN_UID') ?? 1;
  return {url, token, adminUID, newsCategory: positiveInteger(env, 'FORUM_NEWS_CATEGORY')};
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name}=${raw} is not a NodeBB id`);
  return value;
}

const userSchema = v.object({uid: v.pipe(v.number(), v.integer(), v.minValue(1))});
const unreadSchema = v.pipe(v.number(), v.integer(), v.minValue(0));
const topicsSchema = v.object({
  topics: v.array(
    v.object({
      tid: v.pipe(v.number(), v.integer()),
      title: v.string(),
      timestamp: v.optional(v.number()),
      unread: v.optional(v.boolean()),
      // An incidental field: however it is spelled, it must not cost the whole list.
      deleted: v.optional(v.unknown()),
    }),
  ),
});

/** NodeBB's read API for one forum. Throws when the forum fails, times out or answers nonsense. */
export function nodebbClient(options: ForumOptions) {
  const uids = new Map<string, {uid: number | undefined; until: number}>();
  const base = options.url.replace(/\/+$/, '');

  /** GET {FORUM_URL}/api/{path} as `uid`; `label` names the call in errors without the user's email. */
  async function get(label: string, path: string, uid: number): Promise<Response> {
    try {
      return await fetch(`${base}/api/${path}?_uid=${uid}`, {
        headers: {authorization: `Bearer ${options.token}`, accept: 'application/json'},
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      // fetch's own message is just "fetch failed"; the cause says refused, reset, unknown host…
      const {message, cause} = error as Error;
      throw new Error(`NodeBB ${label}: ${message}${cause instanceof Error ? ` (${cause.message})` : ''}`);
    }
  }

  async function read<S extends v.GenericSchema>(label: string, schema: S, response: Response): Promise<v.InferOutput<S>> {
    if (!response.ok) throw new Error(`NodeBB ${label}: HTTP ${response.status}`);
    const result = v.safeParse(schema, await response.json().catch(() => undefined));
    if (!result.success) throw new Error(`NodeBB ${label}: unexpected answer (${result.issues[0].message})`);
    return result.output;
  }

  return {
    /** The NodeBB user with this email, or undefined when the forum has none. */
    async uidFor(email: string): Promise<number | undefined> {
      const key = email.trim().toLowerCase();
      const cached = uids.get(key);
      if (cached && cached.until > Date.now()) return cached.uid;
      const response = await get('user by email', `user/email/${encodeURIComponent(key)}`, options.adminUID);
      const notFound = response.status === 404;
      if (notFound) await response.body?.cancel();
      const uid = notFound ? undefined : (await read('user by email', userSchema, response)).uid;
      uids.set(key, {uid, until: Date.now() + UID_TTL_MS});
      return uid;
    },

    /** How many topics `uid` has not read (the badge). */
    async unreadCount(uid: number): Promise<number> {
      return read('unread total', unreadSchema, await get('unread total', 'unread/total', uid));
    },

    /** The news list as `uid` may see it: the news category's topics, or the forum's recent ones. */
    async news(uid: number): Promise<NewsTopic[]> {
      const [label, path] = options.newsCategory
        ? [`category ${options.newsCategory}`, `category/${options.newsCategory}`]
        : ['recent', 'recent'];
      const {topics} = await read(label, topicsSchema, await get(label, path, uid));
      return (
        topics
          // Administrators are shown deleted topics too (greyed out in NodeBB); they are not news.
          .filter(topic => topic.deleted !== 1 && topic.deleted !== true)
          .slice(0, NEWS_LIMIT)
          .map(topic => ({
            tid: topic.tid,
            title: decodeEntities(topic.title),
            unread: topic.unread === true,
            timestamp: topic.timestamp ?? null,
          }))
      );
    },
  };
}

export type NodebbClient = ReturnType<typeof nodebbClient>;

const NAMED_ENTITIES: Record<string, string> = {amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0'};

/**
 * NodeBB escapes titles for HTML (& " ' < > / `, the last ones as numeric references); we hand them to
 * React as text, so they are decoded once, in one pass (so "&amp;lt;" stays the literal text "&lt;").
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
