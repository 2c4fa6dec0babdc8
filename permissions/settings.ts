import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import type {AuthContext} from './context.ts';

/** A user's layout settings reach that user only (an impossible filter when nobody is signed in). */
export function ownSettings<R>(
  q: Query<'userSetting', Schema, R>,
  ctx: AuthContext | undefined,
): Query<'userSetting', Schema, R> {
  return ctx ? q.where('userID', ctx.userID) : q.where('userID', 'IS', null);
}
