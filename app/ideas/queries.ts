import {defineQuery, type Query} from '@rocicorp/zero';
import {zql, type Schema} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {visibleActivities} from '../../permissions/activities.ts';
import {INSIDE_OR} from '../../permissions/exists.ts';
import {visibleIdeas} from '../../permissions/ideas.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {nameSearchPatterns} from '../candidates/name-search.ts';
import {named} from '../activities/queries.ts';
import {ideaListSchema, ideaPairSchema, type IdeaListArgs} from './schema.ts';
import {namedQueries} from '../lib/named-queries.ts';

/**
 * An idea as the bank shows it: each side's card only where the user may see it, the sender, and every
 * recipient with their answer (the sender follows each one's fate live).
 */
const withPeople = <R>(q: Query<'shidduchIdea', Schema, R>, ctx: AuthContext | undefined) =>
  q
    .related('maleProfile', p => visibleProfiles(p, ctx).one())
    .related('femaleProfile', p => visibleProfiles(p, ctx).one())
    .related('sender', u => u.one())
    .related('recipients', r => r.related('recipient', u => u.one()).orderBy('userID', 'asc'));

/** The bank's rows: whose (all the user may see, received, sent), which answer, a name on either side. */
function listed(args: IdeaListArgs, ctx: AuthContext | undefined) {
  const me = ctx?.userID ?? '';
  const {status, search} = args;
  let q = visibleIdeas(zql.shidduchIdea, ctx);
  if (args.box === 'received') {
    // The user's own answer decides: an idea others accepted is still open for them.
    q = q.whereExists('recipients', r => (status ? r.where('userID', me).where('status', status) : r.where('userID', me)));
  } else {
    if (args.box === 'sent') q = q.where('sentBy', me);
    if (status) q = q.whereExists('recipients', r => r.where('status', status));
  }
  if (search && nameSearchPatterns(search).length > 0) {
    q = q.where(({or, exists}) =>
      or(
        exists('maleProfile', p => named(visibleProfiles(p, ctx), search), INSIDE_OR),
        exists('femaleProfile', p => named(visibleProfiles(p, ctx), search), INSIDE_OR),
      ),
    );
  }
  return q.orderBy('createdAt', 'desc').orderBy('id', 'asc');
}

export const ideaQueries = namedQueries('ideas', {
  /** The ideas bank (/ideas), newest first, live. */
  bank: defineQuery(ideaListSchema, ({args, ctx}) => withPeople(listed(args, ctx), ctx).limit(args.limit)),

  /**
   * The form's "this pair was tried before": earlier ideas on the same pair that the user may see
   * (with each recipient's answer), newest first.
   */
  pairIdeas: defineQuery(ideaPairSchema, ({args, ctx}) =>
    withPeople(visibleIdeas(zql.shidduchIdea, ctx), ctx)
      .where('id', '!=', args.id)
      .where('maleProfileID', args.maleProfileID)
      .where('femaleProfileID', args.femaleProfileID)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'asc')
      .limit(10),
  ),

  /**
   * …and activities on the same pair the user may see, with their author. Those marked irrelevant are
   * left out: the collision warning (app/activities/CollisionWarning.tsx) already names them.
   */
  pairActivities: defineQuery(ideaPairSchema, ({args, ctx}) =>
    visibleActivities(zql.activity, ctx)
      .where('maleProfileID', args.maleProfileID)
      .where('femaleProfileID', args.femaleProfileID)
      .where('status', '!=', 'irrelevant')
      .related('author', a => a.one())
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'asc')
      .limit(10),
  ),
});
