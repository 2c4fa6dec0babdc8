import {Zero, dropAllDatabases} from '@rocicorp/zero';
import {schema} from '../zero-schema.ts';
import {mutators} from './mutators.ts';
import {contextOf, signOut, type SessionInfo, type SessionUser} from './session.ts';

export function createZero(session: SessionInfo & {user: SessionUser}) {
  return new Zero({
    cacheURL: session.cacheURL ?? `${location.protocol}//${location.hostname}:${session.zeroPort}`,
    schema,
    userID: session.user.ID,
    context: contextOf(session.user),
    mutators,
  });
}

export type AppZero = ReturnType<typeof createZero>;

/** Signs out and removes this browser's local copy of the synced data. */
export async function signOutAndForget(zero: AppZero | undefined) {
  await signOut();
  await zero?.close();
  await dropAllDatabases().catch(() => {});
  location.assign('/login');
}
