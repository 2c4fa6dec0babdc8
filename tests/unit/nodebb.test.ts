import {describe, expect, test} from 'vitest';
import {decodeEntities, forumFromEnv} from '../../server/forum/nodebb.ts';

describe('forum configuration from the environment', () => {
  test('off unless both the forum and its API token are configured', () => {
    expect(forumFromEnv({})).toBeUndefined();
    expect(forumFromEnv({FORUM_URL: 'https://forum.example'})).toBeUndefined();
    expect(forumFromEnv({FORUM_API_TOKEN: 'token'})).toBeUndefined();
  });

  test('administrator uid 1 and the recent topics unless told otherwise', () => {
    expect(forumFromEnv({FORUM_URL: 'https://forum.example/', FORUM_API_TOKEN: ' token '})).toEqual({
      url: 'https://forum.example/',
      token: 'token',
      adminUID: 1,
      newsCategory: undefined,
    });
    const env = {FORUM_URL: 'https://forum.example', FORUM_API_TOKEN: 't', FORUM_ADMIN_UID: '3', FORUM_NEWS_CATEGORY: '12'};
    expect(forumFromEnv(env)).toMatchObject({adminUID: 3, newsCategory: 12});
  });

  test('a bad address or id stops the server instead of failing on every call', () => {
    expect(() => forumFromEnv({FORUM_URL: 'forum', FORUM_API_TOKEN: 't'})).toThrow(/FORUM_URL/);
    expect(() => forumFromEnv({FORUM_URL: 'https://f.example', FORUM_API_TOKEN: 't', FORUM_ADMIN_UID: 'admin'})).toThrow(
      /FORUM_ADMIN_UID/,
    );
    expect(() => forumFromEnv({FORUM_URL: 'https://f.example', FORUM_API_TOKEN: 't', FORUM_NEWS_CATEGORY: '0'})).toThrow(
      /FORUM_NEWS_CATEGORY/,
    );
  });
});

describe('NodeBB titles', () => {
  test('the entities NodeBB escapes with are decoded once', () => {
    expect(decodeEntities('a &amp; b &quot;c&quot; &#39;d&#39; &#x27;e&#x27; &lt;f&gt; &#x2F; &#96; &#1488;')).toBe(
      "a & b \"c\" 'd' 'e' <f> / ` א",
    );
    expect(decodeEntities('&amp;lt; stays &lt;')).toBe('&lt; stays <');
  });

  test('anything else is left as it is', () => {
    expect(decodeEntities('R&D &unknown; &#0; &#x110000; & ;')).toBe('R&D &unknown; &#0; &#x110000; & ;');
  });
});
