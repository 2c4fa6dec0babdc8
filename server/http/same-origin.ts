import type {Context, MiddlewareHandler} from 'hono';
import {fail} from './body.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site values of a request the page itself made (or the user typed). */
const SAME_ORIGIN_SITES = new Set(['same-origin', 'none']);

export type SameOriginOptions = {
  /** The origins browsers use the app from (APP_ORIGINS); the request's own origin is accepted too. */
  origins: readonly string[];
  /** Paths whose writes are multipart uploads; every other write is JSON. */
  multipart?: (path: string) => boolean;
};

/**
 * Refuses state-changing requests made by other sites (CSRF): a browser's Sec-Fetch-Site must say
 * same-origin and its Origin must be ours — for Zero's endpoints zero-cache forwards the Origin of
 * the browser's socket. Non-browser clients send neither header. A body must also be JSON (or a
 * multipart upload where one is expected): the content types a cross-site form can send without
 * asking first (text/plain, url-encoded, multipart elsewhere) never reach a route.
 */
export function sameOriginWrites(options: SameOriginOptions): MiddlewareHandler {
  const origins = new Set(options.origins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if (
      (site !== undefined && !SAME_ORIGIN_SITES.has(site)) ||
      (origin !== undefined && !origins.has(origin) && origin !== ownOrigin(c))
    ) {
      return fail(c, 403, 'crossOrigin', 'Requests from other sites are refused');
    }
    const type = c.req.header('content-type')?.split(';')[0]!.trim().toLowerCase();
    const accepted = type === 'application/json' || (type === 'multipart/form-data' && options.multipart?.(c.req.path));
    if (type === undefined ? hasBody(c) : !accepted) {
      return fail(c, 415, 'unsupportedMediaType', 'Send the request body as application/json');
    }
    return next();
  };
}

const ownOrigin = (c: Context) => new URL(c.req.url).origin;

function hasBody(c: Context) {
  const length = c.req.header('content-length');
  return (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
}
