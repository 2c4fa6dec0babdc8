import {Zero, dropAllDatabases} from '@rocicorp/zero';
import {schema} from '../zero-schema.ts';
import {loadMutators, mutators} from './mutators.ts';
import {contextOf, forgetLastSession, signOut, type SessionInfo, type SessionUser} from './session.ts';
import {forgetShownReminders} from './activities/reminders-shown.ts';
import {reconnectAfterErrors} from './lib/zero-reconnect.ts';

export function createZero(session: SessionInfo & {user: SessionUser}) {
  const zero = new Zero({
    cacheURL: session.cacheURL ?? `${location.protocol}//${location.hostname}:${session.zeroPort}`,
    schema,
    userID: session.user.ID,
    context: contextOf(session.user),
    mutators,
  });
  // A restarting API server puts the client in 'error', where it would stay until reloaded.
  reconnectAfterErrors(zero);
  // The writes' code is not part of the first screen: it comes with the first touch or key, which a write follows.
  const fetchWrites = () => void loadMutators().catch(() => {});
  for (const event of ['pointerdown', 'keydown'] as const)
    addEventListener(event, fetchWrites, {once: true, capture: true, passive: true});
  return zero;
}

export type AppZero = ReturnType<typeof createZero>;

/**
 * Removes this browser's local copy of the synced data (IndexedDB) and what the session showed once
 * (reminders toasted), then goes to `to` with a full load.
 */
async function forgetAndGo(zero: AppZero | undefined, to: string) {
  forgetShownReminders();
  forgetLastSession();
  await zero?.close();
  await dropAllDatabases().catch(() => {});
  location.assign(to);
}

/**
 * Set while this page signs out: the server's end of the session reaches the connection too (ConnectionBadge), which
 * must not send the user to sign in again and come back here, racing the sign-out's own way to /login.
 */
let signingOut = false;

/** Signs out (with `everywhere`, every session of the user) and removes this browser's local copy of the synced data. */
export async function signOutAndForget(zero: AppZero | undefined, everywhere = false) {
  signingOut = true;
  try {
    await signOut(everywhere);
  } catch (failed) {
    signingOut = false;
    throw failed;
  }
  await forgetAndGo(zero, '/login');
}

/**
 * The server no longer lets this session sync (signed out elsewhere, idle too long, blocked, or the
 * declaration is due): the local copy goes, and the user signs in again, coming back to this page.
 */
export const forgetAndSignInAgain = async (zero: AppZero | undefined) => {
  if (!signingOut) await forgetAndGo(zero, `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`);
};
