import {defineQuery, escapeLike, type Query, type QueryResultType} from '@rocicorp/zero';
import {zql, type Schema} from '../../zero-schema.ts';
import {can, type AuthContext} from '../../permissions/context.ts';
import {visibleCouples} from '../../permissions/engaged-couples.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {coupleListSchema, shadchanCreditSchema} from './schema.ts';
import {idArgsSchema} from '../lib/schema-parts.ts';
import {namedQueries} from '../lib/named-queries.ts';

/** A couple as the list and the form show it: its cards where the user may see them, people, benefit cards. */
const withPeople = <R>(q: Query<'engagedCouple', Schema, R>, ctx: AuthContext | undefined) =>
  q
    .related('male', p => visibleProfiles(p, ctx).one())
    .related('female', p => visibleProfiles(p, ctx).one())
    .related('shadchan', u => u.one())
    .related('submitter', u => u.one())
    // Benefit cards are the editors' (a reporter's own row shows none).
    .related('cards', c => (can(ctx, 'editEngagedCouples') ? c : c.where('id', 'IS', null)).orderBy('createdAt', 'asc'));

export const COUPLE_LIST_LIMIT = 300;

export const engagedCoupleQueries = namedQueries('engagedCouples', {
  /** The meorasim list, newest first (the screen puts pending ones on top): search by names, father, ID numbers. */
  list: defineQuery(coupleListSchema, ({args, ctx}) => {
    let q = visibleCouples(zql.engagedCouple, ctx);
    if (args.status) q = q.where('status', args.status);
    if (args.search) {
      const pattern = `%${escapeLike(args.search)}%`;
      q = q.where(({or, cmp}) =>
        or(
          cmp('maleName', 'ILIKE', pattern),
          cmp('femaleName', 'ILIKE', pattern),
          cmp('fatherName', 'ILIKE', pattern),
          cmp('maleIDNumber', 'LIKE', pattern),
          cmp('femaleIDNumber', 'LIKE', pattern),
        ),
      );
    }
    return withPeople(q, ctx).orderBy('submittedAt', 'desc').orderBy('id', 'asc').limit(COUPLE_LIST_LIMIT);
  }),

  /** One couple, for its form. */
  one: defineQuery(idArgsSchema, ({args, ctx}) =>
    withPeople(visibleCouples(zql.engagedCouple, ctx), ctx).where('id', args.id).one(),
  ),

  /**
   * A shadchan's credit (for the scores, issue 17): their confirmed couples; the count is the credit,
   * so an undone couple takes it back. Editors read anyone's, a shadchan their own.
   */
  creditOf: defineQuery(shadchanCreditSchema, ({args, ctx}) => {
    const q = zql.engagedCouple.where('shadchanID', args.shadchanID).where('status', 'confirmed');
    return can(ctx, 'editEngagedCouples') || ctx?.userID === args.shadchanID ? q : q.where('id', 'IS', null);
  }),

  /** The staff who can be named as the making shadchan (names only), for the couple form. */
  shadchanim: defineQuery(({ctx}) => {
    const q = zql.user.where('role', 'IN', ['admin', 'coordinator', 'shadchan']).orderBy('name', 'asc').orderBy('id', 'asc');
    return can(ctx, 'editEngagedCouples') ? q : q.where('id', 'IS', null);
  }),
});

/** A couple as the list shows it and the form edits it (a row of engagedCouples.list). */
export type ListedCouple = QueryResultType<typeof engagedCoupleQueries.list>[number];
