import {defineQuery} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {toE164} from '../lib/phones.ts';
import {staffListSchema, type StaffListArgs} from './schema.ts';
import {INSIDE_OR} from '../../permissions/exists.ts';
import {mayManageStaff, visibleStaffDetails} from '../../permissions/staff.ts';
import {id} from '../lib/schema-parts.ts';
import {namedQueries} from '../lib/named-queries.ts';

/** Everyone else's read gets an impossible filter: nothing, and no sign of what exists. */
const managed = (ctx: AuthContext | undefined) => (mayManageStaff(ctx) ? zql.user : zql.user.where('id', 'IS', null));

/** LIKE's wildcards typed by the user are searched for literally. */
const literal = (typed: string) => typed.replace(/[\\%_]/g, c => `\\${c}`);

/**
 * A typed phone number as stored digits: a whole valid number as its E.164, else the digits typed
 * without a national leading 0 (050-100 finds +97250100…).
 */
function phoneFragment(typed: string): string | undefined {
  const whole = toE164(typed);
  if (whole) return whole;
  const digits = typed.replace(/\D/g, '').replace(/^0/, '');
  return digits.length >= 3 ? digits : undefined;
}

function listed(args: StaffListArgs, ctx: AuthContext | undefined) {
  let q = managed(ctx);
  if (args.role) q = args.role === 'blocked' ? q.where('role', 'blocked') : q.where('role', args.role);
  if (args.state === 'blocked') q = q.where('role', 'blocked');
  if (args.state === 'pending') q = q.where('role', '!=', 'blocked').where('approvedAt', 'IS', null);
  if (args.state === 'active') q = q.where('role', '!=', 'blocked').where('approvedAt', 'IS NOT', null);
  const search = args.search;
  if (search) {
    const pattern = `%${literal(search)}%`;
    const phone = phoneFragment(search);
    q = q.where(({or, cmp, exists}) =>
      or(
        cmp('name', 'ILIKE', pattern),
        exists(
          'contact',
          c =>
            c.where(({or, cmp}) =>
              or(cmp('email', 'ILIKE', pattern), ...(phone ? [cmp('phone', 'LIKE', `%${literal(phone)}%`)] : [])),
            ),
          INSIDE_OR,
        ),
      ),
    );
  }
  return q
    .related('contact', c => c.one())
    .related('detail', d => visibleStaffDetails(d, ctx).one())
    .orderBy('name', 'asc')
    .orderBy('id', 'asc')
    .limit(500);
}

export const staffQueries = namedQueries('staff', {
  /** The staff list (/users), live: search by name, phone or email, filter by role and state. */
  list: defineQuery(staffListSchema, ({args, ctx}) => listed(args, ctx)),
  /** One staff member with their contact details, for the form and the print view. */
  one: defineQuery(v.object({id}), ({args, ctx}) =>
    managed(ctx)
      .where('id', args.id)
      .related('contact', c => c.one())
      .related('detail', d => visibleStaffDetails(d, ctx).one())
      .one(),
  ),
});
