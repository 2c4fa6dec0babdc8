import {defineMutator} from '@rocicorp/zero';
import {assertMayCreateStaff, blockStaff, updateStaff} from '../../app/staff/mutators.ts';
import {setPermissions, setPermissionsSchema} from '../../app/staff/permission-mutators.ts';
import {staffIDSchema, staffPlaceOf, staffSchema, type StaffArgs} from '../../app/staff/schema.ts';
import type {TransactionSql} from 'postgres';
import {pgOf} from '../db/sql.ts';
import {keepRepresentativeOfAccount} from '../representatives/account.ts';
import {addStaffMember, assertStaffFree, revokeSessionsOf, saveStaffPrivate} from './staff-members.ts';

/**
 * Server versions of app/staff/mutators.ts: the same rights checks, then duplicates checked against
 * every user (the browser has only the published part of some), the columns app_user keeps from
 * browsers (contacts, particulars, grants: migrations/0022, 0046) written in SQL and, on blocking, the
 * user's sessions revoked in the same transaction. A representative's place moves their representative
 * row with it (server/representatives/account.ts).
 */
export const staffServerMutators = {
  create: defineMutator(staffSchema, async ({tx, ctx, args}) => {
    await assertMayCreateStaff(tx, ctx, args);
    await addStaffMember(pgOf(tx), args);
    await keepRepresentative(pgOf(tx), args);
  }),
  update: defineMutator(staffSchema, async ({tx, ctx, args}) => {
    const pg = pgOf(tx);
    await updateStaff({tx, ctx, args}, Date.now(), () => assertStaffFree(pg, args));
    await saveStaffPrivate(pg, args);
    await keepRepresentative(pg, args);
  }),
  block: defineMutator(staffIDSchema, async ({tx, ctx, args}) => {
    await blockStaff({tx, ctx, args}, Date.now());
    await revokeSessionsOf(pgOf(tx), args.id);
  }),
  setPermissions: defineMutator(setPermissionsSchema, async opts => {
    const {granted, withheld} = await setPermissions(opts);
    const pg = pgOf(opts.tx);
    await pg`UPDATE app_user SET permissions = ${pg.json(granted)}, withheld_permissions = ${pg.json(withheld)}
             WHERE id = ${opts.args.userID}`;
  }),
};

async function keepRepresentative(pg: TransactionSql, args: StaffArgs) {
  if (args.role === 'representative') await keepRepresentativeOfAccount(pg, args, staffPlaceOf(args));
}
