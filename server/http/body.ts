import type {Context} from 'hono';
import {bodyLimit} from 'hono/body-limit';
import * as v from 'valibot';

/** Request bodies of the REST calls are small JSON objects; anything larger is refused. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Refuses a body over `maxSize` bytes with 413 bodyTooLarge, before it is read. */
export const limitBody = (maxSize = MAX_BODY_BYTES) =>
  bodyLimit({maxSize, onError: c => fail(c, 413, 'bodyTooLarge', 'The request body is too large')});

export type ApiError = {error: string; message: string; issues?: Array<{field: string; message: string}>};

/** A typed error answer: a code the UI translates, an English message for logs and API users. */
export function fail(
  c: Context,
  status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503,
  error: string,
  message: string,
  issues?: ApiError['issues'],
) {
  return c.json<ApiError>(issues ? {error, message, issues} : {error, message}, status);
}

/** Parses and validates a JSON body; a malformed or invalid one gets a 400 with per-field issues. */
export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S> | Response> {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    return fail(c, 400, 'invalidInput', 'The body must be a JSON object');
  }
  const result = v.safeParse(schema, json);
  if (result.success) return result.output;
  const issues = result.issues.map(i => ({field: v.getDotPath(i) ?? '', message: i.message}));
  return fail(c, 400, 'invalidInput', 'Some fields are missing or invalid', issues);
}

// Where the caller's address comes from (the socket, or X-Forwarded-For through TRUST_PROXY's proxies).
export {clientIP} from './client-ip.ts';
