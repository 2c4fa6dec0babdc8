// Development only: "simulate a call" (the dev route and `npm run simulate-call`) posts the very event the
// phone provider would, signed with PHONE_PROXY_SECRET, so the whole path (webhook, relay, prompt) runs.

import {randomBytes, randomInt} from 'node:crypto';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {signEvent} from './signature.ts';

const SECRET_FILE = 'phone-proxy-secret';

/**
 * The development stack's PHONE_PROXY_SECRET when none is given: generated once per data folder and kept
 * beside the data (mode 0600, like the database password), so the webhook is on and the simulator can sign.
 */
export function devPhoneProxySecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, {mode: 0o600});
  return secret;
}

/** The secret to sign with: PHONE_PROXY_SECRET, else the data folder's development one (if the stack made it). */
export function simulatorSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PHONE_PROXY_SECRET) return env.PHONE_PROXY_SECRET;
  const file = path.join(dataDir, SECRET_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

export type SimulatedCall = {shadchanPhone: string; callerNumber: string | null; durationSeconds?: number | undefined};

/** A call that ended just now, as the provider posts it: the body and its signed headers. */
export function signedCallEvent(secret: string, call: SimulatedCall) {
  const durationSeconds = call.durationSeconds ?? randomInt(20, 600);
  const body = JSON.stringify({
    id: `sim-${randomBytes(8).toString('hex')}`,
    shadchanPhone: call.shadchanPhone,
    callerNumber: call.callerNumber,
    startedAt: new Date(Date.now() - durationSeconds * 1000).toISOString(),
    durationSeconds,
  });
  return {body, headers: {'content-type': 'application/json', ...signEvent(secret, body, Math.floor(Date.now() / 1000))}};
}
