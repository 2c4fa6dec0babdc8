import type {Permission} from './labels.ts';
import type {Role} from './roles.ts';

/**
 * Who is asking. On the server it is always built from the session (never taken from the client);
 * the browser builds the same shape from /api/session only to run queries and mutators optimistically. Apart
 * from the assertions (context.ts), which throw AppError and so stand on Zero: the router's guards check `can`
 * on every page, the public ones too (issue 35).
 */
export type AuthContext = {
  userID: string;
  role: Role;
  permissions: readonly Permission[];
  /**
   * The cards open to this user as a chosen party (profile_viewer), which the read rule then names by ID: a
   * plain filter, where asking every card's chosen viewers (an EXISTS) costs each list a lookup per row and
   * Zero a fan-out per edit (docs/benchmark.md). Only the server's session read sets the list, on every
   * request. 'as synced' is the browser's form: the rule takes whichever cards open to chosen parties the
   * server sent, its answer holding only this user's. Absent, the rule asks each card's viewers, as it must
   * for a context built any other way, or for a user chosen for more cards than a list should name.
   */
  chosenCards?: readonly string[] | 'as synced';
};

export function can(ctx: AuthContext | undefined, permission: Permission): boolean {
  return ctx !== undefined && (ctx.role === 'admin' || ctx.permissions.includes(permission));
}
