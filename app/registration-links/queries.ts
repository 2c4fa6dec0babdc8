import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {can} from '../../permissions/context.ts';
import {namedQueries} from '../lib/named-queries.ts';

/**
 * Registration links, newest first, with their community and maker: every link for staff with
 * editShadchanim, a coordinator's own community's links for them, none for anyone else (a token is a key
 * to the form).
 */
export const registrationLinkQueries = namedQueries('registrationLinks', {
  all: defineQuery(({ctx}) => {
    const q = zql.registrationLink.related('community').related('creator').orderBy('createdAt', 'desc').orderBy('id', 'asc');
    if (can(ctx, 'editShadchanim')) return q;
    if (ctx?.role === 'coordinator') {
      return q.whereExists('communityStaff', u => u.where('id', ctx.userID).where('role', 'coordinator'));
    }
    return q.where('id', 'IS', null);
  }),
});
