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
   * Whether some card is open to this user as a chosen party (profile_viewer). Only the server's session
   * read sets it, on every request; absent, the read rule asks the chosen viewers of every card open to
   * chosen parties, as it must for a context built any other way (permissions/profiles.ts).
   */
  chosenViewer?: boolean;
};

export function can(ctx: AuthContext | undefined, permission: Permission): boolean {
  return ctx !== undefined && (ctx.role === 'admin' || ctx.permissions.includes(permission));
}
