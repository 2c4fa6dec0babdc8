import type {Permission} from './labels.ts';
import type {Role} from './roles.ts';
import {AppError} from './errors.ts';

/**
 * Who is asking. On the server it is always built from the session (never taken from the client);
 * the browser builds the same shape from /api/session only to run queries and mutators optimistically.
 */
export type AuthContext = {
  userID: string;
  role: Role;
  permissions: readonly Permission[];
};

export function can(ctx: AuthContext | undefined, permission: Permission): boolean {
  return ctx !== undefined && (ctx.role === 'admin' || ctx.permissions.includes(permission));
}

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
