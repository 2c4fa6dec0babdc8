import {can, type AuthContext} from './context.ts';

/** Staff records, with their contact details, are for those who add or edit shadchanim. */
export const mayManageStaff = (ctx: AuthContext | undefined) => can(ctx, 'addShadchanim') || can(ctx, 'editShadchanim');
