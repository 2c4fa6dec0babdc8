import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {assertCan, type AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {presetWithin, type Role} from '../../permissions/roles.ts';
import {staffIDSchema, staffPlaceOf, staffSchema, type StaffArgs} from './schema.ts';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};
type StaffRow = {id: string; role: Role; blockedFromRole?: Role | null | undefined};

/**
 * Who may be given which role, and who may touch an administrator: only an administrator makes,
 * changes, blocks or unblocks one; nobody but an administrator changes their own role (a shadchan
 * with editShadchanim must not raise themselves to coordinator); and a non-administrator gives a role
 * (on a new user, or a change) only when its preset rights are all their own (issue 30), as the
 * permission editor lets them grant only what they hold.
 */
export function assertMayGiveRole(ctx: AuthContext, role: Role, target?: StaffRow) {
  if (mayGiveRole(ctx, role, target)) return;
  throw new AppError('forbidden', [{field: 'role', message: 'roleForbidden'}]);
}

/** assertMayGiveRole's answer, for the form's choice of roles. */
export function mayGiveRole(ctx: AuthContext, role: Role, target?: StaffRow) {
  if (ctx.role === 'admin') return true;
  if (target && role === roleBeforeBlock(target)) return true;
  if (role === 'admin' || target?.id === ctx.userID) return false;
  return presetWithin(role, ctx.permissions);
}

/** The role a user holds, or for a blocked user the one unblocking gives back (migrations/0022). */
export const roleBeforeBlock = (user: StaffRow): Role =>
  user.role === 'blocked' ? (user.blockedFromRole ?? 'shadchan') : user.role;

/** The staff member a write is about, when the user may change them; an administrator only for an administrator. */
export async function changeableStaff(tx: Transaction, ctx: AuthContext, id: string) {
  const user = await tx.run(zql.user.where('id', id).one());
  if (!user) throw new AppError('notFound');
  if (roleBeforeBlock(user) === 'admin' && ctx.role !== 'admin') throw new AppError('forbidden');
  return user;
}

/** Rights to add this user: addShadchanim, a role the user may give, an id not taken, a place that exists. */
export async function assertMayCreateStaff(tx: Transaction, ctx: AuthContext | undefined, args: StaffArgs): Promise<AuthContext> {
  assertCan(ctx, 'addShadchanim');
  assertMayGiveRole(ctx, args.role);
  if (await tx.run(zql.user.where('id', args.id).one())) throw new AppError('unableToSave');
  await assertPlaceOffered(tx, args);
  return ctx;
}

/** A retired place is offered for no new choice, but one already held stays. */
async function assertPlaceOffered(
  tx: Transaction,
  args: StaffArgs,
  held?: {communityID?: string | null; institutionID?: string | null},
) {
  const {communityID, institutionID} = staffPlaceOf(args);
  if (communityID && communityID !== held?.communityID) {
    const community = await tx.run(zql.community.where('id', communityID).where('retiredAt', 'IS', null).one());
    if (!community) throw new AppError('invalidInput', [{field: 'place', message: 'unknownOption'}]);
  }
  if (institutionID && institutionID !== held?.institutionID) {
    const institution = await tx.run(zql.institution.where('id', institutionID).where('retiredAt', 'IS', null).one());
    if (!institution) throw new AppError('invalidInput', [{field: 'place', message: 'unknownOption'}]);
  }
}

/**
 * The browser's side of the writes: the rights checks, and the published part of the row at once
 * (server/staff/mutators.ts writes the whole row, checks duplicates against every user and revokes
 * sessions). Contact details are server-only columns, so they appear when the server has saved them.
 */
export async function createStaff({tx, ctx, args}: Write<StaffArgs>, now: number) {
  await assertMayCreateStaff(tx, ctx, args);
  await tx.mutate.user.insert({...publishedOf(args), id: args.id, createdAt: now, updatedAt: now});
  if (tx.location === 'client') {
    await tx.mutate.staffDetail.insert({
      userID: args.id,
      ...particularsOf(args),
      permissions: [],
      withheld: [],
      score: 0,
      totalSuggestions: 0,
    });
  }
}

/**
 * A staff member's particulars (staff_detail, migrations/0046) are the database's copy of app_user's
 * columns, which the server writes (server/staff/): the browser writes the copy only to show its change
 * at once, until the server's arrives. A new member's copy is written by createStaff likewise.
 */
export async function showParticulars(tx: Transaction, detail: Parameters<Transaction['mutate']['staffDetail']['update']>[0]) {
  if (tx.location === 'client') await tx.mutate.staffDetail.update(detail);
}

/** An edit; `check` runs after the rights checks, before anything is written (the server's duplicates). */
export async function updateStaff({tx, ctx, args}: Write<StaffArgs>, now: number, check = async () => {}) {
  assertCan(ctx, 'editShadchanim');
  const user = await changeableStaff(tx, ctx, args.id);
  assertMayGiveRole(ctx, args.role, user);
  await assertPlaceOffered(tx, args, user);
  await check();
  const {role, ...rest} = publishedOf(args);
  // A blocked user stays blocked: the role chosen is the one unblocking gives back.
  await tx.mutate.user.update({
    id: args.id,
    ...rest,
    ...(user.role === 'blocked' ? {blockedFromRole: role} : {role}),
    updatedAt: now,
  });
  await showParticulars(tx, {userID: args.id, ...particularsOf(args)});
}

/** A pending user may sign in from now on. */
export async function approveStaff({tx, ctx, args}: Write<{id: string}>, now: number) {
  assertCan(ctx, 'editShadchanim');
  const user = await changeableStaff(tx, ctx, args.id);
  if (user.approvedAt == null) await tx.mutate.user.update({id: args.id, approvedAt: now, updatedAt: now});
}

/** Blocks a user (never oneself); the server also ends their sessions in the same transaction. */
export async function blockStaff({tx, ctx, args}: Write<{id: string}>, now: number) {
  assertCan(ctx, 'editShadchanim');
  if (args.id === ctx.userID) throw new AppError('forbidden');
  const user = await changeableStaff(tx, ctx, args.id);
  if (user.role === 'blocked') return;
  await tx.mutate.user.update({id: args.id, role: 'blocked', blockedFromRole: user.role, updatedAt: now});
}

/** Gives a blocked user back the role they had. */
export async function unblockStaff({tx, ctx, args}: Write<{id: string}>, now: number) {
  assertCan(ctx, 'editShadchanim');
  const user = await changeableStaff(tx, ctx, args.id);
  if (user.role !== 'blocked') return;
  await tx.mutate.user.update({id: args.id, role: roleBeforeBlock(user), blockedFromRole: null, updatedAt: now});
}

/** The form's values that app_user publishes (migrations/0046): what a picker shows. */
const publishedOf = (args: StaffArgs) => ({name: args.name, gender: args.gender, role: args.role, ...staffPlaceOf(args)});

/** The form's particulars (staff_detail, migrations/0046); phone, landline and email are staff_contact's. */
export const particularsOf = (args: StaffArgs) => ({
  employment: args.employment,
  printNotes: args.printNotes,
  availableHours: args.availableHours,
});

export const staffMutators = {
  create: defineMutator(staffSchema, opts => createStaff(opts, Date.now())),
  update: defineMutator(staffSchema, opts => updateStaff(opts, Date.now())),
  approve: defineMutator(staffIDSchema, opts => approveStaff(opts, Date.now())),
  block: defineMutator(staffIDSchema, opts => blockStaff(opts, Date.now())),
  unblock: defineMutator(staffIDSchema, opts => unblockStaff(opts, Date.now())),
};
