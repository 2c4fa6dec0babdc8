import {defineMutator, type Transaction} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql} from '../../zero-schema.ts';
import {assertCan, type AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {PERMISSIONS} from '../../permissions/labels.ts';
import {effectivePermissions, overridesOf} from '../../permissions/roles.ts';
import {roleBeforeBlock, showParticulars} from './mutators.ts';

export const setPermissionsSchema = v.strictObject({
  userID: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  permissions: v.pipe(v.array(v.picklist(PERMISSIONS)), v.maxLength(PERMISSIONS.length)),
});
type SetPermissionsArgs = v.InferOutput<typeof setPermissionsSchema>;

/**
 * Sets what a staff member holds beyond and short of their role's preset (editShadchanim) and answers
 * what to store: the grants and the withholdings (permissions/roles.ts overridesOf). The server reads the
 * session on every request, so the change holds from the user's next query or mutation. Nobody but an
 * administrator edits their own permissions or an administrator's (whose permissions cannot be narrowed
 * anyway: the role overrides all); and a non-administrator gives or takes only permissions they hold
 * themselves, so editShadchanim is no way to more rights. The overrides are app_user's, which the server
 * writes (server/staff/mutators.ts); the browser shows them at once.
 */
export async function setPermissions({tx, ctx, args}: {tx: Transaction; ctx: AuthContext | undefined; args: SetPermissionsArgs}) {
  assertCan(ctx, 'editShadchanim');
  const target = await tx.run(zql.user.where('id', args.userID).related('detail').one());
  if (!target) throw new AppError('notFound');
  const role = roleBeforeBlock(target);
  if (ctx.role !== 'admin') {
    if (target.id === ctx.userID || role === 'admin') throw new AppError('forbidden');
    const before = effectivePermissions(role, target.detail?.permissions, target.detail?.withheld);
    const changed = PERMISSIONS.filter(p => before.includes(p) !== args.permissions.includes(p));
    if (changed.some(p => !ctx.permissions.includes(p))) throw new AppError('forbidden');
  }
  const overrides = overridesOf(role, args.permissions);
  await tx.mutate.user.update({id: target.id, updatedAt: Date.now()});
  await showParticulars(tx, {userID: target.id, permissions: overrides.granted, withheld: overrides.withheld});
  return overrides;
}

export const permissionMutators = {
  setPermissions: defineMutator(setPermissionsSchema, async opts => {
    await setPermissions(opts);
  }),
};
