import type {Permission} from './labels.ts';
import {can, type AuthContext} from './can.ts';
import {AppError} from './errors.ts';

export {can, type AuthContext} from './can.ts';

export function assertLoggedIn(ctx: AuthContext | undefined): asserts ctx is AuthContext {
  if (!ctx || ctx.role === 'blocked') throw new AppError('notLoggedIn');
}

export function assertCan(ctx: AuthContext | undefined, permission: Permission): asserts ctx is AuthContext {
  assertLoggedIn(ctx);
  if (!can(ctx, permission)) throw new AppError('forbidden');
}

/** Site-wide switches (maintenance, feature flags) are the administrator's alone. */
export function assertAdmin(ctx: AuthContext | undefined): asserts ctx is AuthContext {
  assertLoggedIn(ctx);
  if (ctx.role !== 'admin') throw new AppError('forbidden');
}
