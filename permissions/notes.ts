import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import type {AuthContext} from './context.ts';
import {visibleProfiles} from './profiles.ts';

/**
 * The notes a user receives: shared notes on cards they may see, and their own personal notes. Nobody
 * else's personal note ever matches, the administrator's included (spec §6: only to the author).
 */
export function visibleNotes<R>(
  q: Query<'profileNote', Schema, R>,
  ctx: AuthContext | undefined,
): Query<'profileNote', Schema, R> {
  if (!ctx) return q.where('id', 'IS', null);
  return q
    .where(({or, cmp}) => or(cmp('personal', false), cmp('authorID', ctx.userID)))
    .whereExists('profile', p => visibleProfiles(p, ctx));
}
