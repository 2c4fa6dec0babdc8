import type {Hono} from 'hono';
import type {ApiEnv} from '../../server/http/env.ts';

/**
 * A tiny browser for API tests: JSON calls through app.request, carrying the cookies earlier answers
 * set (and showing the Set-Cookie lines of each answer).
 */
export function browser(app: Hono<ApiEnv>) {
  const jar = new Map<string, string>();
  async function call(method: 'GET' | 'POST', path: string, body?: string) {
    const res = await app.request(path, {
      method,
      headers: {'content-type': 'application/json', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ')},
      body,
    });
    const cookies = res.headers.getSetCookie();
    for (const line of cookies) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (value) jar.set(name!, value);
      else jar.delete(name!);
    }
    // Loosely typed on purpose: tests read arbitrary JSON answers and toMatchObject does the checking.
    // An answer without a body (204) reads as null.
    const text = await res.text();
    const json: any = text === '' ? null : JSON.parse(text);
    return {status: res.status, body: json, cookies};
  }
  return {
    jar,
    get: (path: string) => call('GET', path),
    /** `raw` sends that text as the body instead of the JSON of `body`. */
    post: (path: string, body: unknown, init: {raw?: string} = {}) => call('POST', path, init.raw ?? JSON.stringify(body)),
  };
}

/** A test browser signed in as this user through the development sign-in (the test API has it on). */
export async function signedIn(app: Hono<ApiEnv>, userID: string) {
  const b = browser(app);
  const res = await b.post('/api/dev/sign-in', {userID});
  if (res.status !== 200) throw new Error(`dev sign-in of ${userID} answered ${res.status}`);
  return b;
}
