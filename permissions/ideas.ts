import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import {can, type AuthContext} from './context.ts';
import {INSIDE_OR} from './exists.ts';

/**
 * The shidduch ideas a user receives (issue 17): with ideasBank, those they sent and those sent to
 * them; an administrator, every one. The pair's cards are shown through visibleProfiles wherever they
 * appear (app/ideas/queries.ts), so a card's name reaches only a user who may see that card.
 */
export function visibleIdeas<R>(
  q: Query<'shidduchIdea', Schema, R>,
  ctx: AuthContext | undefined,
): Query<'shidduchIdea', Schema, R> {
  if (!ctx || !can(ctx, 'ideasBank')) return q.where('id', 'IS', null);
  if (ctx.role === 'admin') return q;
  return q.where(({or, cmp, exists}) =>
    or(
      cmp('sentBy', ctx.userID),
      exists('recipients', r => r.where('userID', ctx.userID), INSIDE_OR),
    ),
  );
}
