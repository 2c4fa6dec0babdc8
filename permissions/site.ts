import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import type {AuthContext} from './context.ts';

/** The site's switches reach every signed-in user (an impossible filter when nobody is signed in). */
export function siteSettingsFor<R>(
  q: Query<'siteSetting', Schema, R>,
  ctx: AuthContext | undefined,
): Query<'siteSetting', Schema, R> {
  return ctx ? q.where('id', 'site') : q.where('id', 'IS', null);
}

/** While the site is in maintenance only administrators may use it. */
export const isShutOut = (maintenance: boolean, ctx: AuthContext) => maintenance && ctx.role !== 'admin';
