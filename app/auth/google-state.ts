import * as v from 'valibot';
import {isLocalPath} from './local-path.ts';

/**
 * Google sign-in as the browser and the API server share it (spec §7, §9). The server's
 * get-google-login answers {codeState, url}; the browser adds `redirect_uri` (googleRedirectUri) and
 * `state` (encodeGoogleState) to that url and goes there. Google sends it back to /login?google-cb
 * with `code` and the same `state`, which decodeGoogleState reads back.
 */

/** Where Google sends the browser back: the site origin plus this (spec §9). */
export const GOOGLE_REDIRECT_PATH = '/login?google-cb';

export const googleRedirectUri = (origin: string) => `${origin}${GOOGLE_REDIRECT_PATH}`;

/** Same limit as a verification code: the codeState is later sent to verify-google as verifyCode. */
const codeState = v.pipe(
  v.string('required'),
  v.nonEmpty('required'),
  v.maxLength(64, 'tooLong'),
  v.regex(/^[\w-]+$/, 'invalidCodeState'),
);

/**
 * Only a path on this site: the state comes back through the URL, so anyone can craft one, and a full
 * URL (or a protocol-relative `//host`) here would make /login an open redirect.
 */
const navigateTo = v.pipe(
  v.string('required'),
  v.maxLength(2000, 'tooLong'),
  v.check(path => isLocalPath(path, 'https://kesher.invalid'), 'notALocalPath'),
);

export const googleStateSchema = v.object({codeState, navigateTo});
export type GoogleState = v.InferOutput<typeof googleStateSchema>;

/** The `state` parameter: base64url of the JSON, so it survives the round trip through Google unescaped. */
export function encodeGoogleState(state: GoogleState): string {
  const bytes = new TextEncoder().encode(JSON.stringify(v.parse(googleStateSchema, state)));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The state Google sent back, or undefined when it is missing, malformed or not ours to follow. */
export function decodeGoogleState(encoded: string | null | undefined): GoogleState | undefined {
  if (!encoded || encoded.length > 4000 || !/^[\w-]+$/.test(encoded)) return undefined;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const json: unknown = JSON.parse(
      new TextDecoder('utf-8', {fatal: true}).decode(Uint8Array.from(binary, ch => ch.charCodeAt(0))),
    );
    const result = v.safeParse(googleStateSchema, json);
    return result.success ? result.output : undefined;
  } catch {
    return undefined;
  }
}

/** Body of POST /api/users/google-login-callback: what Google sent back, and where it sent it. */
export const googleCallbackSchema = v.object({
  code: v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(2000, 'tooLong')),
  codeState,
  googleRedirectUri: v.pipe(
    v.string('required'),
    v.maxLength(2000, 'tooLong'),
    v.url('invalidUrl'),
    v.check(isRedirectUri, 'invalidRedirectUri'),
  ),
});

/** An http(s) address of /login?google-cb on some origin: the only place Google may send codes to. */
function isRedirectUri(uri: string): boolean {
  if (!URL.canParse(uri)) return false; // valibot runs this check even after v.url has failed
  const url = new URL(uri);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    `${url.pathname}${url.search}` === GOOGLE_REDIRECT_PATH &&
    !url.hash
  );
}
