import {defineQuery} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql} from '../../zero-schema.ts';
import {can} from '../../permissions/context.ts';
import {visibleStaffDetails} from '../../permissions/staff.ts';
import {namedQueries} from '../lib/named-queries.ts';

export const permissionQueries = namedQueries('staff', {
  /** A staff member's role and grants, for the permission editor (editShadchanim). */
  permissionsOf: defineQuery(v.object({userID: v.pipe(v.string(), v.maxLength(100))}), ({args, ctx}) =>
    (can(ctx, 'editShadchanim') ? zql.user : zql.user.where('id', 'IS', null))
      .where('id', args.userID)
      .related('detail', d => visibleStaffDetails(d, ctx).one())
      .one(),
  ),
  /** The signed-in user's own row and grants: the browser's permission checks follow them live (app/live-session.ts). */
  me: defineQuery(({ctx}) =>
    (ctx ? zql.user.where('id', ctx.userID) : zql.user.where('id', 'IS', null))
      .related('detail', d => visibleStaffDetails(d, ctx).one())
      .one(),
  ),
});
