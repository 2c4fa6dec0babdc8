/**
 * The staff pages' addresses. Section routes are made from a table at runtime (shell/sections.ts),
 * outside the router's typed paths, so these are plain strings (as app/activities/paths.ts).
 */
export const PAGES_PATH: string = '/pages';
export const pagePath = (id: string): string => `/pages/${encodeURIComponent(id)}`;
/** A new page opens in its editor. */
export const EDIT_SEARCH = {edit: true} as never;
