// How the phone provider signs the events it posts to /api/phone-proxy/events (README, "Phone proxy
// provider contract"): HMAC-SHA256 with PHONE_PROXY_SECRET over `${timestamp}.${rawBody}`, so neither
// the body nor its time can be changed, and an old request cannot be passed off as a new one.

import {createHmac, timingSafeEqual} from 'node:crypto';

export const SIGNATURE_HEADER = 'x-kesher-signature';
export const TIMESTAMP_HEADER = 'x-kesher-timestamp';
/** How far a request's timestamp may be from our clock, either way. */
export const MAX_SKEW_SECONDS = 5 * 60;

/** The header values for a body sent at `timestamp` (unix seconds): what the provider (and our tests, and the dev simulator) send. */
export function signEvent(secret: string, rawBody: string, timestamp: number) {
  const hmac = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return {[TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: `sha256=${hmac}`};
}

/**
 * Whether the headers sign this body with our secret at a time within MAX_SKEW_SECONDS of `now`
 * (milliseconds). The comparison takes the same time whichever byte differs.
 */
export function isSignedEvent(
  secret: string,
  rawBody: string,
  headers: {signature: string | undefined; timestamp: string | undefined},
  now = Date.now(),
): boolean {
  const given = headers.signature?.match(/^sha256=([0-9a-f]{64})$/i)?.[1];
  const timestamp = headers.timestamp;
  if (!given || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  if (!timingSafeEqual(Buffer.from(given, 'hex'), expected)) return false;
  return Math.abs(now / 1000 - Number(timestamp)) <= MAX_SKEW_SECONDS;
}
