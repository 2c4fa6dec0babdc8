import type {Context} from 'hono';
import * as v from 'valibot';

/** Request bodies of the REST calls are small JSON objects; anything larger is refused. */
export const MAX_BODY_BYTES = 16 * 1024;

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

/** The caller's address: the socket's, or the last X-Forwarded-For hop when TRUST_PROXY is set. */
export function clientIP(c: Context): string {
  if (process.env.TRUST_PROXY === 'true') {
    // The rightmost hop is the one our proxy added; anything left of it the client could have written.
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as {incoming?: {socket?: {remoteAddress?: string}}} | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
