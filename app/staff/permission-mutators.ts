import {defineMutator, type Transaction} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql} from '../../zero-schema.ts';
import {assertCan, type AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {PERMISSIONS, type Permission} from '../../permissions/labels.ts';
import {roleDefaults} from '../../permissions/roles.ts';
import {showParticulars} from './mutators.ts';

export const setPermissionsSchema = v.strictObject({
  userID: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  permissions: v.pipe(v.array(v.picklist(PERMISSIONS)), v.maxLength(PERMISSIONS.length)),
});
type SetPermissionsArgs = v.InferOutput<typeof setPermissionsSchema>;

/** The grants to store: what was ticked beyond the user's role defaults, once each, in the table's order. */
export const grantsToStore = (role: Parameters<typeof roleDefaults>[0], ticked: readonly Permission[]) =>
  PERMISSIONS.filter(p => ticked.includes(p) && !roleDefaults(role).includes(p));

/**
 * Sets a staff member's per-user grants (editShadchanim) and answers the grants to store. The server
 * reads the session on every request, so the change holds from the user's next query or mutation.
 * Nobody but an administrator edits their own permissions or an administrator's (whose permissions
 * cannot be narrowed anyway: the role overrides all); and a non-administrator adds or removes only
 * permissions they hold themselves, so editShadchanim is no way to more rights. The grants are app_user's,
 * which the server writes (server/staff/mutators.ts); the browser shows them at once.
 */
export async function setPermissions({tx, ctx, args}: {tx: Transaction; ctx: AuthContext | undefined; args: SetPermissionsArgs}) {
  assertCan(ctx, 'editShadchanim');
  const target = await tx.run(zql.user.where('id', args.userID).related('detail').one());
  if (!target) throw new AppError('notFound');
  const grants = grantsToStore(target.role, args.permissions);
  if (ctx.role !== 'admin') {
    if (target.id === ctx.userID || target.role === 'admin') throw new AppError('forbidden');
    const before = grantsToStore(target.role, target.detail?.permissions ?? []);
    const changed = PERMISSIONS.filter(p => before.includes(p) !== grants.includes(p));
    if (changed.some(p => !ctx.permissions.includes(p))) throw new AppError('forbidden');
  }
  await tx.mutate.user.update({id: target.id, updatedAt: Date.now()});
  await showParticulars(tx, {userID: target.id, permissions: grants});
  return grants;
}

export const permissionMutators = {
  setPermissions: defineMutator(setPermissionsSchema, async opts => {
    await setPermissions(opts);
  }),
};
