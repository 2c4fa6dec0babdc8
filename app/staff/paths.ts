/**
 * The staff screens' addresses (app/shell/sections.ts). Section routes are made from a table at runtime,
 * outside the router's typed paths, so these are plain strings.
 */
export const STAFF_PATH: string = '/users';
export const NEW_STAFF_PATH: string = '/users/new-user';
export const staffEditPath = (id: string): string => `/users/edit/${encodeURIComponent(id)}`;
export const staffPrintPath = (id: string): string => `/users/print/${encodeURIComponent(id)}`;
